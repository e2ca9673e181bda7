"""Formatting, folding and selection ranges, through pytest-lsp's client (lsprotocol checks the shapes).

The oracle for "formatting changes nothing but whitespace" is Python's json module, reading every
number as its text and every object as its list of members (order and duplicates kept); the edits
are applied here, in UTF-16 units, by code that shares nothing with chartd's.
"""

import json
import os
import random
import sys

import pytest
from lsprotocol import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "blackbox"))
from language import bracket_lines  # noqa: E402  (the black-box checker's own bracket scanner)

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/format.chart.json"
DOC = types.TextDocumentIdentifier(uri=URI)


def apply(text, edits):
    """`text` with LSP edits applied (positions in UTF-16 code units, edits against the original)."""
    lines = text.split("\n")

    def offset(p):
        line = lines[p.line].encode("utf-16-le")[:2 * p.character].decode("utf-16-le")
        return sum(len(x) + 1 for x in lines[:p.line]) + len(line)

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for (a, b, _), (c, d, _) in zip(spans, spans[1:]):
        assert d <= a, "edits overlap"
    for a, b, new in spans:
        text = text[:a] + new + text[b:]
    return text


def meaning(text):
    """What a JSON text says, numbers as written, members in order with duplicates."""
    return json.loads(text, parse_float=str, parse_int=str, object_pairs_hook=list)


async def format_text(session, text, tab_size=2, spaces=True, version_text=True):
    if version_text:
        session.open(URI, text) if URI not in session.versions else session.change(URI, [text])
        await session.sync()
    return await session.client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=DOC, options=types.FormattingOptions(tab_size=tab_size, insert_spaces=spaces)))


async def test_a_spec_is_laid_out_and_means_the_same(session):
    text = ('{"kind":"line","title":{"text":"Ventes — 2026 😀"},"dataSets":[{"id":"a","entries":['
            + ",".join(str(v * 1.5) for v in range(60)) + ']},{"id":"b","color":"tomato","entries":[{"x":0,"y":1.50}]}],'
            '"xAxis":{"labelCount":5,"labelCount":6}}\n')
    edits = await format_text(session, text)
    out = apply(text, edits)
    assert meaning(out) == meaning(text)
    assert out.startswith('{\n  "kind": "line",\n  "title": {"text": "Ventes — 2026 😀"},\n  "dataSets": [\n')
    assert '"entries": [{"x": 0, "y": 1.50}]' in out, "numbers stay as written"
    assert '"xAxis": {"labelCount": 5, "labelCount": 6}' in out, "duplicates stay"
    assert all(len(line) <= 80 for line in out.split("\n"))
    entries = [line for line in out.split("\n") if line.startswith("        ") and "," in line]
    assert len(entries) >= 3 and all(line.count(",") > 5 for line in entries[:-1]), "numbers filled, not one per line"
    assert out.endswith("}\n")
    assert list(await format_text(session, out)) == [], "formatting a formatted text changes nothing"


async def test_random_texts_keep_their_meaning_and_settle(session):
    rng = random.Random(1)

    def value(depth):
        pick = rng.randrange(4 if depth > 3 else 7)
        if pick == 0:
            return rng.choice(["0", "-1.5e3", "2.50", "1E+2"])
        if pick == 1:
            return json.dumps(rng.choice(["a", "é😀\"", "", "words " * rng.randrange(12)]), ensure_ascii=rng.random() < 0.5)
        if pick == 2:
            return rng.choice(["true", "false", "null"])
        if pick == 3:
            return str(rng.randrange(10 ** rng.randrange(1, 9)))
        ws = lambda: rng.choice(["", " ", "\n", "\t", "\n   "])  # noqa: E731
        if pick == 4:
            return "[" + ",".join(ws() + value(depth + 1) + ws() for _ in range(rng.randrange(30))) + "]"
        return "{" + ",".join(ws() + json.dumps(f"k{k}") + ws() + ":" + ws() + value(depth + 1)
                              for k in range(rng.randrange(6))) + ws() + "}"

    for round_ in range(60):
        text = "{" + '"dataSets": ' + value(1) + ', "extra": ' + value(1) + "}"
        tab, spaces = rng.randrange(5), rng.random() < 0.75
        out = apply(text, await format_text(session, text, tab, spaces))
        assert meaning(out) == meaning(text), round_
        assert list(await format_text(session, out, tab, spaces)) == [], round_


async def test_range_formatting_stays_in_its_range(session):
    text = '{"a":1,\n"b":{"c":[1,2]},\n"d":[3,4]}'
    session.open(URI, text)
    await session.sync()
    edits = await session.client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=DOC, range=types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=15)),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert edits and all(e.range.start.line >= 0 and e.range.end.line <= 1 for e in edits)
    assert apply(text, edits) == '{"a":1,\n    "b": {"c": [1, 2]},\n"d":[3,4]}'


async def test_folding_ranges_follow_the_brackets(session):
    text = ('{\n  "kind": "bar",\n  "dataSets": [{\n    "id": "a \\" [",\n    "entries": [1,\n      2]\n  }],\n'
            '  "legend": {\n    "enabled": true\n  }\n}\n')
    session.open(URI, text)
    await session.sync()
    folds = await session.client.text_document_folding_range_async(types.FoldingRangeParams(text_document=DOC))
    want, starts = [], set()
    for first, last in bracket_lines(text):  # in the order the brackets open: outermost first
        if last - 1 > first and first not in starts:
            want.append((first, last - 1))
            starts.add(first)
    assert [(f.start_line, f.end_line) for f in folds] == want
    assert want == [(0, 9), (2, 5), (7, 8)]


async def test_selection_ranges_grow_outwards(session):
    text = '{"dataSets": [{"id": "a", "entries": [1, 22, 3]}],\n "title": "😀 x"}'
    session.open(URI, text)
    await session.sync()
    positions = [types.Position(line=0, character=c) for c in range(0, 50, 3)] + [types.Position(line=1, character=12)]
    found = await session.client.text_document_selection_range_async(types.SelectionRangeParams(
        text_document=DOC, positions=positions))
    assert len(found) == len(positions)
    key = lambda p: (p.line, p.character)  # noqa: E731
    for p, s in zip(positions, found):
        assert key(s.range.start) <= key(p) <= key(s.range.end)
        chain = []
        while s is not None:
            chain.append(s.range)
            s = s.parent
        for inner, outer in zip(chain, chain[1:]):
            assert key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end) and inner != outer
        assert (key(chain[-1].start), key(chain[-1].end)) == ((0, 0), (1, len(' "title": "😀 x"}'.encode("utf-16-le")) // 2)), "the last step is the whole spec"


IDS = ('{"dataSets": [{"id": "nörth", "entries": [1]}, {"label": "South", "entries": [2]}],\n'
       ' "highlights": [{"dataSet": "nörth", "index": 0}, {"dataSet": "South", "index": 0}, {"dataSet": "n\\u00f6rth", "index": 0}]}')


def position_of(text, needle, nth=0):
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    before = text[:at + 1]
    line = before.count("\n")
    column = len(before[before.rfind("\n") + 1:].encode("utf-16-le")) // 2
    return types.Position(line=line, character=column)


async def test_data_set_ids_go_to_definition_and_rename_everywhere(session):
    session.open(URI, IDS)
    await session.sync()
    at = position_of(IDS, '"nörth"', 1)
    found = await session.client.text_document_definition_async(types.DefinitionParams(text_document=DOC, position=at))
    location = found[0] if isinstance(found, list) else found
    assert (location.range.start.line, location.range.start.character) == (0, 21)
    refs = await session.client.text_document_references_async(types.ReferenceParams(
        text_document=DOC, position=at, context=types.ReferenceContext(include_declaration=True)))
    want = [position_of(IDS, '"nörth"', 0), at, position_of(IDS, '"n\\u00f6rth"')]
    assert [(r.range.start.line, r.range.start.character + 1) for r in refs] == [(p.line, p.character) for p in want]
    prepared = await session.client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=DOC, position=at))
    assert prepared.placeholder == "nörth"
    edit = await session.client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name='Nord "N"'))
    renamed = json.loads(apply(IDS, edit.changes[URI]))
    assert renamed["dataSets"][0]["id"] == 'Nord "N"'
    assert [h["dataSet"] for h in renamed["highlights"]] == ['Nord "N"', "South", 'Nord "N"']
    # An id taken from a label is not renamed: the client gets the reason.
    with pytest.raises(Exception, match="has no \"id\""):
        await session.client.text_document_prepare_rename_async(types.PrepareRenameParams(
            text_document=DOC, position=position_of(IDS, '"South"', 1)))
