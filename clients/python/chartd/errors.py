"""Errors raised by the client: JSON-RPC errors from the daemon and client-side failures."""

from __future__ import annotations

from typing import Any

__all__ = [
    "ErrorCode",
    "ChartdError",
    "ConnectionLostError",
    "PatchMismatchError",
    "DaemonNotFoundError",
]


class ErrorCode:
    """JSON-RPC / LSP error codes used by chartd (see the protocol's error table)."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    SERVER_NOT_INITIALIZED = -32002
    REQUEST_CANCELLED = -32800
    CONTENT_MODIFIED = -32801
    REQUEST_FAILED = -32803
    #: Client-side only (never sent by the daemon): the daemon died and the request could not be
    #: retried (see the crash-recovery section of the README).
    CONNECTION_LOST = -32099


class ChartdError(Exception):
    """An error answer from chartd: ``code``, ``message`` and the optional ``data`` object."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__("chartd error %d: %s" % (code, message))
        self.code = code
        self.message = message
        self.data = data

    @property
    def diagnostics(self) -> list[dict]:
        """Located problems (``{path, message, severity}``) of an invalid spec or edit; else []."""
        if isinstance(self.data, dict) and isinstance(self.data.get("diagnostics"), list):
            return self.data["diagnostics"]
        return []

    @property
    def kind(self) -> str | None:
        """``error.data.kind`` of a -32803 failure ("unknownDocument", "tooManyEntries", ...)."""
        return self.data.get("kind") if isinstance(self.data, dict) else None

    @property
    def current_version(self) -> int | None:
        """``error.data.currentVersion`` of a -32801 (stale version) answer."""
        return self.data.get("currentVersion") if isinstance(self.data, dict) else None

    def __str__(self) -> str:
        text = "chartd error %d: %s" % (self.code, self.message)
        for d in self.diagnostics[:5]:
            text += "\n  %s at %s: %s" % (d.get("severity", "error"), d.get("path") or "/", d.get("message"))
        return text

    @classmethod
    def from_json(cls, error: Any) -> "ChartdError":
        """Builds the error from a JSON-RPC ``error`` member (tolerating a malformed one)."""
        if not isinstance(error, dict):
            return cls(ErrorCode.INTERNAL_ERROR, "malformed error object: %r" % (error,))
        code = error.get("code")
        return cls(code if isinstance(code, int) else ErrorCode.INTERNAL_ERROR, str(error.get("message", "")), error.get("data"))


class ConnectionLostError(ChartdError):
    """The daemon died and the request was not (or could no longer be) retried on a new daemon.

    ``reason`` says why the client stopped — how the daemon ended ("exit status 3", "signal
    SIGKILL"), how often it was restarted — and ``stderr_tail`` holds the daemon's last stderr
    lines; both stay on every later error of a client that gave up. The Node client words them alike.
    """

    def __init__(self, message: str, stderr_tail: str = "", reason: str | None = None) -> None:
        data: dict[str, Any] = {}
        if reason:
            data["reason"] = reason
        if stderr_tail:
            data["stderr"] = stderr_tail
        super().__init__(ErrorCode.CONNECTION_LOST, message, data or None)
        self.stderr_tail = stderr_tail
        self.reason = reason

    def __str__(self) -> str:
        text = "chartd error %d: %s" % (self.code, self.message)
        if self.stderr_tail:
            text += "\n  daemon stderr (last lines):\n    " + "\n    ".join(self.stderr_tail.splitlines()[-10:])
        return text


class PatchMismatchError(Exception):
    """A patch does not fit the mirror (wrong base version or an unknown region id)."""

    def __init__(self, message: str, expected_version: int | None = None, base_version: int | None = None) -> None:
        super().__init__(message)
        self.expected_version = expected_version
        self.base_version = base_version


class DaemonNotFoundError(FileNotFoundError):
    """No chartd binary: none given, ``CHARTD`` unset, and not on ``PATH``."""
