"""Incremental sync: many small edits leave chartd with the text a full sync gives."""

import random

import pytest
from lsprotocol import types

pytestmark = pytest.mark.asyncio

SPEC = ('{\n  "kind": "bar",\n  "title": "売上 📈",\n  "dataSets": [\n    {"id": "north", "entries": [1, 2, 3]},\n'
        '    {"id": "south", "entries": [3, 2, 1]}\n  ],\n  "legend": {"form": "circle"}\n}')


def position(text, offset):
    """The LSP position (UTF-16 columns) of a character offset into `text`."""
    before = text[:offset]
    line = before.count("\n")
    last = before.rsplit("\n", 1)[-1]
    return line, len(last.encode("utf-16-le")) // 2


async def outline(session, uri):
    symbols = await session.client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    return [(s.name, s.detail, [(c.name, c.detail) for c in s.children or []]) for s in symbols or []]


def comparable(diags):
    return sorted((d.code, d.message, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character)
                  for d in diags)


async def test_many_small_edits_equal_a_full_sync(session):
    inc, full = "file:///tmp/inc.chart.json", "file:///tmp/full.chart.json"
    text = SPEC
    session.open(inc, text)
    session.open(full, text)
    rng = random.Random(5)
    pieces = ["1", "a", "日", "😀", ",", " ", "\n", '"', "x", ""]
    for step in range(300):
        # Type, delete or replace one to three characters somewhere (several changes in one message now and then).
        changes = []
        for _ in range(1 if rng.random() < 0.8 else 3):
            start = rng.randrange(len(text) + 1)
            end = min(len(text), start + rng.choice([0, 0, 1, 2]))
            new = rng.choice(pieces)
            changes.append(((position(text, start), position(text, end)), new))
            text = text[:start] + new + text[end:]
        session.change(inc, changes)
        session.change(full, [text])
        if step % 50 == 49:
            a, b = await session.diagnostics(inc), await session.diagnostics(full)
            assert comparable(a) == comparable(b), f"step {step}"
            assert await outline(session, inc) == await outline(session, full)
    # The original text again: it reads as the spec.
    session.change(inc, [SPEC])
    session.change(full, [SPEC])
    assert list(await session.diagnostics(inc)) == [] and list(await session.diagnostics(full)) == []
    assert await outline(session, inc) == await outline(session, full)
