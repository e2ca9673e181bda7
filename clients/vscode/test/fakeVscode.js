'use strict';
// A stand-in for the parts of the VS Code API the extension uses (tests never load `vscode`).

class Position {
  constructor(line, character) {
    this.line = line;
    this.character = character;
  }
}

class Range {
  constructor(start, end) {
    this.start = start;
    this.end = end;
  }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };

class Diagnostic {
  constructor(range, message, severity) {
    this.range = range;
    this.message = message;
    this.severity = severity;
  }
}

class Uri {
  constructor(path, scheme = 'file') {
    this.path = path;
    this.scheme = scheme;
    this.fsPath = path;
  }

  static file(path) {
    return new Uri(path);
  }

  static joinPath(base, ...parts) {
    const segments = base.path.split('/');
    for (const part of parts) {
      if (part === '..') segments.pop();
      else segments.push(part);
    }
    return new Uri(segments.join('/'), base.scheme);
  }

  toString() {
    return `${this.scheme}://${this.path}`;
  }
}

/** A text document whose content the test changes with `setText`. */
class FakeDocument {
  constructor(path, text) {
    this.uri = Uri.file(path);
    this.fileName = path;
    this.text = text;
  }

  getText() {
    return this.text;
  }

  positionAt(offset) {
    const before = this.text.slice(0, Math.max(0, Math.min(offset, this.text.length)));
    const lines = before.split('\n');
    return new Position(lines.length - 1, lines[lines.length - 1].length);
  }
}

class FakePanel {
  constructor(viewType, title, column, options) {
    Object.assign(this, { viewType, title, column, options, disposed: false, revealed: 0 });
    this.disposeListeners = [];
    const panel = this;
    this.webview = {
      html: '',
      cspSource: 'vscode-webview:',
      messages: [],
      handler: null,
      postMessage(message) {
        this.messages.push(structuredClone(message));
        panel.onPost?.(message);
        return Promise.resolve(true);
      },
      onDidReceiveMessage(fn) {
        this.handler = fn;
        return { dispose() {} };
      },
      asWebviewUri(uri) {
        return `vscode-webview://${uri.path}`;
      },
    };
  }

  /** Simulates the webview sending a message to the extension. */
  receive(message) {
    this.webview.handler?.(message);
  }

  onDidDispose(fn) {
    this.disposeListeners.push(fn);
    return { dispose() {} };
  }

  reveal() {
    this.revealed++;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    for (const fn of this.disposeListeners) fn();
  }
}

class FakeDiagnosticCollection {
  constructor(name) {
    this.name = name;
    this.map = new Map();
  }

  set(uri, list) {
    this.map.set(uri.toString(), list);
  }

  delete(uri) {
    this.map.delete(uri.toString());
  }

  get(uri) {
    return this.map.get(uri.toString());
  }

  dispose() {
    this.map.clear();
  }
}

/** A fresh API stand-in plus the handles a test needs (`fireChange`, `panels`, `messagesShown`). */
function createFakeVscode() {
  const changeListeners = [];
  const panels = [];
  const messagesShown = [];
  const errorsShown = []; // [message, ...actions]; `answerError` picks the action a user would click
  const commandsRun = [];
  const configListeners = [];
  const settings = new Map();
  const vscode = {
    Position,
    Range,
    Diagnostic,
    DiagnosticSeverity,
    Uri,
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
    languages: { createDiagnosticCollection: (name) => new FakeDiagnosticCollection(name) },
    workspace: {
      onDidChangeTextDocument(fn) {
        changeListeners.push(fn);
        return { dispose: () => changeListeners.splice(changeListeners.indexOf(fn), 1) };
      },
      onDidChangeConfiguration(fn) {
        configListeners.push(fn);
        return { dispose: () => configListeners.splice(configListeners.indexOf(fn), 1) };
      },
      getConfiguration: (section) => ({ get: (key, fallback) => settings.get(`${section}.${key}`) ?? fallback }),
    },
    commands: { executeCommand: async (...args) => commandsRun.push(args) },
    window: {
      activeTextEditor: null,
      createWebviewPanel(...args) {
        const panel = new FakePanel(...args);
        panels.push(panel);
        return panel;
      },
      showInformationMessage: (m) => messagesShown.push(m),
      showErrorMessage: async (message, ...actions) => {
        errorsShown.push([message, ...actions]);
        return vscode.answerError?.(message, actions);
      },
    },
  };
  /** Sets a setting and tells the listeners, as the Settings editor does. */
  const changeSetting = (key, value) => {
    settings.set(key, value);
    const event = { affectsConfiguration: (section) => key === section || key.startsWith(`${section}.`) };
    for (const fn of [...configListeners]) fn(event);
  };
  const fireChange = (document, text) => {
    document.text = text;
    for (const fn of [...changeListeners]) fn({ document, contentChanges: [] });
  };
  return { vscode, panels, fireChange, messagesShown, errorsShown, commandsRun, changeSetting, FakeDocument };
}

module.exports = { createFakeVscode, FakeDocument };
