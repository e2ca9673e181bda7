'use strict';
// VS Code entry point: chartd as the language server of *.chart.json files (diagnostics,
// completion, hover, outline, quick fixes) and their live preview.
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const vscode = require('vscode');
const { ChartLanguageClient, isChartDocument } = require('./lib/languageClient');
const { PreviewManager } = require('./lib/preview');

/** The first existing path: the packaged copy (vendor/, see scripts/vendor.js), else the sibling folder. */
function firstExisting(...candidates) {
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[candidates.length - 1];
}

async function activate(context) {
  const root = context.extensionPath;
  const clientModule = firstExisting(path.join(root, 'vendor', 'node', 'index.js'), path.join(root, '..', 'node', 'index.js'));
  const patcher = firstExisting(path.join(root, 'vendor', 'chartd-patch.js'), path.join(root, '..', 'web', 'chartd-patch.js'));
  const config = () => vscode.workspace.getConfiguration('chartd');
  const output = vscode.window.createOutputChannel('chartd');
  // One chartd process serves the language features and the previews.
  let started = null;
  const client = () => {
    started ??= (async () => {
      const { Client } = await import(pathToFileURL(clientModule).href);
      const c = await Client.start({ binary: config().get('path') || undefined });
      c.on('restart', (info) => output.appendLine(`chartd restarted (${info.reason}); documents re-opened`));
      c.on('logMessage', (m) => output.appendLine(m.message));
      c.on('stderr', (line) => output.appendLine(line));
      return c;
    })();
    return started;
  };
  const language = new ChartLanguageClient(vscode, { client });
  const previews = new PreviewManager(vscode, {
    client,
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
    { dispose: () => started && started.then((c) => c.close()).catch(() => {}) },
  );
  await language.start().catch((error) => vscode.window.showErrorMessage(`chartd: ${error.message}`));
  if (vscode.window.activeTextEditor && isChartDocument(vscode.window.activeTextEditor.document) && config().get('openPreviewAutomatically', false)) {
    open(vscode.ViewColumn.Beside)();
  }
}

function deactivate() {}

module.exports = { activate, deactivate };
