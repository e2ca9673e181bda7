// The live preview through chart/preview (stand-in VS Code API, real Node client, real chartd):
// patches after edits add up to chart/render; a legend toggle survives later edits. The client
// declares markupSplices as extension.js does; the screen turns spliced fragments into markup with the
// webview's own patcher (chartd-patch.js spliceMarkup) before mirroring the text.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, SvgMirror } from '../../node/index.js';
import { SKIP_NO_CHARTD, realChartd, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import lc from '../lib/languageClient.js';
import previewModule from '../lib/preview.js';

const binary = realChartd();
const WEB_PATCHER = fileURLToPath(new URL('../../web/chartd-patch.js', import.meta.url));
const patcher = createRequire(import.meta.url)(WEB_PATCHER);
const SPEC = { kind: 'line', width: 400, height: 200, dataSets: [{ id: 'a', entries: [1, 3, 2] }, { id: 'b', entries: [2, 1, 4] }] };
const text = (spec) => JSON.stringify(spec, null, 2);

test('preview follows the text and keeps legend toggles', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = fake.createFakeVscode();
  let started = null;
  const { markupSplices } = previewModule.patcherCapabilities(WEB_PATCHER);
  const client = () => (started ??= Client.start({ binary, timeoutMs: 30000, markupSplices }));
  const language = new lc.ChartLanguageClient(env.vscode, { client });
  const manager = new previewModule.PreviewManager(env.vscode, {
    client, patcherUri: env.vscode.Uri.file('/ext/web/chartd-patch.js'), scriptUri: env.vscode.Uri.file('/ext/media/preview.js'),
  });
  const screen = { mirror: null, fulls: 0, patches: 0, splices: 0 };
  /** The patch with each spliced fragment made whole from the markup the screen holds, as the webview's patcher does. */
  const unsplice = (patch) => ({ ...patch, fragments: (patch.fragments ?? []).map((frag) => {
    if (frag.splice === undefined) return frag;
    screen.splices++;
    const current = screen.mirror.regions[screen.mirror.regionIds.indexOf(frag.id)];
    return { id: frag.id, svg: patcher.spliceMarkup(current, frag.splice) };
  }) });
  const create = env.vscode.window.createWebviewPanel;
  env.vscode.window.createWebviewPanel = (...args) => {
    const panel = create(...args);
    panel.onPost = (m) => {
      if (m.type === 'full') {
        screen.mirror = new SvgMirror(m.svg, m.version);
        screen.fulls++;
      } else if (m.type === 'patch') {
        screen.mirror.apply(unsplice(m.patch));
        screen.patches++;
      }
    };
    return panel;
  };
  const document = new env.FakeDocument('/home/user/sales.chart.json', text(SPEC));
  const c = await client();
  const matchesRender = async () => {
    await manager.previews.get(document.uri.toString()).queue;
    const render = await c.request('chart/render', { uri: document.uri.toString() });
    await until(() => screen.mirror.version === render.version);
    assert.equal(screen.mirror.text, render.svg);
  };
  try {
    await language.start();
    env.fireOpen(document);
    const preview = await manager.open(document, env.vscode.ViewColumn.Beside);
    assert.match(env.panels[0].webview.html, /Content-Security-Policy/);
    assert.equal(screen.fulls, 1);
    await matchesRender();

    // Typing: each change that reads as a spec arrives as a patch.
    env.fireChange(document, text({ ...SPEC, title: 'Sales' }));
    await until(() => screen.patches >= 1);
    await matchesRender();

    // A legend click hides b; the next edit keeps it hidden.
    env.panels[0].receive({ type: 'toggle', dataSet: 'b', entry: null, hidden: false });
    await preview.queue;
    env.fireChange(document, text({ ...SPEC, title: 'Sales 2' }));
    await until(() => screen.patches >= 3);
    await matchesRender();
    const spec = (await c.request('chart/getSpec', { uri: document.uri.toString() })).spec;
    assert.deepEqual(spec.dataSets.map((d) => d.visible), [true, false]);
    assert.equal(spec.title, 'Sales 2');

    // An entry typed at the end of a data set changes the end of its path: with both sides agreeing
    // on markupSplices, a fragment comes as a splice (which the screen applied above).
    env.fireChange(document, text({ ...SPEC, title: 'Sales 2', dataSets: [{ id: 'a', entries: [1, 3, 2, 5] }, SPEC.dataSets[1]] }));
    await until(() => screen.patches >= 4);
    await matchesRender();
    assert.equal(markupSplices, true, 'chartd-patch.js applies splices');
    if (c.markupSplices) assert.ok(screen.splices >= 1, 'no spliced fragment reached the preview');
    else assert.equal(screen.splices, 0);

    // A broken text keeps the chart.
    const before = screen.mirror.version;
    env.fireChange(document, '{"kind": ');
    await until(() => (language.diagnostics.get(document.uri) ?? [])[0]?.code === 'json-syntax');
    assert.equal(screen.mirror.version, before);
  } finally {
    manager.dispose();
    language.dispose();
    await c.close();
  }
});

test('"+N more" opens a menu of the legend items without room; the one picked toggles', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = fake.createFakeVscode();
  let started = null;
  const client = () => (started ??= Client.start({ binary, timeoutMs: 30000 }));
  const language = new lc.ChartLanguageClient(env.vscode, { client });
  const manager = new previewModule.PreviewManager(env.vscode, {
    client, patcherUri: env.vscode.Uri.file('/ext/web/chartd-patch.js'), scriptUri: env.vscode.Uri.file('/ext/media/preview.js'),
  });
  const many = { kind: 'line', width: 300, height: 200,
    dataSets: Array.from({ length: 40 }, (_, k) => ({ id: `s${k}`, label: `series ${k}`, entries: [1, 2] })) };
  const document = new env.FakeDocument('/home/user/many.chart.json', text(many));
  try {
    await language.start();
    env.fireOpen(document);
    await manager.open(document, env.vscode.ViewColumn.Beside);
    const c = await client();
    const uri = document.uri.toString();
    const svg = (await c.request('chart/render', { uri })).svg;
    const m = svg.match(/data-more="(\d+)"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/);
    assert.ok(m, 'the legend has a "+N more" item');
    const [count, x, y, w, h] = m.slice(1).map(Number);
    // The user picks the last item of the menu.
    env.vscode.answerQuickPick = (items) => items[items.length - 1];
    env.panels[0].receive({ type: 'more', x: x + w / 2, y: y + h / 2 });
    const hidden = async () => (await c.request('chart/getSpec', { uri })).spec.dataSets.filter((d) => !d.visible).map((d) => d.id);
    for (let k = 0; k < 400 && (await hidden()).length === 0; k++) await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(await hidden(), ['s39']);
    const [items, options] = env.quickPicks[0];
    assert.equal(items.length, count);
    assert.deepEqual(items.slice(0, 1).map((i) => [i.label, i.description]), [[`series ${40 - count}`, 'shown']]);
    assert.match(options.placeHolder, new RegExp(`${count} legend items`));
    // Dismissing the menu changes nothing; a click beside the item asks nothing.
    env.vscode.answerQuickPick = () => undefined;
    env.panels[0].receive({ type: 'more', x: x + w / 2, y: y + h / 2 });
    env.panels[0].receive({ type: 'more', x: 1, y: 1 });
    await until(() => env.quickPicks.length === 2);
    await manager.previews.get(uri).queue;
    assert.deepEqual(await hidden(), ['s39']);
  } finally {
    manager.dispose();
    language.dispose();
    await (await client()).close();
  }
});

test('the "+N more" menu leaves out stack-label items and says when the list is cut', async () => {
  const env = fake.createFakeVscode();
  const requests = [];
  const client = { request: async (method, params) => (requests.push([method, params]), { baseVersion: 1, version: 2 }) };
  const manager = { vscode: env.vscode, previews: new Map(), client: async () => client, log: () => {} };
  const panel = env.vscode.window.createWebviewPanel('chartd.preview', 'p', 1, {});
  const preview = new previewModule.ChartPreview(manager, new env.FakeDocument('/a.chart.json', '{}'), panel);
  preview.version = 1;
  env.vscode.answerQuickPick = (items) => items[0];
  await preview.pickHidden({ kind: 'legendMore', count: 250, items: [
    { index: 7, label: 'segment 7', hidden: false },
    { dataSet: 'b', label: 'Beta', hidden: true },
  ] });
  await preview.queue;
  const [items, options] = env.quickPicks[0];
  assert.deepEqual(items.map((i) => [i.label, i.description]), [['Beta', 'hidden']]);
  assert.match(options.placeHolder, /250 legend items.*first 2 are listed/);
  // Picking the hidden "Beta" shows it again.
  assert.deepEqual(requests, [['chart/update', { uri: preview.uri, edits: [{ op: 'setVisibility', dataSet: 'b', visible: true }] }]]);
});

