"""Helpers of the pytest-lsp suite: a session wrapper around the client, JSON conversion, marked cursors."""

from lsprotocol import types


class Session:
    """A client with helpers: open and change documents, wait for their diagnostics, custom requests."""

    def __init__(self, client):
        self.client = client
        self.versions = {}
        self.patches = []

        @client.feature("chart/patch")
        def on_patch(params):  # noqa: ANN001 - pygls hands over an object built from the JSON
            self.patches.append(plain(params))

    def open(self, uri, text, language_id="chart-json"):
        self.versions[uri] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=1, text=text)))

    def change(self, uri, changes):
        """Sends content changes: (range, text) tuples with ((line, ch), (line, ch)) ranges, or full texts."""
        self.versions[uri] += 1
        content = []
        for c in changes:
            if isinstance(c, str):
                content.append(types.TextDocumentContentChangeWholeDocument(text=c))
            else:
                (l0, c0), (l1, c1) = c[0]
                content.append(types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=l0, character=c0), end=types.Position(line=l1, character=c1)),
                    text=c[1]))
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=content))

    async def sync(self):
        """Waits until chartd has handled everything sent so far (chart/synchronize is a barrier)."""
        await self.client.protocol.send_request_async("chart/synchronize", None)

    async def diagnostics(self, uri):
        await self.sync()
        return self.client.diagnostics.get(uri, [])

    async def request(self, method, params):
        return plain(await self.client.protocol.send_request_async(method, params))


def plain(value):
    """An object pygls built from JSON (namedtuple-like) as plain dicts and lists."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def marked(text):
    """`text` with the cursor marked by ‸: the text and the cursor as (line, UTF-16 column)."""
    before, after = text.split("‸")
    lines = before.split("\n")
    column = len(lines[-1].encode("utf-16-le")) // 2
    return before + after, (len(lines) - 1, column)
