// The extension as a language client of the real chartd (stand-in VS Code API, real Node client):
// diagnostics without any preview, completion, hover, symbols, quick fixes, incremental changes,
// colours, formatting, folding, selection, navigation, rename and inlay hints.
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

test('colours, formatting, folding, selection, navigation, rename and inlay hints through chartd', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = setup();
  const lines = [
    '{"xAxis": {"format": {"type": "date", "pattern": "MMM d"}},',
    ' "dataSets": [{"id": "north", "color": "tomato", "entries": [[1718236800, 1], [1718323200, 2]]}],',
    ' "highlights": [{"dataSet": "north", "index": 0}]}',
  ];
  const document = new env.FakeDocument('/home/user/north.chart.json', lines.join('\n'));
  const at = (line, needle, offset = 1) => new env.vscode.Position(line, lines[line].indexOf(needle) + offset);
  const whole = new env.vscode.Range(new env.vscode.Position(0, 0), new env.vscode.Position(3, 0));
  const p = env.providers;
  try {
    await env.language.start();
    env.fireOpen(document);
    await until(() => env.language.diagnostics.get(document.uri) !== undefined);

    const [colour] = await p.colors.provideDocumentColors(document);
    assert.deepEqual([colour.color.red, colour.range.start.line, colour.range.start.character], [1, 1, lines[1].indexOf('"tomato"')]);
    const shown = await p.colors.provideColorPresentations(new env.vscode.Color(1, 0, 0, 1), { document, range: colour.range });
    // A name is written there, so the picked colour's name comes first, quoted as the string was.
    assert.equal(shown[0].textEdit.newText, '"red"');
    assert.ok(shown.some((c) => c.label === '#ff0000'));

    const edits = await p.formatting.provideDocumentFormattingEdits(document, { tabSize: 2, insertSpaces: true });
    assert.ok(edits.length > 0 && edits.every((e) => e instanceof env.vscode.TextEdit && e.newText.trim() === ''));
    const firstLine = new env.vscode.Range(new env.vscode.Position(0, 0), new env.vscode.Position(0, lines[0].length));
    const inRange = await p.rangeFormatting.provideDocumentRangeFormattingEdits(document, firstLine, { tabSize: 2, insertSpaces: true });
    assert.ok(inRange.every((e) => e.range.start.line === 0));

    assert.deepEqual((await p.folding.provideFoldingRanges(document)).map((f) => [f.start, f.end]), [[0, 1]]);
    const [chain] = await p.selectionRanges.provideSelectionRanges(document, [at(1, '"north"', 2)]);
    assert.equal(chain.range.start.character, lines[1].indexOf('"north"'));
    assert.ok(chain.parent && chain.parent.parent, 'the value, its member, its object, …');

    const definition = await p.definition.provideDefinition(document, at(2, '"north"', 2));
    assert.deepEqual([definition.range.start.line, definition.range.start.character], [1, lines[1].indexOf('"north"')]);
    const references = await p.references.provideReferences(document, at(1, '"north"', 2), { includeDeclaration: true });
    assert.deepEqual(references.map((l) => l.range.start.line), [1, 2]);
    const highlights = await p.highlights.provideDocumentHighlights(document, at(1, '"north"', 2));
    assert.deepEqual(highlights.map((h) => h.kind), [env.vscode.DocumentHighlightKind.Write, env.vscode.DocumentHighlightKind.Read]);

    const prepared = await p.rename.prepareRename(document, at(1, '"north"', 2));
    assert.equal(prepared.placeholder, 'north');
    await assert.rejects(p.rename.prepareRename(document, at(0, '"format"', 2)));
    const renamed = await p.rename.provideRenameEdits(document, at(1, '"north"', 2), 'south');
    assert.deepEqual(renamed.edits.map((e) => [e.range.start.line, e.newText]), [[1, '"south"'], [2, '"south"']]);

    const hints = await p.inlayHints.provideInlayHints(document, whole);
    assert.deepEqual(hints.map((h) => [h.label, h.position.line, h.paddingLeft]), [['Jun 13', 1, true], ['Jun 14', 1, true]]);
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
