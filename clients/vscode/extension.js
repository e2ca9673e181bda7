'use strict';
// VS Code entry point: live chartd previews of *.chart.json files.
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const vscode = require('vscode');
const { PreviewManager, isChartDocument } = require('./lib/preview');
const { StartFailureReporter, watchSettings } = require('./lib/settings');

/** The first existing path: the packaged copy (vendor/, see scripts/vendor.js), else the sibling folder. */
function firstExisting(...candidates) {
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[candidates.length - 1];
}

function activate(context) {
  const root = context.extensionPath;
  const clientModule = firstExisting(path.join(root, 'vendor', 'node', 'index.js'), path.join(root, '..', 'node', 'index.js'));
  const patcher = firstExisting(path.join(root, 'vendor', 'chartd-patch.js'), path.join(root, '..', 'web', 'chartd-patch.js'));
  const config = () => vscode.workspace.getConfiguration('chartd');
  const output = vscode.window.createOutputChannel('chartd');
  const reporter = new StartFailureReporter(vscode, (message) => output.appendLine(message));
  const manager = new PreviewManager(vscode, {
    createClient: async () => {
      const { Client } = await import(pathToFileURL(clientModule).href);
      const client = await Client.start({ binary: config().get('path') || undefined });
      client.on('restart', (info) => output.appendLine(`chartd restarted (${info.reason}); documents re-opened`));
      client.on('logMessage', (m) => output.appendLine(m.message));
      client.on('stderr', (line) => output.appendLine(line));
      return client;
    },
    patcherUri: vscode.Uri.file(patcher),
    scriptUri: vscode.Uri.file(path.join(root, 'media', 'preview.js')),
    debounceMs: config().get('debounceMs', 50),
    log: (message) => output.appendLine(message),
    onClientError: (error) => reporter.report(error),
    onClientStarted: () => reporter.reset(),
  });
  const open = (column) => () => manager.openActive(column).catch((error) => vscode.window.showErrorMessage(`chartd: ${error.message}`));
  context.subscriptions.push(
    manager,
    output,
    watchSettings(vscode, manager, reporter),
    vscode.commands.registerCommand('chartd.openPreview', open(vscode.ViewColumn.Active)),
    vscode.commands.registerCommand('chartd.openPreviewToSide', open(vscode.ViewColumn.Beside)),
  );
  if (vscode.window.activeTextEditor && isChartDocument(vscode.window.activeTextEditor.document) && config().get('openPreviewAutomatically', false)) {
    open(vscode.ViewColumn.Beside)();
  }
}

function deactivate() {}

module.exports = { activate, deactivate };
