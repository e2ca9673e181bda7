"""Message framing: LSP base protocol (``Content-Length``) and newline-delimited JSON.

Both framings are sans-I/O: ``encode`` turns a message into bytes, a decoder is fed bytes as they
arrive (in chunks of any size) and yields complete messages.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

__all__ = ["FramingError", "encode_lsp", "encode_ndjson", "LspDecoder", "NdjsonDecoder", "make_codec"]


class FramingError(Exception):
    """The byte stream cannot be split into messages (bad header, bad length)."""


def _dump(message: Any) -> bytes:
    # Compact separators and real UTF-8: the daemon counts bytes, so never guess the length.
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def encode_lsp(message: Any) -> bytes:
    """One LSP frame: exactly ``Content-Length: N\\r\\n\\r\\n`` followed by the UTF-8 body."""
    body = _dump(message)
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode_ndjson(message: Any) -> bytes:
    """One JSON document on one line (``json.dumps`` never emits a raw newline)."""
    return _dump(message) + b"\n"


class LspDecoder:
    """Splits a byte stream into LSP frames; header names are matched case-insensitively."""

    def __init__(self, max_header_bytes: int = 8192) -> None:
        self._buffer = bytearray()
        self._max_header_bytes = max_header_bytes

    def feed(self, data: bytes) -> Iterator[Any]:
        """Adds bytes and yields every message completed by them, in order."""
        self._buffer += data
        while True:
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self._buffer) > self._max_header_bytes:
                    raise FramingError("header section longer than %d bytes" % self._max_header_bytes)
                return
            length = self._content_length(bytes(self._buffer[:end]))
            start = end + 4
            if len(self._buffer) < start + length:
                return
            body = bytes(self._buffer[start : start + length])
            del self._buffer[: start + length]
            yield json.loads(body.decode("utf-8"))

    @staticmethod
    def _content_length(header: bytes) -> int:
        length = None
        for line in header.split(b"\r\n"):
            name, sep, value = line.partition(b":")
            if not sep:
                raise FramingError("malformed header line %r" % line[:80])
            if name.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    raise FramingError("Content-Length is not a number: %r" % value[:40]) from None
        if length is None or length < 0:
            raise FramingError("frame without a valid Content-Length header")
        return length

    @property
    def pending_bytes(self) -> int:
        """Bytes received but not yet part of a complete message."""
        return len(self._buffer)


class NdjsonDecoder:
    """Splits a byte stream into lines, each one JSON message; blank lines are skipped."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> Iterator[Any]:
        """Adds bytes and yields every message completed by them, in order."""
        self._buffer += data
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                return
            line = bytes(self._buffer[:end]).strip()
            del self._buffer[: end + 1]
            if line:
                yield json.loads(line.decode("utf-8"))

    @property
    def pending_bytes(self) -> int:
        return len(self._buffer)


def make_codec(framing: str):
    """Returns ``(encode, decoder)`` for ``"lsp"`` or ``"ndjson"``."""
    if framing == "lsp":
        return encode_lsp, LspDecoder()
    if framing == "ndjson":
        return encode_ndjson, NdjsonDecoder()
    raise ValueError("framing must be 'lsp' or 'ndjson', not %r" % (framing,))
