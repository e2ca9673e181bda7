// The live preview through chart/preview (stand-in VS Code API, real Node client, real chartd):
// patches after edits add up to chart/render; a legend toggle survives later edits.
import assert from 'node:assert/strict';
import test from 'node:test';
import { Client, SvgMirror } from '../../node/index.js';
import { SKIP_NO_CHARTD, realChartd, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import lc from '../lib/languageClient.js';
import previewModule from '../lib/preview.js';

const binary = realChartd();
const SPEC = { kind: 'line', width: 400, height: 200, dataSets: [{ id: 'a', entries: [1, 3, 2] }, { id: 'b', entries: [2, 1, 4] }] };
const text = (spec) => JSON.stringify(spec, null, 2);

test('preview follows the text and keeps legend toggles', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = fake.createFakeVscode();
  let started = null;
  const client = () => (started ??= Client.start({ binary, timeoutMs: 30000 }));
  const language = new lc.ChartLanguageClient(env.vscode, { client });
  const manager = new previewModule.PreviewManager(env.vscode, {
    client, patcherUri: env.vscode.Uri.file('/ext/web/chartd-patch.js'), scriptUri: env.vscode.Uri.file('/ext/media/preview.js'),
  });
  const screen = { mirror: null, fulls: 0, patches: 0 };
  const create = env.vscode.window.createWebviewPanel;
  env.vscode.window.createWebviewPanel = (...args) => {
    const panel = create(...args);
    panel.onPost = (m) => {
      if (m.type === 'full') {
        screen.mirror = new SvgMirror(m.svg, m.version);
        screen.fulls++;
      } else if (m.type === 'patch') {
        screen.mirror.apply(m.patch);
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
