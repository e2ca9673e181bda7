"""Completion at many cursor positions: what is offered is what the spec allows there."""

import pytest
from .helpers import marked
from lsprotocol import types

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/complete.chart.json"
CHART_KINDS = {"line", "bar", "scatter", "bubble", "candlestick", "pie", "combined"}
DATA = '"dataSets": [{"id": "north", "entries": [1, 2]}, {"label": "south", "entries": [3]}]'

# (marked text, labels that must be offered, labels that must not)
CASES = [
    ('{"kind": "‸"}', CHART_KINDS, set()),
    ('{"kind": ‸}', CHART_KINDS, set()),
    ('{"kind": "ba‸r"}', CHART_KINDS, set()),
    ('{"theme": "‸"}', {"light", "dark", "highContrast"}, set()),
    ('{‸}', {"kind", "dataSets", "width", "$schema", "legend"}, set()),
    ('{"kind": "bar", ‸}', {"dataSets", "width"}, {"kind"}),
    ('{"wid‸th": 5}', {"width"}, set()),
    ('{"dataSets": [{"id": "a", ‸}]}', {"label", "color", "line", "entries", "axis"}, {"id", "width"}),
    ('{"dataSets": [{"line": {"mode": "‸"}}]}', {"linear", "stepped", "cubicBezier", "horizontalBezier"}, set()),
    ('{"dataSets": [{"line": {‸}}]}', {"mode", "fill", "fillGradient", "dash"}, {"shape"}),
    ('{"dataSets": [{"bar": {"corners": ‸}}]}', {"top", "both"}, set()),
    ('{"dataSets": [{"scatter": {"shape": "‸"}}]}', {"circle", "square", "triangle", "cross", "x", "chevronUp", "chevronDown"}, set()),
    ('{"dataSets": [{"axis": "‸"}]}', {"left", "right"}, set()),
    ('{"dataSets": [{"kind": "‸"}]}', {"line", "bar", "scatter", "bubble", "candlestick"}, {"pie", "combined"}),
    ('{"xAxis": {"labelPosition": "‸"}}', {"bottom", "top", "both", "insideBottom"}, {"outside"}),
    ('{"leftAxis": {"labelPosition": "‸"}}', {"outside", "inside"}, {"bottom"}),
    ('{"leftAxis": {‸}}', {"spaceTop", "inverted", "includeZero", "format"}, {"labelRotation"}),
    ('{"xAxis": {"format": "‸"}}', {"number", "percent", "compact", "date"}, set()),
    ('{"xAxis": {"format": {"type": "date", ‸}}}', {"pattern", "decimals"}, {"type"}),
    ('{"legend": {"form": "‸"}}', {"square", "circle", "line", "none"}, set()),
    ('{"legend": {"inside": ‸}}', {"true", "false"}, set()),
    ('{"limitLines": [{"labelPosition": "‸"}]}', {"leftTop", "leftBottom", "rightTop", "rightBottom", "axis"}, set()),
    ('{"limitLines": [{"value": 1, ‸}]}', {"axis", "label", "color", "dash"}, {"value"}),
    ('{"pie": {"entryLabels": "‸"}}', {"inside", "outside", "none"}, set()),
    ('{"largeData": {"mode": "‸"}}', {"auto", "lossless"}, set()),
    ('{' + DATA + ', "highlights": [{"dataSet": "‸"}]}', {"north", "south"}, set()),
    ('{' + DATA + ', "highlights": [{‸}]}', {"dataSet", "index", "stackIndex"}, set()),
    ('{"padding": {‸}}', {"top", "left", "bottom", "right"}, set()),
    ('{"dataSets": [{"entries": {"y": [1], ‸}}]}', {"x", "labels", "colors", "stacks"}, {"y"}),
]


def labels(result):
    items = result.items if hasattr(result, "items") else result
    return {i.label for i in items or []}


@pytest.mark.parametrize("text,wanted,unwanted", CASES, ids=[c[0] for c in CASES])
async def test_completion_offers_what_is_valid_there(session, text, wanted, unwanted):
    text, (line, col) = marked(text)
    session.open(URI, text)
    result = await session.client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col)))
    got = labels(result)
    assert wanted <= got, f"missing {wanted - got}"
    assert not (unwanted & got), f"offered {unwanted & got}"


async def test_items_carry_documentation_and_snippets(session):
    text, (line, col) = marked('{\n  ‸\n}')
    session.open(URI, text)
    result = await session.client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col)))
    width = next(i for i in result if i.label == "width")
    assert width.kind == types.CompletionItemKind.Property
    assert width.insert_text_format == types.InsertTextFormat.Snippet
    assert width.text_edit.new_text == '"width": ${1:800}'
    assert width.documentation.kind == "markdown" and "Canvas width in px." in width.documentation.value
    assert "16 … 16384" in width.detail


async def test_completion_after_cjk_replaces_the_right_columns(session):
    text, (line, col) = marked('{"title": "日本語😀", "theme": "da‸"}')
    session.open(URI, text)
    result = await session.client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col)))
    dark = next(i for i in result if i.label == "dark")
    # `{"title": "` 11 units, 日本語 3, 😀 2 (a surrogate pair), `", "theme": ` 12: "da" at 28 in UTF-16.
    assert (dark.text_edit.range.start.character, dark.text_edit.range.end.character) == (28, 32)
    assert dark.text_edit.new_text == '"dark"'
