'use strict';
// What the user sees when chartd cannot start, and how settings changes take effect without a
// reload. Kept apart from extension.js, with the VS Code API injected, so tests can drive it.

const SET_PATH = 'Set chartd.path';

/**
 * Reports a failed daemon start once per episode (a later success, or a settings change, starts a
 * new one): a missing binary gets an error notification whose action opens the `chartd.path` setting.
 */
class StartFailureReporter {
  constructor(vscode, log = () => {}) {
    this.vscode = vscode;
    this.log = log;
    this.reported = false;
  }

  /** Called with the error of a failed start; returns the notification's promise (for tests). */
  report(error) {
    this.log(`chartd could not start: ${error?.message ?? error}`);
    if (this.reported) return Promise.resolve(undefined);
    this.reported = true;
    const { window, commands } = this.vscode;
    if (error?.name !== 'DaemonNotFoundError') return Promise.resolve(window.showErrorMessage(`chartd could not start: ${error?.message ?? error}`));
    const message = `chartd: ${error.message}. Set "chartd.path" to the chartd binary (scripts/install puts it on PATH).`;
    return Promise.resolve(window.showErrorMessage(message, SET_PATH)).then((choice) => {
      if (choice === SET_PATH) return commands.executeCommand('workbench.action.openSettings', 'chartd.path');
      return undefined;
    });
  }

  /** A start succeeded, or the settings changed: the next failure is news again. */
  reset() {
    this.reported = false;
  }
}

/**
 * Applies `chartd.*` settings as they change: a new `chartd.path` restarts the daemon (`SharedDaemon`;
 * the open documents and previews re-open on the new one). Returns the subscription to dispose.
 */
function watchSettings(vscode, daemon, reporter, log = () => {}) {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration('chartd.path')) return;
    reporter.reset();
    daemon.restartClient().catch((error) => log(`chartd restart: ${error.message}`));
  });
}

module.exports = { StartFailureReporter, watchSettings, SET_PATH };
