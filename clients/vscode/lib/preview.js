'use strict';
// Live preview of a *.chart.json document: chartd's `chart/preview` follows the text the language
// client sends, pushes a `chart/patch` after every change that reads as a spec, and keeps the view
// state (legend toggles, highlight) across edits. The webview applies patches with chartd-patch.js,
// as they come: fragments whole or spliced (`markupSplices`), `restored` ids (`previousMarkup`) —
// the connection declares what that patcher applies (patcherCapabilities, used by extension.js).
//
// Everything VS Code is reached through the injected `vscode` object, so tests pass a stand-in.

const fs = require('fs');
const vm = require('vm');
const { isChartDocument } = require('./languageClient');

/**
 * What the patcher file the webview loads applies: its `ChartdPatch.capabilities`
 * (`{previousMarkup, markupSplices}`), or `{}` for a copy without them (older than splice support) or
 * one that cannot be read. The file runs in a fresh V8 context, so nothing of it reaches the
 * extension host's globals. The extension declares `markupSplices` in `initialize` only when this
 * says the patcher applies splices: the patches go to it unchanged.
 */
function patcherCapabilities(file) {
  try {
    const sandbox = { module: { exports: {} } };
    vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox, { filename: file, timeout: 5000 });
    const caps = sandbox.module.exports && sandbox.module.exports.capabilities;
    if (!caps || typeof caps !== 'object') return {};
    return { previousMarkup: caps.previousMarkup === true, markupSplices: caps.markupSplices === true };
  } catch {
    return {};
  }
}

const VIEW_TYPE = 'chartd.preview';

function randomNonce() {
  let out = '';
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 32; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}

/** One preview panel: the chart document that follows one text document. */
class ChartPreview {
  constructor(manager, document, panel) {
    this.manager = manager;
    this.document = document;
    this.panel = panel;
    this.uri = document.uri.toString();
    this.version = null; // the chart version the webview shows
    this.queue = Promise.resolve();
    this.disposed = false;
    panel.webview.onDidReceiveMessage((message) => this.onMessage(message));
    panel.onDidDispose(() => this.dispose());
  }

  /** Queues `start` (once per daemon). */
  begin() {
    this.started = true;
    return this.enqueue(() => this.start());
  }

  /** Opens (or re-attaches to) the server's preview and shows its full render. */
  async start() {
    const client = await this.manager.client();
    const r = await client.request('chart/preview', { textDocument: { uri: this.uri } });
    this.show(r);
  }

  show(render) {
    this.version = render.version;
    this.post({ type: 'full', svg: render.svg, version: render.version });
  }

  /** A patch for this preview: shown when it follows the version on screen, else a full render. */
  onPatch(patch) {
    if (this.disposed || this.version === null) return;
    if (patch.baseVersion !== this.version) {
      this.resync();
      return;
    }
    this.version = patch.version;
    this.post({ type: 'patch', patch });
  }

  resync() {
    this.enqueue(async (client) => this.show(await client.request('chart/render', { uri: this.uri })));
  }

  enqueue(job) {
    this.queue = this.queue.then(async () => job(await this.manager.client()))
      .catch((error) => this.manager.log(`chartd preview: ${error.message}`));
    return this.queue;
  }

  onMessage(message) {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'ready' || message.type === 'resync') {
      if (this.version !== null) this.resync();
    } else if (message.type === 'toggle' && typeof message.dataSet === 'string') {
      this.toggle(message.dataSet, message.entry, !!message.hidden);
    } else if (message.type === 'more' && Number.isFinite(message.x) && Number.isFinite(message.y)) {
      this.enqueue(async (client) => {
        const hit = await client.request('chart/hitTest', { uri: this.uri, x: message.x, y: message.y });
        // Picked outside the queue: patches and resyncs go on while the menu is open.
        if (hit?.target?.kind === 'legendMore') {
          this.pickHidden(hit.target).catch((error) => this.manager.log(`chartd preview: ${error.message}`));
        }
      });
    }
  }

  /** As a click on a legend item: a pie slice's highlights the slice, any other toggles its data set. */
  toggle(dataSet, entry, hidden) {
    // No version: the preview's version also moves with the text, so the server assigns it.
    const edit = Number.isInteger(entry)
      ? { op: 'setHighlight', highlights: [{ dataSet, index: entry }] }
      : { op: 'setVisibility', dataSet, visible: hidden };
    return this.enqueue(async (client) => this.onPatch(await client.request('chart/update', { uri: this.uri, edits: [edit] })));
  }

  /** The legend items a "+N more" item stands for (a `legendMore` hit), in a menu; the one picked is toggled. */
  async pickHidden(target) {
    // Stack-label items toggle nothing (they name no data set).
    const items = (target.items ?? []).filter((item) => typeof item.dataSet === 'string').map((item) => ({
      label: item.label || item.dataSet, description: item.hidden ? 'hidden' : 'shown', item,
    }));
    const listed = (target.items ?? []).length;
    const placeHolder = `Show or hide one of the ${target.count} legend items without room`
      + (listed < target.count ? ` (the first ${listed} are listed)` : '');
    const picked = await this.manager.vscode.window.showQuickPick(items, { placeHolder });
    if (!picked || this.disposed) return;
    await this.toggle(picked.item.dataSet, picked.item.index, picked.item.hidden);
  }

  post(message) {
    if (!this.disposed) this.panel.webview.postMessage(message);
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.manager.previews.delete(this.uri);
    this.enqueue((client) => client.request('chart/close', { uri: this.uri }).catch(() => {}));
  }
}

/** All previews of a window; patches from the shared client are routed to them by URI. */
class PreviewManager {
  /**
   * @param vscode the VS Code API (or a stand-in)
   * @param options.client async () => the started chartd Client, shared with the language client
   * @param options.onClient (fn) => void: registers `fn` for every new daemon process (`SharedDaemon.onClient`)
   * @param options.patcherUri Uri of chartd-patch.js; options.scriptUri Uri of media/preview.js
   */
  constructor(vscode, options) {
    this.vscode = vscode;
    this.options = options;
    this.previews = new Map();
    this.attached = undefined;
    options.onClient?.((c) => this.attach(c));
  }

  log(message) {
    this.options.log?.(message);
  }

  async client() {
    const client = await this.options.client();
    this.attach(client);
    return client;
  }

  /** Routes a client's patches to the previews; on a replacement daemon every preview opens again. */
  attach(client) {
    if (this.attached === client) return;
    const replacing = this.attached !== undefined;
    this.attached = client;
    client.on('notification', (method, params) => {
      if (method === 'chart/patch' && params) this.previews.get(params.uri)?.onPatch(params);
    });
    client.on('restart', () => this.reopenAll(true));
    this.reopenAll(replacing);
  }

  /** Starts the previews not started yet (all of them when the daemon is a new one). */
  reopenAll(all) {
    for (const p of this.previews.values()) if (all || !p.started) p.begin();
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
    // A daemon that does not start is reported by its owner; the preview opens with the next one.
    if (await this.client().catch(() => null) && !preview.started) preview.begin();
    await preview.queue;
    return preview;
  }

  /** Opens the preview of the active editor's document if it is a chart spec. */
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
  }
}

module.exports = { PreviewManager, ChartPreview, isChartDocument, patcherCapabilities, VIEW_TYPE };
