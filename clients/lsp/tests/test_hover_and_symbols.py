"""Hover and document symbols."""

import pytest
from .helpers import marked
from lsprotocol import types

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/hover.chart.json"


@pytest.mark.parametrize("text,needles", [
    ('{"wi‸dth": 640}', ["**`width`**", "Canvas width in px.", "default `800`", "16 … 16384"]),
    ('{"dataSets": [{"line": {"mo‸de": "stepped"}}]}', ["**`mode`**", "`cubicBezier`", "default `\"linear\"`"]),
    ('{"kind": "ar‸ea"}', ["`area` is not one of the accepted values", "`combined`"]),
    ('{"pie": {"holeRadius": 0.‸7}}', ["**`holeRadius`**", "0 … 1"]),
    ('{"xAxis": {"format": {"pat‸tern": "yyyy"}}}', ["**`pattern`**", "date"]),
])
async def test_hover_describes_the_property(session, text, needles):
    text, (line, col) = marked(text)
    session.open(URI, text)
    hover = await session.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col)))
    assert hover.contents.kind == "markdown"
    for n in needles:
        assert n in hover.contents.value


async def test_no_hover_outside_the_spec(session):
    text, (line, col) = marked('{"zz‸z": 1}')
    session.open(URI, text)
    assert await session.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col))) is None


async def test_document_symbols(session):
    session.open(URI, '{\n"dataSets": [{"id": "a", "entries": [1]}, {"id": "b", "kind": "bar"}],\n'
                      '"leftAxis": {"title": "€"},\n"limitLines": [{"value": 3, "label": "max"}]\n}')
    symbols = await session.client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [s.name for s in symbols] == ["dataSets", "leftAxis", "limitLines"]
    assert [c.name for c in symbols[0].children] == ["a", "b"]
    assert symbols[1].detail == "€"
    assert symbols[2].children[0].name == "max (3)"
    assert symbols[0].range.start.line == 1


async def test_inlay_hints_write_each_x_as_the_date_axis_does(session):
    text = ('{"xAxis": {"format": {"type": "date", "pattern": "MMM d"}},\n'
            ' "dataSets": [{"id": "a", "entries": [\n  {"x": 1718236800, "y": 1},\n  {"x": 1718323200, "y": 2}\n ]}]}')
    session.open(URI, text)
    await session.sync()
    lines = text.split("\n")
    hints = await session.client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=len(lines), character=0))))
    assert [h.label for h in hints] == ["Jun 13", "Jun 14"]
    # Each right after its x, in UTF-16 columns (ASCII here: string indices).
    assert [(h.position.line, lines[h.position.line][:h.position.character][-10:]) for h in hints] == \
        [(2, "1718236800"), (3, "1718323200")]
    assert all(h.padding_left for h in hints)
    only_third = await session.client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=types.Position(line=3, character=0), end=types.Position(line=3, character=40))))
    assert [h.label for h in only_third] == ["Jun 14"]
