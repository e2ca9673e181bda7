"""Requests and notices in flight, and how their futures are settled (shared by the client and its recovery)."""

from __future__ import annotations

import traceback
from concurrent.futures import Future
from typing import Any, Callable

from .connection import Generation
from .framing import encode_body


class _Pending:
    """A request awaiting its response; ``body`` is its encoded form, made before it is registered."""

    __slots__ = ("id", "message", "body", "future", "on_result", "on_error", "internal", "sent_gen", "attempts", "method")

    def __init__(self, id: int, message: dict, on_result, on_error, internal: bool, body: bytes = b"") -> None:
        self.id = id
        self.method = message["method"]
        self.message = message
        self.body = body
        self.future: Future = Future()
        self.on_result = on_result
        self.on_error = on_error
        self.internal = internal
        self.sent_gen: Generation | None = None
        self.attempts = 0


class _Notice:
    """A notification-mode update kept until a ``chart/patch`` confirms it (re-sent on recovery).

    Encoding happens here, so a message that cannot be sent fails before anything records it.
    """

    __slots__ = ("seq", "message", "body", "sent_gen")

    def __init__(self, seq: int, message: dict) -> None:
        self.seq = seq
        self.message = message
        self.body = encode_body(message)
        self.sent_gen: Generation | None = None


class _Deferred:
    """Returned by a result hook that resolves the caller's future itself."""


_DEFERRED = _Deferred()


def _resolve(fut: Future, value: Any) -> None:
    if not fut.done():
        fut.set_result(value)


def _settle_result(p: _Pending, result: Any) -> None:
    value = result
    if p.on_result is not None:
        try:
            value = p.on_result(result)
        except Exception as e:
            _settle_error(p, e)
            return
    if value is not _DEFERRED and not p.future.done():
        p.future.set_result(value)


def _settle_error(p: _Pending, error: Exception) -> None:
    if p.on_error is not None:
        try:
            p.on_error(error)
        except Exception:
            traceback.print_exc()
    if not p.future.done():
        p.future.set_exception(error)


def _notification(method: str, params: Any) -> dict:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


def _chain(fut: Future, transform: Callable[[Any], Any]) -> Future:
    """A Future of ``transform(result)`` of ``fut``."""
    out: Future = Future()

    def relay(f: Future) -> None:
        error = f.exception()
        if error is not None:
            out.set_exception(error)
            return
        try:
            out.set_result(transform(f.result()))
        except Exception as e:  # a malformed result
            out.set_exception(e)

    fut.add_done_callback(relay)
    return out
