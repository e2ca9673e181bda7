"""A client that announces no language capabilities (no snippets, no nested symbols), as a minimal
editor integration does: chartd answers in the forms LSP gives such a client, which lsprotocol reads."""

import json

import pytest
from lsprotocol import types

from .conftest import CHARTD, pytest_lsp
from .helpers import Session, marked

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/minimal.chart.json"


@pytest_lsp.fixture(config=pytest_lsp.ClientServerConfig(server_command=[CHARTD or "chartd"]))
async def minimal(lsp_client: pytest_lsp.LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


async def test_completion_is_plain_text_that_reads_as_json(minimal):
    session = Session(minimal)
    text, (line, col) = marked('{"kind": "bar", ‸}')
    session.open(URI, text)
    items = await minimal.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=col)))
    assert items and all(i.insert_text_format in (None, types.InsertTextFormat.PlainText) for i in items)
    for item in items:
        # Each property inserted alone, where the cursor is, gives JSON (the snippet's defaults).
        member = item.text_edit.new_text
        assert "${" not in member and "$0" not in member, member
        inserted = text[:col] + member + text[col:]
        assert isinstance(json.loads(inserted), dict), inserted
    width = next(i for i in items if i.label == "width")
    assert width.text_edit.new_text == '"width": 800'


async def test_document_symbols_are_flat_symbol_information(minimal):
    session = Session(minimal)
    session.open(URI, '{\n"dataSets": [{"id": "a", "entries": [1]}, {"id": "b"}],\n"limitLines": [{"value": 3}]\n}')
    symbols = await minimal.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))
    assert all(isinstance(s, types.SymbolInformation) for s in symbols), symbols
    assert [(s.name, s.container_name) for s in symbols][:3] == [("dataSets", None), ("a", "dataSets"), ("b", "dataSets")]
    assert all(s.location.uri == URI for s in symbols)
    assert symbols[0].location.range.start.line == 1
