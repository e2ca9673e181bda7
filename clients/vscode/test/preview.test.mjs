// The preview controller with a stand-in VS Code API and the real Node client, against the
// stand-in daemon (always) and the real chartd (when CHARTD or PATH has it).
import assert from 'node:assert/strict';
import test from 'node:test';
import { Client, SvgMirror } from '../../node/index.js';
import { FAKE, SKIP_NO_CHARTD, realChartd, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import previewModule from '../lib/preview.js';

const { PreviewManager, isChartDocument } = previewModule;

const SPEC = {
  kind: 'line',
  width: 400,
  height: 200,
  dataSets: [
    { id: 'a', label: 'A', entries: [[0, 1], [1, 3], [2, 2]] },
    { id: 'b', label: 'B', entries: [[0, 2], [1, 1], [2, 4]] },
  ],
};

const text = (spec) => JSON.stringify(spec, null, 2);

/** A manager whose webview is simulated by a text mirror of what it was sent. */
function setup(binary) {
  const { vscode, panels, fireChange, FakeDocument } = fake.createFakeVscode();
  let client = null;
  const manager = new PreviewManager(vscode, {
    createClient: async () => (client = await Client.start({ binary, timeoutMs: 30000 })),
    patcherUri: vscode.Uri.file('/ext/web/chartd-patch.js'),
    scriptUri: vscode.Uri.file('/ext/media/preview.js'),
    debounceMs: 20,
  });
  const screen = { mirror: null, patches: 0, fulls: 0 };
  const attachScreen = (panel) => {
    panel.onPost = (message) => {
      if (message.type === 'full') {
        screen.mirror = new SvgMirror(message.svg, message.version);
        screen.fulls++;
      } else if (message.type === 'patch') {
        screen.patches++;
        try {
          screen.mirror.apply(message.patch);
        } catch {
          panel.receive({ type: 'resync' });
        }
      }
    };
  };
  const origCreate = vscode.window.createWebviewPanel;
  vscode.window.createWebviewPanel = (...args) => {
    const panel = origCreate(...args);
    attachScreen(panel);
    return panel;
  };
  const document = new FakeDocument('/home/user/sales.chart.json', text(SPEC));
  return { vscode, panels, fireChange, manager, screen, document, client: () => client };
}

async function settle(preview) {
  await new Promise((resolve) => setTimeout(resolve, preview.manager.debounceMs + 10));
  await preview.queue;
  await preview.queue; // a sync queued by the first
}

async function assertScreenIsRender(env, preview) {
  const render = await env.client().request('chart/render', { uri: preview.uri });
  await until(() => env.screen.mirror.version === render.version);
  assert.equal(env.screen.mirror.text, render.svg);
}

async function scenario(binary, invalidSpec) {
  const env = setup(binary);
  const { manager, document, fireChange, screen, vscode } = env;
  assert.ok(isChartDocument(document));
  try {
    const preview = await manager.open(document, vscode.ViewColumn.Beside);
    const panel = env.panels[0];
    assert.match(panel.webview.html, /Content-Security-Policy/);
    assert.match(panel.webview.html, /<script nonce="[A-Za-z0-9]{32}" src="vscode-webview:\/\/\/ext\/web\/chartd-patch.js">/);
    assert.equal(screen.fulls, 1);
    await assertScreenIsRender(env, preview);

    // Typing: five edits within the debounce window give one update.
    const before = preview.chart.version;
    for (let i = 0; i < 5; i++) fireChange(document, text({ ...SPEC, title: `Sales ${i}` }));
    await settle(preview);
    assert.equal(preview.chart.version, before + 1);
    await assertScreenIsRender(env, preview);
    assert.ok(screen.patches >= 1);

    // A JSON syntax error: a diagnostic where it is, nothing sent.
    const broken = text(SPEC).replace('"kind": "line",', '"kind": "line"');
    fireChange(document, broken);
    await settle(preview);
    let diags = manager.diagnostics.get(document.uri);
    assert.equal(diags.length, 1);
    assert.match(diags[0].message, /^JSON: /);
    assert.equal(diags[0].range.start.line, 2); // the line after the missing comma
    assert.equal(preview.chart.version, before + 1);

    // A spec error: chartd's diagnostic placed at the value its JSON Pointer names.
    fireChange(document, invalidSpec.text);
    await settle(preview);
    diags = manager.diagnostics.get(document.uri);
    assert.ok(diags.length >= 1, 'expected a diagnostic');
    const at = diags.find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    const offset = invalidSpec.text.indexOf(invalidSpec.marker);
    assert.equal(at.range.start.line, document.positionAt(offset).line, `${at.message} should be on the line of ${invalidSpec.marker}`);
    assert.equal(at.range.start.character, document.positionAt(offset).character);

    // Fixing it clears the errors and the preview follows again.
    fireChange(document, text(SPEC));
    await settle(preview);
    assert.deepEqual(manager.diagnostics.get(document.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error), []);
    await assertScreenIsRender(env, preview);

    // A legend click toggles the data set; the toggle survives the next setSpec.
    panel.receive({ type: 'toggle', dataSet: 'b', entry: null });
    await preview.queue;
    assert.equal(preview.chart.spec.dataSets[1].visible, false);
    await assertScreenIsRender(env, preview);
    fireChange(document, text({ ...SPEC, title: 'after toggle' }));
    await settle(preview);
    assert.equal(preview.chart.spec.dataSets[1].visible, false);
    panel.receive({ type: 'toggle', dataSet: 'b', entry: null });
    await preview.queue;
    assert.equal(preview.chart.spec.dataSets[1].visible, true);

    // A pie-slice legend item highlights the slice instead.
    panel.receive({ type: 'toggle', dataSet: 'a', entry: 1 });
    await preview.queue;
    assert.deepEqual(preview.chart.spec.highlights, [{ dataSet: 'a', index: 1 }]);
    await assertScreenIsRender(env, preview);

    // A resync request re-sends the full render.
    const fulls = screen.fulls;
    panel.receive({ type: 'resync' });
    assert.equal(screen.fulls, fulls + 1);

    // Closing the panel closes the chart and clears the diagnostics.
    const uri = preview.uri;
    panel.dispose();
    await preview.queue;
    await until(() => env.client().document(uri) === null);
    assert.equal(manager.diagnostics.get(document.uri), undefined);
    await assert.rejects(env.client().request('chart/render', { uri }), (e) => e.kind === 'unknownDocument');
  } finally {
    await manager.dispose();
  }
}

test('preview flow against the stand-in daemon', () =>
  scenario(
    FAKE,
    { text: text({ ...SPEC, dataSets: [SPEC.dataSets[0], { id: 'b', entries: 'oops' }] }), marker: '"oops"' },
  ));

test('preview flow against the real chartd', (t) => {
  const binary = realChartd();
  if (!binary) return t.skip(SKIP_NO_CHARTD);
  const bad = { ...SPEC, dataSets: [SPEC.dataSets[0], { id: 'b', entries: [[0, 2], [1, 'x']] }] };
  return scenario(binary, { text: text(bad), marker: '"x"' });
});

test('warnings from chart/diagnostics appear at the property name', async () => {
  const env = setup(FAKE);
  try {
    env.document.text = text({ ...SPEC, colour: 'red' });
    const preview = await env.manager.open(env.document);
    await until(() => (env.manager.diagnostics.get(env.document.uri) ?? []).length === 1);
    const [warning] = env.manager.diagnostics.get(env.document.uri);
    assert.equal(warning.severity, env.vscode.DiagnosticSeverity.Warning);
    const offset = env.document.text.indexOf('"colour"');
    assert.deepEqual([warning.range.start.line, warning.range.start.character], [env.document.positionAt(offset).line, env.document.positionAt(offset).character]);
    env.fireChange(env.document, text(SPEC));
    await settle(preview);
    await until(() => env.manager.diagnostics.get(env.document.uri).length === 0);
  } finally {
    await env.manager.dispose();
  }
});

test('the command asks for a chart file when none is active', async () => {
  const { vscode, messagesShown } = fake.createFakeVscode();
  const manager = new PreviewManager(vscode, { createClient: async () => null, patcherUri: vscode.Uri.file('/a/b.js'), scriptUri: vscode.Uri.file('/a/c.js') });
  assert.equal(await manager.openActive(), null);
  assert.equal(messagesShown.length, 1);
  await manager.dispose();
});
