"""Message framing: LSP base protocol (``Content-Length``) and newline-delimited JSON.

Both framings are sans-I/O: ``encode`` turns a message into bytes, a decoder is fed bytes as they
arrive (in chunks of any size) and yields complete messages.
"""

from __future__ import annotations

import json
import math
from typing import Any, Iterator

__all__ = [
    "FramingError",
    "encode_body",
    "encode_lsp",
    "encode_ndjson",
    "frame_lsp",
    "frame_ndjson",
    "LspDecoder",
    "NdjsonDecoder",
    "make_codec",
]


class FramingError(Exception):
    """The byte stream cannot be split into messages (bad header, bad length)."""


def encode_body(message: Any) -> bytes:
    """The UTF-8 JSON body of ``message``.

    Raises ``ValueError`` naming the place of a NaN or infinity: JSON cannot express them, and
    sending Python's ``NaN`` token would make chartd answer a parse error that no request owns.
    Send ``None`` for a missing value (the protocol's ``null``).
    """
    try:
        # Compact separators and real UTF-8: the daemon counts bytes, so never guess the length.
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    except ValueError:
        text = nonfinite_message(message)
        if text is None:
            raise  # not a number problem (a circular reference, say): the caller sees it as it is
        raise ValueError(text) from None


def nonfinite_message(message: Any) -> str | None:
    """The error text for a message holding a non-finite number, or None when it holds none.

    The place is a JSON Pointer into ``params`` (as in chartd's diagnostics); the wording is the
    Node client's, with Python's ``None`` for its ``null``.
    """
    method = message.get("method") if isinstance(message, dict) else None
    params = message.get("params") if isinstance(message, dict) and "params" in message else message
    found = _find_nonfinite(params, "")
    if found is None:
        return None
    head = "%s: " % method if isinstance(method, str) else ""
    return "%scannot send %s at %s: JSON has no NaN or Infinity (send None for a missing value)" % (head, found[1], found[0] or "/")


def _find_nonfinite(value: Any, path: str, within: frozenset = frozenset()) -> tuple[str, str] | None:
    """The JSON Pointer and name of the first NaN or infinity in ``value``, in document order.

    ``within`` holds the containers on the way down, so a circular structure ends the search.
    """
    if isinstance(value, float) and not math.isfinite(value):
        return path, "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (dict, list, tuple)) and id(value) not in within:
        inner = within | {id(value)}
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            found = _find_nonfinite(item, "%s/%s" % (path, str(key).replace("~", "~0").replace("/", "~1")), inner)
            if found:
                return found
    return None


def frame_lsp(body: bytes) -> bytes:
    """One LSP frame: exactly ``Content-Length: N\\r\\n\\r\\n`` followed by the UTF-8 body."""
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def frame_ndjson(body: bytes) -> bytes:
    """One JSON document on one line (``json.dumps`` never emits a raw newline)."""
    return body + b"\n"


def encode_lsp(message: Any) -> bytes:
    return frame_lsp(encode_body(message))


def encode_ndjson(message: Any) -> bytes:
    return frame_ndjson(encode_body(message))


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
    """Returns ``(frame, decoder)`` for ``"lsp"`` or ``"ndjson"``: ``frame`` wraps an encoded body."""
    if framing == "lsp":
        return frame_lsp, LspDecoder()
    if framing == "ndjson":
        return frame_ndjson, NdjsonDecoder()
    raise ValueError("framing must be 'lsp' or 'ndjson', not %r" % (framing,))
