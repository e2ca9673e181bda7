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
const DiagnosticTag = { Unnecessary: 1, Deprecated: 2 };

/** Plain records for the result types the providers build. */
class CompletionItem {
  constructor(label, kind) {
    this.label = label;
    this.kind = kind;
  }
}
class SnippetString {
  constructor(value) {
    this.value = value;
  }
}
class MarkdownString {
  constructor(value) {
    this.value = value;
  }
}
class Hover {
  constructor(contents, range) {
    this.contents = contents;
    this.range = range;
  }
}
class DocumentSymbol {
  constructor(name, detail, kind, range, selectionRange) {
    Object.assign(this, { name, detail, kind, range, selectionRange, children: [] });
  }
}
class Location {
  constructor(uri, range) {
    this.uri = uri;
    this.range = range;
  }
}
class DiagnosticRelatedInformation {
  constructor(location, message) {
    this.location = location;
    this.message = message;
  }
}
class CodeAction {
  constructor(title, kind) {
    this.title = title;
    this.kind = kind;
  }
}
class WorkspaceEdit {
  constructor() {
    this.edits = [];
  }
  replace(uri, range, newText) {
    this.edits.push({ uri, range, newText });
  }
}

class Color {
  constructor(red, green, blue, alpha) {
    Object.assign(this, { red, green, blue, alpha });
  }
}
class ColorInformation {
  constructor(range, color) {
    this.range = range;
    this.color = color;
  }
}
class ColorPresentation {
  constructor(label) {
    this.label = label;
  }
}
class TextEdit {
  constructor(range, newText) {
    this.range = range;
    this.newText = newText;
  }
  static replace(range, newText) {
    return new TextEdit(range, newText);
  }
}
class FoldingRange {
  constructor(start, end, kind) {
    Object.assign(this, { start, end, kind });
  }
}
class SelectionRange {
  constructor(range, parent) {
    this.range = range;
    this.parent = parent;
  }
}
class DocumentHighlight {
  constructor(range, kind) {
    this.range = range;
    this.kind = kind;
  }
}
class InlayHint {
  constructor(position, label, kind) {
    Object.assign(this, { position, label, kind });
  }
}

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

/** A text document whose content the test changes with `fireChange`. */
class FakeDocument {
  constructor(path, text, languageId = 'json') {
    this.uri = Uri.file(path);
    this.fileName = path;
    this.text = text;
    this.languageId = languageId;
    this.version = 1;
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
  const openListeners = [];
  const closeListeners = [];
  const providers = {};
  const errorsShown = []; // [message, ...actions]; `answerError` picks the action a user would click
  const commandsRun = [];
  const configListeners = [];
  const settings = new Map();
  const listen = (list) => (fn) => {
    list.push(fn);
    return { dispose: () => list.splice(list.indexOf(fn), 1) };
  };
  const register = (kind) => (selector, provider) => {
    providers[kind] = provider;
    return { dispose() {} };
  };
  const panels = [];
  const messagesShown = [];
  const quickPicks = [];
  const commandsRegistered = new Map(); // what extension.js's activate registers
  const outputLines = []; // the output channel's lines
  const vscode = {
    Position,
    Range,
    Diagnostic,
    DiagnosticSeverity,
    DiagnosticTag,
    Uri,
    CompletionItem,
    SnippetString,
    MarkdownString,
    Hover,
    DocumentSymbol,
    Location,
    DiagnosticRelatedInformation,
    CodeAction,
    CodeActionKind: { QuickFix: 'quickfix' },
    WorkspaceEdit,
    Color,
    ColorInformation,
    ColorPresentation,
    TextEdit,
    FoldingRange,
    SelectionRange,
    DocumentHighlight,
    DocumentHighlightKind: { Text: 0, Read: 1, Write: 2 },
    InlayHint,
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
    languages: {
      createDiagnosticCollection: (name) => new FakeDiagnosticCollection(name),
      registerCompletionItemProvider: register('completion'),
      registerHoverProvider: register('hover'),
      registerDocumentSymbolProvider: register('symbols'),
      registerCodeActionsProvider: register('codeActions'),
      registerColorProvider: register('colors'),
      registerDocumentFormattingEditProvider: register('formatting'),
      registerDocumentRangeFormattingEditProvider: register('rangeFormatting'),
      registerFoldingRangeProvider: register('folding'),
      registerSelectionRangeProvider: register('selectionRanges'),
      registerDefinitionProvider: register('definition'),
      registerReferenceProvider: register('references'),
      registerDocumentHighlightProvider: register('highlights'),
      registerRenameProvider: register('rename'),
      registerInlayHintsProvider: register('inlayHints'),
    },
    workspace: {
      textDocuments: [],
      onDidChangeTextDocument: listen(changeListeners),
      onDidOpenTextDocument: listen(openListeners),
      onDidCloseTextDocument: listen(closeListeners),
      onDidChangeConfiguration: listen(configListeners),
      getConfiguration: (section) => ({ get: (key, fallback) => settings.get(`${section}.${key}`) ?? fallback }),
    },
    commands: {
      executeCommand: async (...args) => commandsRun.push(args),
      registerCommand: (name, fn) => {
        commandsRegistered.set(name, fn);
        return { dispose: () => commandsRegistered.delete(name) };
      },
    },
    window: {
      activeTextEditor: null,
      createWebviewPanel(...args) {
        const panel = new FakePanel(...args);
        panels.push(panel);
        return panel;
      },
      createOutputChannel: (name) => ({ name, lines: outputLines, appendLine: (line) => outputLines.push(line), dispose() {} }),
      showInformationMessage: (m) => messagesShown.push(m),
      /** Records the menu; `vscode.answerQuickPick(items, options)` picks (undefined: dismissed). */
      showQuickPick: async (items, options) => {
        quickPicks.push([items, options]);
        return vscode.answerQuickPick?.(items, options);
      },
      showErrorMessage: async (message, ...actions) => {
        errorsShown.push([message, ...actions]);
        return vscode.answerError?.(message, actions);
      },
    },
  };
  /** Replaces the text (a whole-text change), or with `edit` {range, text} one range of it. */
  const fireChange = (document, text, edit) => {
    document.text = text;
    document.version++;
    for (const fn of [...changeListeners]) fn({ document, contentChanges: edit ? [edit] : [] });
  };
  const fireOpen = (document) => {
    vscode.workspace.textDocuments.push(document);
    for (const fn of [...openListeners]) fn(document);
  };
  const fireClose = (document) => {
    for (const fn of [...closeListeners]) fn(document);
  };
  /** Sets a setting and tells the listeners, as the Settings editor does. */
  const changeSetting = (key, value) => {
    settings.set(key, value);
    const event = { affectsConfiguration: (section) => key === section || key.startsWith(`${section}.`) };
    for (const fn of [...configListeners]) fn(event);
  };
  return { vscode, panels, fireChange, fireOpen, fireClose, providers, messagesShown, quickPicks, errorsShown, commandsRun, changeSetting,
    commandsRegistered, outputLines, FakeDocument };
}

module.exports = { createFakeVscode, FakeDocument };
