'use strict';
// Live preview of *.chart.json documents: the editor text goes to chartd as setSpec edits, the
// patches go to a webview that applies them with chartd-patch.js, spec errors become diagnostics.
//
// Everything VS Code is reached through the injected `vscode` object, so tests pass a stand-in.

const { parseTree, locate, locateKey, specPointer, JsonSyntaxError } = require('./jsonLocator');

const VIEW_TYPE = 'chartd.preview';

/** True for documents the extension previews. */
function isChartDocument(document) {
  return /\.chart\.json$/i.test(document.uri.path ?? document.fileName ?? '');
}

function randomNonce() {
  let out = '';
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 32; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}

/** One preview panel showing one text document. */
class ChartPreview {
  constructor(manager, document, panel) {
    this.manager = manager;
    this.vscode = manager.vscode;
    this.document = document;
    this.panel = panel;
    this.uri = document.uri.toString();
    this.chart = null; // the chartd document once opened
    this.spec = null; // the last spec that parsed
    this.overrides = new Map(); // data set id → visible, from legend clicks (view state, not file content)
    this.errors = []; // diagnostics of the last failed update or JSON syntax error
    this.warnings = []; // chart/diagnostics of the current version
    this.timer = null;
    this.queue = Promise.resolve();
    this.disposed = false;
    panel.webview.onDidReceiveMessage((message) => this.onMessage(message));
    panel.onDidDispose(() => this.dispose());
  }

  /** Sends the current text after `debounceMs` of quiet (each keystroke restarts the wait). */
  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sync(), this.manager.debounceMs);
  }

  /** Sends the current text now (serialised with every other request of this preview). */
  sync() {
    clearTimeout(this.timer);
    this.queue = this.queue.then(() => this.syncNow()).catch((error) => this.manager.log(`chartd preview: ${error.message}`));
    return this.queue;
  }

  async syncNow() {
    if (this.disposed) return;
    const text = this.document.getText();
    let spec;
    try {
      this.tree = parseTree(text);
      spec = JSON.parse(text);
    } catch (error) {
      const offset = error instanceof JsonSyntaxError ? error.offset : 0;
      this.errors = [this.diagnostic(offset, Math.min(offset + 1, text.length), `JSON: ${error.message}`, 'error')];
      this.publish();
      this.post({ type: 'status', text: 'The JSON has errors; showing the last valid chart.' });
      return;
    }
    this.spec = spec;
    const client = await this.manager.client();
    try {
      if (!this.chart) {
        const chart = await client.open(this.uri, spec);
        this.attach(chart);
      } else {
        await this.chart.update([{ op: 'setSpec', spec }, ...this.overrideEdits(spec)]);
      }
      this.errors = [];
      this.post({ type: 'status', text: '' });
    } catch (error) {
      this.errors = this.fromChartdError(error, text);
      this.post({ type: 'status', text: 'The spec has errors; showing the last valid chart.' });
    }
    this.publish();
  }

  attach(chart) {
    this.chart = chart;
    chart.on('patch', (patch) => this.post({ type: 'patch', patch }));
    chart.on('reset', () => this.postFull());
    chart.on('diagnostics', (list) => {
      this.warnings = list.map((d) => this.fromPath(d, this.document.getText()));
      this.publish();
    });
    this.warnings = (chart.diagnostics ?? []).map((d) => this.fromPath(d, this.document.getText()));
    this.postFull();
  }

  /** setVisibility edits that keep legend toggles across setSpec (dropping those of removed data sets). */
  overrideEdits(spec) {
    const ids = new Set((spec.dataSets ?? []).map((d) => d?.id ?? d?.label));
    for (const id of [...this.overrides.keys()]) if (!ids.has(id)) this.overrides.delete(id);
    return [...this.overrides].map(([dataSet, visible]) => ({ op: 'setVisibility', dataSet, visible }));
  }

  /** Visibility of a data set as shown: a legend toggle, else the spec's `visible`. */
  visible(dataSet) {
    if (this.overrides.has(dataSet)) return this.overrides.get(dataSet);
    const ds = (this.spec?.dataSets ?? []).find((d) => (d?.id ?? d?.label) === dataSet);
    return ds ? ds.visible !== false : true;
  }

  onMessage(message) {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'ready' || message.type === 'resync') {
      if (this.chart) this.postFull();
    } else if (message.type === 'toggle' && typeof message.dataSet === 'string' && this.chart) {
      if (Number.isInteger(message.entry)) {
        // A pie slice's legend item: data sets toggle as a whole, so a click highlights the slice.
        const edit = { op: 'setHighlight', highlights: [{ dataSet: message.dataSet, index: message.entry }] };
        this.queue = this.queue.then(() => this.chart.update([edit])).catch((e) => this.manager.log(e.message));
        return;
      }
      const visible = !this.visible(message.dataSet);
      this.overrides.set(message.dataSet, visible);
      this.queue = this.queue.then(() => this.chart.setVisibility(message.dataSet, visible)).catch((e) => this.manager.log(e.message));
    }
  }

  post(message) {
    if (!this.disposed) this.panel.webview.postMessage(message);
  }

  postFull() {
    if (this.chart) this.post({ type: 'full', svg: this.chart.svg, version: this.chart.mirror.version });
  }

  fromChartdError(error, text) {
    const diagnostics = error?.data?.diagnostics;
    if (Array.isArray(diagnostics) && diagnostics.length) return diagnostics.map((d) => this.fromPath(d, text));
    return [this.diagnostic(0, 0, `chartd: ${error?.message ?? error}`, 'error')];
  }

  /** A chartd diagnostic `{path, message, severity}` placed at the value its path names. */
  fromPath(d, text) {
    const pointer = specPointer(d.path ?? '');
    let range = { start: 0, end: 0 };
    if (pointer !== null && this.tree) {
      range = (/unknown property/.test(d.message) && locateKey(this.tree, pointer)) || locate(this.tree, pointer);
    }
    const where = pointer === null ? ` (at ${d.path})` : '';
    return this.diagnostic(range.start, range.end, d.message + where, d.severity === 'warning' ? 'warning' : 'error');
  }

  diagnostic(start, end, message, severity) {
    const { Range, Diagnostic, DiagnosticSeverity } = this.vscode;
    const range = new Range(this.document.positionAt(start), this.document.positionAt(end));
    const diagnostic = new Diagnostic(range, message, severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error);
    diagnostic.source = 'chartd';
    return diagnostic;
  }

  publish() {
    if (!this.disposed) this.manager.diagnostics.set(this.document.uri, [...this.errors, ...this.warnings]);
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.timer);
    this.manager.diagnostics.delete(this.document.uri);
    this.manager.previews.delete(this.uri);
    const chart = this.chart;
    if (chart) this.queue.then(() => chart.close()).catch(() => {});
  }
}

/** All previews of a window, the shared chartd client and the diagnostics collection. */
class PreviewManager {
  /**
   * @param vscode the VS Code API (or a stand-in)
   * @param options.createClient async () => a started chartd Client (Node client API)
   * @param options.patcherUri Uri of chartd-patch.js; options.scriptUri Uri of media/preview.js
   * @param options.debounceMs quiet time before an edit is sent (default 50)
   */
  constructor(vscode, options) {
    this.vscode = vscode;
    this.options = options;
    this.debounceMs = options.debounceMs ?? 50;
    this.previews = new Map();
    this.diagnostics = vscode.languages.createDiagnosticCollection('chartd');
    this.clientPromise = null;
    this.subscriptions = [
      this.diagnostics,
      vscode.workspace.onDidChangeTextDocument((event) => this.previews.get(event.document.uri.toString())?.schedule()),
    ];
  }

  log(message) {
    this.options.log?.(message);
  }

  /** The shared client, started on first use and again after it gave up. A failed start goes to
   * `options.onClientError` (the extension shows it) as well as to the caller. */
  async client() {
    if (this.clientPromise) {
      const current = await this.clientPromise.catch(() => null);
      if (current && current.state !== 'broken' && current.state !== 'closed') return current;
    }
    this.clientPromise = this.options.createClient();
    this.clientPromise.then(() => this.options.onClientStarted?.(), (error) => this.options.onClientError?.(error)).catch(() => {});
    return this.clientPromise;
  }

  /** Closes the shared client and re-opens every preview on a new one (after `chartd.path` changed). */
  async restartClient() {
    const old = this.clientPromise;
    this.clientPromise = null;
    for (const preview of this.previews.values()) preview.chart = null; // its document lived in the old daemon
    if (old) await old.then((c) => c.close()).catch(() => {});
    await Promise.all([...this.previews.values()].map((preview) => preview.sync()));
  }

  /** Opens (or reveals) the preview of `document`; resolves once the first render is shown. */
  async open(document, column) {
    const key = document.uri.toString();
    const existing = this.previews.get(key);
    if (existing) {
      existing.panel.reveal(column);
      return existing;
    }
    const { window, ViewColumn } = this.vscode;
    const roots = [this.options.patcherUri, this.options.scriptUri].map((u) => this.vscode.Uri.joinPath(u, '..'));
    const title = 'Preview ' + document.uri.path.split('/').pop();
    const panel = window.createWebviewPanel(VIEW_TYPE, title, column ?? ViewColumn.Beside, { enableScripts: true, localResourceRoots: roots });
    panel.webview.html = this.html(panel.webview);
    const preview = new ChartPreview(this, document, panel);
    this.previews.set(key, preview);
    await preview.sync();
    return preview;
  }

  /** Opens the preview of the active editor's document if it is a *.chart.json file. */
  openActive(column) {
    const editor = this.vscode.window.activeTextEditor;
    if (!editor || !isChartDocument(editor.document)) {
      this.vscode.window.showInformationMessage('Open a *.chart.json file to preview it.');
      return Promise.resolve(null);
    }
    return this.open(editor.document, column);
  }

  html(webview) {
    const nonce = randomNonce();
    const patcher = webview.asWebviewUri(this.options.patcherUri);
    const script = webview.asWebviewUri(this.options.scriptUri);
    const csp = `default-src 'none'; img-src ${webview.cspSource} data:; style-src ${webview.cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';`;
    return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<style>body{margin:0;padding:8px}#status{font:12px sans-serif;color:var(--vscode-errorForeground)}#chart svg{max-width:100%;height:auto}[data-role="legend-item"]{cursor:pointer}</style>
</head><body>
<div id="status"></div><div id="chart"></div>
<script nonce="${nonce}" src="${patcher}"></script>
<script nonce="${nonce}" src="${script}"></script>
</body></html>`;
  }

  dispose() {
    for (const preview of [...this.previews.values()]) preview.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
    const pending = this.clientPromise;
    this.clientPromise = null;
    return pending ? pending.then((c) => c.close()).catch(() => {}) : Promise.resolve();
  }
}

module.exports = { PreviewManager, ChartPreview, isChartDocument, VIEW_TYPE };
