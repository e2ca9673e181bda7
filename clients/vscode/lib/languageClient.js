'use strict';
// The extension as a thin language client of chartd: text document sync, diagnostics from
// textDocument/publishDiagnostics (whether or not a preview is open), and completion, hover, symbols
// and quick fixes from the server. The transport is the Node client (spawn, framing, restarts).

const convert = require('./convert');

const LANGUAGE = 'chart-json';

/** True for documents chartd serves: language chart-json, or a name ending .chart.json. */
function isChartDocument(document) {
  return document.languageId === LANGUAGE || /\.chart\.json$/i.test(document.uri.path ?? document.fileName ?? '');
}

class ChartLanguageClient {
  /**
   * @param vscode the VS Code API (or a stand-in)
   * @param options.client async () => the started chartd Client (Node client API), shared with the preview
   * @param options.onClient (fn) => void: registers `fn` for every new daemon process (`SharedDaemon.onClient`)
   */
  constructor(vscode, options) {
    this.vscode = vscode;
    this.options = options;
    this.open = new Map(); // uri string → the document as last sent
    this.diagnostics = vscode.languages.createDiagnosticCollection('chartd');
    this.subscriptions = [this.diagnostics];
  }

  /** Registers the providers, starts chartd and sends it the open chart documents. A failed start
   * (reported by the daemon's owner) leaves the providers in place for the next daemon. */
  async start() {
    const { vscode } = this;
    this.options.onClient?.((c) => this.attach(c));
    const selector = [{ language: LANGUAGE }, { pattern: '**/*.chart.json' }];
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.didOpen(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.didChange(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.didClose(d)),
      vscode.languages.registerCompletionItemProvider(selector, { provideCompletionItems: (d, p) => this.completion(d, p) }, '"', ':'),
      vscode.languages.registerHoverProvider(selector, { provideHover: (d, p) => this.hover(d, p) }),
      vscode.languages.registerDocumentSymbolProvider(selector, { provideDocumentSymbols: (d) => this.symbols(d) }),
      vscode.languages.registerCodeActionsProvider(selector, { provideCodeActions: (d, r) => this.codeActions(d, r) },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerColorProvider(selector, {
        provideDocumentColors: (d) => this.colors(d),
        provideColorPresentations: (color, context) => this.colorPresentations(color, context),
      }),
      vscode.languages.registerDocumentFormattingEditProvider(selector, { provideDocumentFormattingEdits: (d, o) => this.format(d, null, o) }),
      vscode.languages.registerDocumentRangeFormattingEditProvider(selector, {
        provideDocumentRangeFormattingEdits: (d, r, o) => this.format(d, r, o),
      }),
      vscode.languages.registerFoldingRangeProvider(selector, { provideFoldingRanges: (d) => this.folding(d) }),
      vscode.languages.registerSelectionRangeProvider(selector, { provideSelectionRanges: (d, p) => this.selectionRanges(d, p) }),
      vscode.languages.registerDefinitionProvider(selector, { provideDefinition: (d, p) => this.definition(d, p) }),
      vscode.languages.registerReferenceProvider(selector, { provideReferences: (d, p, c) => this.references(d, p, c) }),
      vscode.languages.registerDocumentHighlightProvider(selector, { provideDocumentHighlights: (d, p) => this.highlights(d, p) }),
      vscode.languages.registerRenameProvider(selector, {
        prepareRename: (d, p) => this.prepareRename(d, p),
        provideRenameEdits: (d, p, name) => this.rename(d, p, name),
      }),
      vscode.languages.registerInlayHintsProvider(selector, { provideInlayHints: (d, r) => this.inlayHints(d, r) }),
    );
    for (const d of vscode.workspace.textDocuments ?? []) if (isChartDocument(d)) this.open.set(d.uri.toString(), d);
    const client = await this.options.client().catch(() => null); // a failed start is reported by its owner
    if (client) this.attach(client);
  }

  /** Listens to a new client (the first, or one for a new chartd.path) and sends it the open texts. */
  attach(client) {
    if (this.attached === client) return;
    this.attached = client;
    client.on('notification', (method, params) => this.onNotification(method, params));
    client.on('restart', () => this.reopenAll()); // a new process knows no text: tell it again
    this.reopenAll();
  }

  async send(method, params) {
    const client = await this.options.client().catch(() => null); // a failed start is reported by its owner
    try {
      client?.notify(method, params);
    } catch (error) {
      this.options.log?.(`chartd: ${method} not sent: ${error.message}`); // the client is closing
    }
  }

  async request(method, params) {
    return (await this.options.client()).request(method, params);
  }

  didOpen(document) {
    if (!isChartDocument(document)) return;
    const uri = document.uri.toString();
    this.open.set(uri, document);
    this.send('textDocument/didOpen', { textDocument: { uri, languageId: LANGUAGE, version: document.version ?? 1, text: document.getText() } });
  }

  didChange(event) {
    const uri = event.document.uri.toString();
    if (!this.open.has(uri)) return;
    const changes = event.contentChanges?.length
      ? event.contentChanges.map((c) => (c.range ? { range: convert.lspRange(c.range), text: c.text } : { text: c.text }))
      : [{ text: event.document.getText() }];
    this.send('textDocument/didChange', { textDocument: { uri, version: event.document.version ?? 0 }, contentChanges: changes });
  }

  didClose(document) {
    const uri = document.uri.toString();
    if (!this.open.delete(uri)) return;
    this.send('textDocument/didClose', { textDocument: { uri } });
    this.diagnostics.delete(document.uri);
  }

  reopenAll() {
    for (const document of this.open.values()) this.didOpen(document);
  }

  onNotification(method, params) {
    if (method !== 'textDocument/publishDiagnostics' || !params) return;
    const document = this.open.get(params.uri);
    if (!document) return;
    this.diagnostics.set(document.uri, (params.diagnostics ?? []).map((d) => convert.diagnostic(this.vscode, document.uri, d)));
  }

  at(document, position) {
    return { ...this.doc(document), position: { line: position.line, character: position.character } };
  }

  async completion(document, position) {
    const items = await this.request('textDocument/completion', this.at(document, position));
    return (items?.items ?? items ?? []).map((i) => convert.completionItem(this.vscode, i));
  }

  async hover(document, position) {
    return convert.hover(this.vscode, await this.request('textDocument/hover', this.at(document, position)));
  }

  async symbols(document) {
    const list = await this.request('textDocument/documentSymbol', this.doc(document));
    return (list ?? []).map((s) => convert.documentSymbol(this.vscode, s));
  }

  async codeActions(document, range) {
    const actions = await this.request('textDocument/codeAction', {
      ...this.doc(document), range: convert.lspRange(range), context: { diagnostics: [] } });
    const shown = this.diagnostics.get(document.uri) ?? [];
    return (actions ?? []).map((a) => convert.codeAction(this.vscode, document.uri, a, shown));
  }

  doc(document) {
    return { textDocument: { uri: document.uri.toString() } };
  }

  async colors(document) {
    return ((await this.request('textDocument/documentColor', this.doc(document))) ?? []).map((c) => convert.colorInformation(this.vscode, c));
  }

  async colorPresentations(color, { document, range }) {
    const list = await this.request('textDocument/colorPresentation', {
      ...this.doc(document), color: { red: color.red, green: color.green, blue: color.blue, alpha: color.alpha }, range: convert.lspRange(range) });
    return (list ?? []).map((p) => convert.colorPresentation(this.vscode, p));
  }

  /** Whole-document formatting, or of `range` when one is given. */
  async format(document, range, options) {
    const params = { ...this.doc(document), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } };
    const edits = range
      ? await this.request('textDocument/rangeFormatting', { ...params, range: convert.lspRange(range) })
      : await this.request('textDocument/formatting', params);
    return (edits ?? []).map((e) => convert.textEdit(this.vscode, e));
  }

  async folding(document) {
    return ((await this.request('textDocument/foldingRange', this.doc(document))) ?? []).map((f) => convert.foldingRange(this.vscode, f));
  }

  async selectionRanges(document, positions) {
    const list = await this.request('textDocument/selectionRange', {
      ...this.doc(document), positions: positions.map((p) => ({ line: p.line, character: p.character })) });
    return (list ?? []).map((s) => convert.selectionRange(this.vscode, s));
  }

  async definition(document, position) {
    const l = await this.request('textDocument/definition', this.at(document, position));
    return l ? convert.location(this.vscode, document.uri, l) : null;
  }

  async references(document, position, context) {
    const list = await this.request('textDocument/references', {
      ...this.at(document, position), context: { includeDeclaration: !!context?.includeDeclaration } });
    return (list ?? []).map((l) => convert.location(this.vscode, document.uri, l));
  }

  async highlights(document, position) {
    const list = await this.request('textDocument/documentHighlight', this.at(document, position));
    return (list ?? []).map((h) => convert.documentHighlight(this.vscode, h));
  }

  /** The id under the cursor and its range; chartd's refusal (an id from a label, no id here) is
   * thrown, and VS Code shows its message. */
  async prepareRename(document, position) {
    const r = await this.request('textDocument/prepareRename', this.at(document, position));
    if (!r) throw new Error('Only a data set id can be renamed here');
    return { range: convert.range(this.vscode, r.range), placeholder: r.placeholder };
  }

  async rename(document, position, newName) {
    const edit = await this.request('textDocument/rename', { ...this.at(document, position), newName });
    return convert.workspaceEdit(this.vscode, document.uri, edit);
  }

  async inlayHints(document, range) {
    const list = await this.request('textDocument/inlayHint', { ...this.doc(document), range: convert.lspRange(range) });
    return (list ?? []).map((h) => convert.inlayHint(this.vscode, h));
  }

  dispose() {
    for (const s of this.subscriptions) s.dispose();
  }
}

/**
 * What this client announces in `initialize` for the language features: the conversions in
 * convert.js read snippets (vscode.SnippetString), Markdown documentation and nested document
 * symbols, and the rename provider asks prepareRename first.
 */
const EDITOR_CAPABILITIES = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    rename: { prepareSupport: true },
  },
};

module.exports = { EDITOR_CAPABILITIES, ChartLanguageClient, isChartDocument, LANGUAGE };
