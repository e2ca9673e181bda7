// The extension as a language client of the real chartd (stand-in VS Code API, real Node client):
// diagnostics without any preview, completion, hover, symbols, quick fixes, incremental changes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { Client } from '../../node/index.js';
import { SKIP_NO_CHARTD, realChartd, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import lc from '../lib/languageClient.js';

const binary = realChartd();

function setup() {
  const env = fake.createFakeVscode();
  let started = null;
  // As extension.js starts it: announcing what the conversions read (snippets, nested symbols).
  const client = () => (started ??= Client.start({ binary, timeoutMs: 30000, capabilities: lc.EDITOR_CAPABILITIES }));
  const language = new lc.ChartLanguageClient(env.vscode, { client });
  return { ...env, language, client };
}

const TEXT = '{\n  "kind": "bar",\n  "title": "売上 😀", "widht": 640,\n  "dataSets": [{"id": "a", "entries": [1, 2]}]\n}';

test('diagnostics, completion, hover, symbols and a quick fix, with no preview open', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = setup();
  const document = new env.FakeDocument('/home/user/sales.chart.json', TEXT);
  try {
    await env.language.start();
    env.fireOpen(document);
    await until(() => (env.language.diagnostics.get(document.uri) ?? []).length === 1);
    const [d] = env.language.diagnostics.get(document.uri);
    assert.equal(d.code, 'unknown-property');
    assert.equal(d.source, 'chartd');
    assert.equal(d.severity, env.vscode.DiagnosticSeverity.Warning);
    // UTF-16 columns, as VS Code counts them: '  "title": "' 12, 売上 2, ' ' 1, 😀 2, '", ' 3.
    assert.deepEqual([d.range.start.line, d.range.start.character, d.range.end.character], [2, 20, 27]);

    const items = await env.providers.completion.provideCompletionItems(document, new env.vscode.Position(1, 12));
    assert.ok(items.some((i) => i.label === 'candlestick'));
    const keys = await env.providers.completion.provideCompletionItems(document, new env.vscode.Position(3, 16));
    const width = keys.find((i) => i.label === 'label');
    assert.ok(width && width.insertText instanceof env.vscode.SnippetString);

    const hover = await env.providers.hover.provideHover(document, new env.vscode.Position(1, 4));
    assert.match(hover.contents.value, /Chart kind/);

    const symbols = await env.providers.symbols.provideDocumentSymbols(document);
    assert.deepEqual(symbols.map((s) => s.name), ['dataSets']);
    assert.equal(symbols[0].children[0].name, 'a');

    const actions = await env.providers.codeActions.provideCodeActions(document, d.range);
    assert.equal(actions[0].title, "Rename 'widht' to 'width'");
    assert.equal(actions[0].edit.edits[0].newText, '"width"');
    assert.equal(actions[0].diagnostics[0], d);

    // An incremental change fixes it: the diagnostics go.
    const fixed = TEXT.replace('widht', 'width');
    env.fireChange(document, fixed, { range: d.range, text: '"width"' });
    await until(() => (env.language.diagnostics.get(document.uri) ?? []).length === 0);

    // Closing clears.
    env.fireClose(document);
    assert.equal(env.language.diagnostics.get(document.uri), undefined);
  } finally {
    env.language.dispose();
    await (await env.client()).close();
  }
});

test('a member the chart does not draw with is a faded hint', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = setup();
  const document = new env.FakeDocument('/home/user/pie.chart.json', '{"kind": "bar", "pie": {"holeRadius": 0.5}, "dataSets": []}');
  try {
    await env.language.start();
    env.fireOpen(document);
    await until(() => (env.language.diagnostics.get(document.uri) ?? []).length === 1);
    const [d] = env.language.diagnostics.get(document.uri);
    assert.equal(d.code, 'unused');
    assert.equal(d.severity, env.vscode.DiagnosticSeverity.Hint);
    assert.deepEqual(d.tags, [env.vscode.DiagnosticTag.Unnecessary]);
    assert.deepEqual([d.range.start.character, d.range.end.character], [16, 21]);
  } finally {
    env.language.dispose();
    await (await env.client()).close();
  }
});

test('documents that are not chart specs are not sent', () => {
  assert.equal(lc.isChartDocument({ languageId: 'json', uri: { path: '/a/package.json' } }), false);
  assert.equal(lc.isChartDocument({ languageId: 'chart-json', uri: { path: '/a/x.json' } }), true);
  assert.equal(lc.isChartDocument({ languageId: 'json', uri: { path: '/a/b.chart.json' } }), true);
});
