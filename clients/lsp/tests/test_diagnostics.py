"""Diagnostics as an LSP client sees them: ranges in UTF-16 units, codes, related places."""

import pytest
from .helpers import marked

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/sales.chart.json"


def where(d):
    return (d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character)


async def test_ranges_in_utf16_units_after_cjk_and_emoji(session):
    text = '{\n  "title": "売上高 📈 2024", "widht": 640,\n  "legend": {"form": "sqare"}, "kind": "line"\n}'
    session.open(URI, text)
    diags = sorted(await session.diagnostics(URI), key=where)
    assert [d.code for d in diags] == ["unknown-property", "unknown-value"]
    # '  "title": "' is 12 units, 売上高 3, ' ' 1, 📈 2 (a surrogate pair), ' 2024", ' 8: "widht" at 26.
    assert where(diags[0]) == (1, 26, 1, 33)
    assert diags[0].severity == 2 and diags[0].source == "chartd"
    assert "did you mean 'width'" in diags[0].message
    assert where(diags[1]) == (2, 21, 2, 28)
    assert diags[1].severity == 1


async def test_wrong_values_at_the_value_and_missing_members_at_their_object(session):
    text = '{"width": 10, "limitLines": [{"label": "target"}], "dataSets": [{"id": "a"}, {"id": "a"}]}'
    session.open(URI, text)
    diags = {d.code: d for d in await session.diagnostics(URI)}
    assert text[diags["out-of-range"].range.start.character:diags["out-of-range"].range.end.character] == "10"
    missing = diags["missing-property"].range
    assert text[missing.start.character:missing.end.character] == "{"
    dup = diags["duplicate-id"]
    assert text[dup.range.start.character:dup.range.end.character] == '"a"'
    assert dup.range.start.character == text.rindex('"a"')
    related = dup.related_information[0]
    assert related.location.uri == URI and related.location.range.start.character == text.index('"a"')


async def test_syntax_error_then_fixed(session):
    text, (line, col) = marked('{\n  "kind": "bar",\n  "title" ‸"x"\n}')
    session.open(URI, text)
    diags = await session.diagnostics(URI)
    assert len(diags) == 1 and diags[0].code == "json-syntax"
    assert (diags[0].range.start.line, diags[0].range.start.character) == (line, col)
    session.change(URI, [(((line, col - 1), (line, col - 1)), ":")])
    assert list(await session.diagnostics(URI)) == []


async def test_only_chart_spec_files_are_served(session):
    session.open("file:///tmp/package.json", '{"kind": 3}', language_id="json")
    session.open("untitled:Untitled-1", '{"kind": 3}', language_id="chart-json")
    await session.sync()
    assert "file:///tmp/package.json" not in session.client.diagnostics
    assert [d.code for d in session.client.diagnostics["untitled:Untitled-1"]] == ["wrong-type"]


async def test_close_clears(session):
    session.open(URI, '{"kind": "lin"}')
    assert len(await session.diagnostics(URI)) == 1
    from lsprotocol import types
    session.client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert list(await session.diagnostics(URI)) == []


async def test_quick_fixes(session):
    from lsprotocol import types
    text = '{"kind": "area", "dataSets": [{"id": "a", "entries": [1, 2]}], "legend": {"formSise": 4}}'
    session.open(URI, text)
    diags = await session.diagnostics(URI)
    actions = await session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=types.Range(start=types.Position(line=0, character=0),
                                                                              end=types.Position(line=0, character=len(text))),
        context=types.CodeActionContext(diagnostics=diags)))
    titles = sorted(a.title for a in actions)
    assert titles == ["Rename 'formSise' to 'formSize'", "Use 'line' with \"line\": {\"fill\": true} on each data set"]
    assert all(a.kind == "quickfix" for a in actions)


async def test_members_not_drawn_with_are_faded_hints_with_a_removal(session):
    """A style for another kind than the data set is drawn as is an Unnecessary hint; its quick fix,
    offered but not preferred, removes the member and leaves JSON that reads without it."""
    import json
    from lsprotocol import types
    text = '{"kind": "line",\n "dataSets": [{"id": "a", "entries": [1, 2], "bar": {"cornerRadius": 4}}]}'
    session.open(URI, text)
    diags = list(await session.diagnostics(URI))
    assert [d.code for d in diags] == ["unused"]
    hint = diags[0]
    assert hint.severity == types.DiagnosticSeverity.Hint
    assert list(hint.tags) == [types.DiagnosticTag.Unnecessary]
    assert where(hint) == (1, text.split("\n")[1].index('"bar"'), 1, text.split("\n")[1].index('"bar"') + 5)
    actions = await session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=hint.range,
        context=types.CodeActionContext(diagnostics=diags)))
    assert [(a.title, a.is_preferred) for a in actions] == [("Remove 'bar' (not used)", False)]
    lines = text.split("\n")
    for edit in reversed(actions[0].edit.changes[URI]):  # one line here: columns are UTF-16 units of ASCII
        r = edit.range
        assert r.start.line == r.end.line == 1
        lines[1] = lines[1][:r.start.character] + edit.new_text + lines[1][r.end.character:]
    assert json.loads("\n".join(lines)) == {"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2]}]}
