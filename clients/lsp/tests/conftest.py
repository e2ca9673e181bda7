"""pytest-lsp as the LSP client of the real chartd binary (a SKIP when either is missing).

When one is missing the suite's modules are not collected (they import pytest-lsp), and
test_requirements.py reports the SKIP with its reason: the other suites of the same pytest run
still run.
"""

import os
import pathlib
import shutil
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "python"))  # the Python client's SvgMirror


def real_chartd():
    env = os.environ.get("CHARTD")
    if env:
        return env if os.access(env, os.X_OK) else None
    return shutil.which("chartd")


CHARTD = real_chartd()
try:
    import pytest_lsp
    from lsprotocol import types  # installed with pytest-lsp
except ImportError:
    pytest_lsp = None

if pytest_lsp is None:
    MISSING = "SKIP: pytest-lsp is not installed (pip install pytest-lsp pytest-asyncio)"
elif CHARTD is None:
    MISSING = "SKIP: chartd binary not found (set CHARTD=/path/to/chartd)"
else:
    MISSING = None

if MISSING:
    collect_ignore = ["helpers.py"] + [p.name for p in HERE.glob("test_*.py") if p.name != "test_requirements.py"]
else:
    from .helpers import Session

    @pytest_lsp.fixture(config=pytest_lsp.ClientServerConfig(server_command=[CHARTD or "chartd"]))
    async def client(lsp_client: pytest_lsp.LanguageClient):
        # What an editor announces: UTF-16 positions, Markdown in hover and completion documentation,
        # snippets, nested document symbols.
        markdown = [types.MarkupKind.Markdown, types.MarkupKind.PlainText]
        await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
            text_document=types.TextDocumentClientCapabilities(
                hover=types.HoverClientCapabilities(content_format=markdown),
                completion=types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(
                    snippet_support=True, documentation_format=markdown)),
                document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True)))))
        yield
        await lsp_client.shutdown_session()

    @pytest.fixture
    def session(client):
        return Session(client)
