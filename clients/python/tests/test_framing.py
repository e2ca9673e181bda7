"""LSP and NDJSON framing, fed in every possible chunking."""

import json

import pytest

from chartd.framing import FramingError, LspDecoder, NdjsonDecoder, encode_lsp, encode_ndjson

MESSAGES = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None}},
    {"jsonrpc": "2.0", "method": "chart/patch", "params": {"label": "Zürich ✓ — 日本", "svg": "<g>a\\nb</g>"}},
    {"jsonrpc": "2.0", "id": 2, "result": None},
]


def test_lsp_header_is_exact_and_counts_utf8_bytes():
    frame = encode_lsp({"s": "é"})
    header, body = frame.split(b"\r\n\r\n", 1)
    assert header == b"Content-Length: %d" % len(body)
    assert len(body) == len('{"s":"é"}'.encode("utf-8")) == 10


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 10_000])
def test_lsp_decoder_reassembles_any_chunking(chunk):
    stream = b"".join(encode_lsp(m) for m in MESSAGES)
    decoder = LspDecoder()
    out = []
    for i in range(0, len(stream), chunk):
        out.extend(decoder.feed(stream[i : i + chunk]))
    assert out == MESSAGES
    assert decoder.pending_bytes == 0


def test_lsp_decoder_ignores_other_headers_and_header_case():
    body = json.dumps({"id": 1}).encode()
    frame = b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n" % len(body) + body
    assert list(LspDecoder().feed(frame)) == [{"id": 1}]


def test_lsp_decoder_rejects_missing_length():
    with pytest.raises(FramingError):
        list(LspDecoder().feed(b"Content-Type: x\r\n\r\n{}"))


def test_lsp_decoder_reports_bad_json_and_continues():
    decoder = LspDecoder()
    stream = b"Content-Length: 3\r\n\r\n{x}" + encode_lsp({"ok": True})
    with pytest.raises(ValueError):
        list(decoder.feed(stream))
    assert list(decoder.feed(b"")) == [{"ok": True}]


@pytest.mark.parametrize("chunk", [1, 5, 1000])
def test_ndjson_roundtrip(chunk):
    stream = b"".join(encode_ndjson(m) for m in MESSAGES) + b"\n"
    assert stream.count(b"\n") == len(MESSAGES) + 1  # json never emits a raw newline
    decoder = NdjsonDecoder()
    out = []
    for i in range(0, len(stream), chunk):
        out.extend(decoder.feed(stream[i : i + chunk]))
    assert out == MESSAGES
