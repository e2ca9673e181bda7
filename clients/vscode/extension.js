'use strict';
// VS Code entry point: chartd as the language server of *.chart.json files (diagnostics,
// completion, hover, outline, quick fixes) and their live preview.
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const vscode = require('vscode');
const { ChartLanguageClient, EDITOR_CAPABILITIES, isChartDocument } = require('./lib/languageClient');
const { PreviewManager, patcherCapabilities } = require('./lib/preview');
const { SharedDaemon } = require('./lib/daemon');
const { StartFailureReporter, watchSettings } = require('./lib/settings');

/** The first existing path: the packaged copy (vendor/, see scripts/vendor.js), else the sibling folder. */
function firstExisting(...candidates) {
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[candidates.length - 1];
}

async function activate(context) {
  const root = context.extensionPath;
  const clientModule = firstExisting(path.join(root, 'vendor', 'node', 'index.js'), path.join(root, '..', 'node', 'index.js'));
  const patcher = firstExisting(path.join(root, 'vendor', 'chartd-patch.js'), path.join(root, '..', 'web', 'chartd-patch.js'));
  // The previews forward chartd's patches to the webview unchanged: the connection accepts spliced
  // fragments only when the patcher served to the webview applies them (an older vendored copy does not).
  const { markupSplices } = patcherCapabilities(patcher);
  const config = () => vscode.workspace.getConfiguration('chartd');
  const output = vscode.window.createOutputChannel('chartd');
  // One chartd process serves the language features and the previews; a missing binary is reported
  // once with a 'Set chartd.path' action, and a new chartd.path restarts it without a reload.
  const reporter = new StartFailureReporter(vscode, (message) => output.appendLine(message));
  const daemon = new SharedDaemon(async () => {
    const { Client } = await import(pathToFileURL(clientModule).href);
    const c = await Client.start({ binary: config().get('path') || undefined, markupSplices: markupSplices === true,
                                   capabilities: EDITOR_CAPABILITIES });
    c.on('restart', (info) => output.appendLine(`chartd restarted (${info.reason}); documents re-opened`));
    c.on('logMessage', (m) => output.appendLine(m.message));
    c.on('stderr', (line) => output.appendLine(line));
    return c;
  }, { onClientError: (error) => reporter.report(error), onClientStarted: () => reporter.reset() });
  const client = () => daemon.client();
  const onClient = (fn) => daemon.onClient(fn);
  const language = new ChartLanguageClient(vscode, { client, onClient });
  const previews = new PreviewManager(vscode, {
    client,
    onClient,
    patcherUri: vscode.Uri.file(patcher),
    scriptUri: vscode.Uri.file(path.join(root, 'media', 'preview.js')),
    log: (message) => output.appendLine(message),
  });
  const open = (column) => () => previews.openActive(column).catch((error) => vscode.window.showErrorMessage(`chartd: ${error.message}`));
  context.subscriptions.push(
    language,
    previews,
    output,
    vscode.commands.registerCommand('chartd.openPreview', open(vscode.ViewColumn.Active)),
    vscode.commands.registerCommand('chartd.openPreviewToSide', open(vscode.ViewColumn.Beside)),
    watchSettings(vscode, daemon, reporter, (message) => output.appendLine(message)),
    { dispose: () => daemon.dispose() },
  );
  // A failed start has been reported by the reporter; the language client starts with the next daemon.
  await language.start().catch(() => {});
  if (vscode.window.activeTextEditor && isChartDocument(vscode.window.activeTextEditor.document) && config().get('openPreviewAutomatically', false)) {
    open(vscode.ViewColumn.Beside)();
  }
}

function deactivate() {}

module.exports = { activate, deactivate };
