"""Messages from the daemon: answers settle their requests, notifications update documents and reach
callbacks, and protocol faults are surfaced.

A mixin of ``Client``: it reads the client's state under the client's lock; see ``client.py``.
"""

from __future__ import annotations

import logging
from typing import Any

from .connection import Generation
from .errors import ChartdError, ErrorCode
from .pending import _settle_error, _settle_result
from .types import Patch

#: Where protocol faults go when no ``protocolError`` callback is registered (stderr by default).
log = logging.getLogger("chartd")


class _Receiving:
    """Client methods that run on a daemon's reader thread."""

    def _on_message(self, gen: Generation, message: Any) -> None:
        if not isinstance(message, dict):
            self._emit("protocolError", ValueError("message is not an object: %r" % (message,)))
            return
        if "method" in message:
            if "id" in message:  # a request from the daemon: we serve none
                gen.send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": ErrorCode.METHOD_NOT_FOUND, "message": "client serves no requests"}})
            else:
                self._on_notification(message.get("method"), message.get("params"))
            return
        if message.get("id") is None and "error" in message:
            self._on_protocol_fault(ChartdError.from_json(message["error"]))
            return
        with self._lock:
            p = self._pending.pop(message.get("id"), None) if isinstance(message.get("id"), int) else None
            if p is None:
                return  # an answer to a request we gave up on (timed out callers keep no entry)
            if "error" in message:
                _settle_error(p, ChartdError.from_json(message["error"]))
            else:
                _settle_result(p, message.get("result"))

    def _on_notification(self, method: Any, params: Any) -> None:
        if method == "chart/patch" and isinstance(params, dict):
            try:
                patch = Patch.from_json(params)
            except (KeyError, TypeError) as e:
                self._emit("protocolError", e)
                return
            with self._lock:
                doc = self._docs.get(patch.uri)
                if doc is not None:
                    doc._confirm(patch.version, None)
                    doc._receive_patch(patch, lambda: self._emit("chart/patch", patch))
                    return
            self._emit("chart/patch", patch)
        elif method == "chart/diagnostics" and isinstance(params, dict):
            with self._lock:
                doc = self._docs.get(params.get("uri"))
                if doc is not None:
                    doc.diagnostics = list(params.get("diagnostics") or [])
                    doc._drop_rejected(params.get("version"), doc.diagnostics)
                elif isinstance(params.get("uri"), str):
                    self._early_diagnostics[params["uri"]] = params
            self._emit("chart/diagnostics", params)
        elif isinstance(method, str):
            self._emit(method, params)

    def _on_protocol_error(self, gen: Generation, error: Exception) -> None:
        self._emit("protocolError", error)

    def _on_protocol_fault(self, error: ChartdError) -> None:
        """An error answer with ``id: null``: chartd could not read something this client sent, so no
        request owns it. It names a protocol fault, so it is never dropped: it goes to the
        ``protocolError`` callbacks, or, with none, to the ``chartd`` logger (stderr by default)."""
        with self._lock:
            listened = bool(self._callbacks.get("protocolError"))
        if listened:
            self._emit("protocolError", error)
        else:
            log.error("chartd answered a message it could not read (id null): %s", error)
