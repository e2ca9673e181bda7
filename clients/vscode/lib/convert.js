'use strict';
// LSP values (from chartd) as VS Code API objects, and VS Code changes as LSP content changes.
// Everything VS Code is reached through the injected `vscode` object, so tests pass a stand-in.

const range = (vscode, r) => new vscode.Range(new vscode.Position(r.start.line, r.start.character), new vscode.Position(r.end.line, r.end.character));

const lspRange = (r) => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });

function diagnostic(vscode, uri, d) {
  const severity = [null, vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint][d.severity] ?? vscode.DiagnosticSeverity.Error;
  const out = new vscode.Diagnostic(range(vscode, d.range), d.message, severity);
  out.source = d.source;
  out.code = d.code;
  // LSP tags 1 Unnecessary (faded) and 2 Deprecated (struck through); VS Code has the same two.
  const tags = (d.tags ?? []).map((t) => (t === 1 ? vscode.DiagnosticTag.Unnecessary : t === 2 ? vscode.DiagnosticTag.Deprecated : null));
  if (tags.some((t) => t !== null)) out.tags = tags.filter((t) => t !== null);
  if (Array.isArray(d.relatedInformation)) {
    out.relatedInformation = d.relatedInformation.map((r) => new vscode.DiagnosticRelatedInformation(
      new vscode.Location(uri, range(vscode, r.location.range)), r.message));
  }
  return out;
}

function completionItem(vscode, item) {
  const out = new vscode.CompletionItem(item.label, item.kind - 1); // LSP kinds are 1-based
  out.detail = item.detail;
  if (item.documentation) out.documentation = new vscode.MarkdownString(item.documentation.value ?? String(item.documentation));
  const text = item.textEdit ? item.textEdit.newText : item.insertText ?? item.label;
  out.insertText = item.insertTextFormat === 2 ? new vscode.SnippetString(text) : text;
  if (item.textEdit) out.range = range(vscode, item.textEdit.range);
  out.filterText = item.filterText;
  out.sortText = item.sortText;
  return out;
}

function hover(vscode, h) {
  if (!h) return null;
  const value = h.contents?.value ?? String(h.contents ?? '');
  return new vscode.Hover(new vscode.MarkdownString(value), h.range ? range(vscode, h.range) : undefined);
}

function documentSymbol(vscode, s) {
  const out = new vscode.DocumentSymbol(s.name, s.detail ?? '', s.kind - 1, range(vscode, s.range), range(vscode, s.selectionRange));
  out.children = (s.children ?? []).map((c) => documentSymbol(vscode, c));
  return out;
}

function codeAction(vscode, uri, a, diagnostics) {
  const out = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
  out.isPreferred = !!a.isPreferred;
  out.edit = new vscode.WorkspaceEdit();
  for (const e of a.edit?.changes?.[uri.toString()] ?? []) out.edit.replace(uri, range(vscode, e.range), e.newText);
  // The editor's own diagnostic objects, matched by code and range.
  out.diagnostics = (a.diagnostics ?? []).map((d) => diagnostics.find((v) => v.code === d.code
    && v.range.start.line === d.range.start.line && v.range.start.character === d.range.start.character)).filter(Boolean);
  return out;
}

module.exports = { range, lspRange, diagnostic, completionItem, hover, documentSymbol, codeAction };
