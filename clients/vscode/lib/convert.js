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

const position = (vscode, p) => new vscode.Position(p.line, p.character);

const textEdit = (vscode, e) => vscode.TextEdit.replace(range(vscode, e.range), e.newText);

const location = (vscode, uri, l) => new vscode.Location(uri, range(vscode, l.range));

function colorInformation(vscode, c) {
  return new vscode.ColorInformation(range(vscode, c.range), new vscode.Color(c.color.red, c.color.green, c.color.blue, c.color.alpha));
}

function colorPresentation(vscode, p) {
  const out = new vscode.ColorPresentation(p.label);
  if (p.textEdit) out.textEdit = textEdit(vscode, p.textEdit);
  return out;
}

function foldingRange(vscode, f) {
  return new vscode.FoldingRange(f.startLine, f.endLine);
}

/** LSP's `{range, parent}` chain as VS Code's SelectionRange chain. */
function selectionRange(vscode, s) {
  return s ? new vscode.SelectionRange(range(vscode, s.range), selectionRange(vscode, s.parent)) : undefined;
}

function documentHighlight(vscode, h) {
  // LSP kinds 1 Text, 2 Read, 3 Write; VS Code's enum counts from 0.
  return new vscode.DocumentHighlight(range(vscode, h.range), (h.kind ?? 1) - 1);
}

/** A rename's `{changes: {uri: TextEdit[]}}` as a WorkspaceEdit on this document. */
function workspaceEdit(vscode, uri, edit) {
  const out = new vscode.WorkspaceEdit();
  for (const e of edit?.changes?.[uri.toString()] ?? []) out.replace(uri, range(vscode, e.range), e.newText);
  return out;
}

function inlayHint(vscode, h) {
  const out = new vscode.InlayHint(position(vscode, h.position), h.label);
  out.paddingLeft = !!h.paddingLeft;
  if (h.tooltip) out.tooltip = h.tooltip;
  return out;
}

module.exports = {
  range, lspRange, diagnostic, completionItem, hover, documentSymbol, codeAction, textEdit, location, colorInformation,
  colorPresentation, foldingRange, selectionRange, documentHighlight, workspaceEdit, inlayHint,
};
