"""The synchronous chartd client: spawning, request/response correlation, notifications, recovery.

Threads: one reader and one writer per daemon process, one stderr drain, one dispatcher that runs
user callbacks (so a callback may call the client), and a recovery thread while a restart is under
way. All shared state is guarded by one re-entrant lock.

Crash recovery (``auto_restart=True``): when the daemon dies, a new one is started, initialised, and
every open document is re-opened at its last confirmed version with the client's replayed spec and
its old id prefix. Requests that were in flight are then sent again, in their original order, so an
update is applied exactly once by the new daemon. A request is re-sent at most ``max_retries``
times; if the daemon dies again while it is pending it fails with ``ConnectionLostError``, as does
everything once more than ``max_restarts`` restarts happen within ``restart_window`` seconds.
In-flight ``chart/close`` and ``shutdown`` simply complete (the document is not re-opened).
"""

from __future__ import annotations

import itertools
import os
import threading
import queue
import traceback
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable, Sequence

from .connection import Generation
from .daemon import DaemonProcess, find_binary
from .document import Document
from .errors import ChartdError, ConnectionLostError, ErrorCode
from .framing import encode_body
from .pending import _DEFERRED, _Notice, _Pending, _chain, _notification, _resolve, _settle_error
from .receiving import _Receiving
from .recovery import _death_message, _Recovery
from .types import Patch, Render, ServerInfo, SvgText

__all__ = ["Client", "CLIENT_VERSION"]

CLIENT_VERSION = "0.1.0"


#: Events a callback can subscribe to with ``Client.on``.
EVENTS = (
    "chart/diagnostics",  # (params) — also stored on Document.diagnostics
    "chart/patch",  # (Patch) — after the mirror applied it; may carry ``restored`` and splices (see README)
    "window/logMessage",  # (params)
    "restart",  # ({"generation", "reason", "stderr"}) — a new daemon took over
    "recoveryMismatch",  # ({"uri", "version"}) — replayed spec did not reproduce the mirror
    "protocolError",  # (exception) — a message from the daemon could not be read, or an error answer with id null
)


class Client(_Receiving, _Recovery):
    """A chartd daemon and the documents open in it (sync API; see ``chartd.aio`` for asyncio).

    Use as a context manager so the daemon is always shut down::

        with chartd.Client() as client:
            doc = client.open("mem://a", spec)
            doc.append_entries("price", [[10, 1.5]], max_entries=500)

    ``previous_markup`` (default True) declares the ``previousMarkup`` capability: chartd may then send
    a region that comes back (a data set shown again) as a ``restored`` id instead of its markup; the
    document mirrors keep what that needs. Pass False when patches are applied elsewhere by code that
    does not keep previous markup.

    ``markup_splices`` (default True) declares the ``markupSplices`` capability: chartd may then send
    a fragment as a ``splice`` of the region's current markup (an append to a long line: only the end
    of its path), which the document mirrors apply. Pass False when patches are applied elsewhere by
    code that applies only whole fragments.
    """

    def __init__(
        self,
        binary: str | os.PathLike | None = None,
        *,
        args: Sequence[str] = (),
        framing: str = "lsp",
        auto_restart: bool = True,
        max_retries: int = 1,
        max_restarts: int = 3,
        restart_window: float = 30.0,
        timeout: float | None = 60.0,
        on_stderr: Callable[[str], None] | None = None,
        env: dict | None = None,
        client_name: str = "chartd-python",
        previous_markup: bool = True,
        markup_splices: bool = True,
    ) -> None:
        self.binary = find_binary(binary)
        self.args = list(args) + (["--framing", "ndjson"] if framing == "ndjson" else [])
        self.framing = framing
        self.auto_restart = auto_restart
        self.max_retries = max_retries
        self.max_restarts = max_restarts
        self.restart_window = restart_window
        self.timeout = timeout
        self._on_stderr = on_stderr
        self._env = env
        self._client_name = client_name
        # Declared in every initialize, the restarted daemons' too. Each document's mirror keeps the
        # previous markup the capability promises; False for code that applies patches itself.
        self.previous_markup = previous_markup
        # Declared the same way; the mirrors apply splices whenever they come.
        self.markup_splices = markup_splices
        self._lock = threading.RLock()
        # One counter for request ids and notice sequence numbers: recovery re-sends in this order.
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._held: list[Any] = []
        self._docs: dict[str, Document] = {}
        self._early_diagnostics: dict[str, dict] = {}  # chart/diagnostics that came before the open answer
        self._callbacks: dict[str, list[Callable]] = {}
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._restarts: list[float] = []
        self._generation_numbers = itertools.count(1)
        self._gen: Generation | None = None
        self._state = "starting"
        #: Why the client stopped (the daemon's exits, its stderr), once it gave up; on every later error.
        self.broken_reason: str | None = None
        self._broken_stderr = ""
        self.server_info: ServerInfo | None = None
        self.restart_count = 0
        self._dispatcher = threading.Thread(target=self._dispatch_loop, name="chartd-callbacks", daemon=True)
        self._dispatcher.start()
        try:
            self._gen = self._spawn()
            self._initialize(self._gen)
        except BaseException:
            self._terminate("the daemon failed to start")
            raise
        with self._lock:
            self._state = "running"

    # -- lifecycle ---------------------------------------------------------------------------

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:  # last resort: never leave a daemon behind
        try:
            if self._state not in ("closed",) and self._gen is not None:
                self._gen.process.kill()
        except Exception:
            pass

    @property
    def pid(self) -> int | None:
        """The process id of the current daemon."""
        gen = self._gen
        return gen.process.pid if gen else None

    @property
    def state(self) -> str:
        """"starting", "running", "recovering", "closing", "closed" or "broken"."""
        return self._state

    def close(self, timeout: float = 5.0) -> None:
        """Shuts the daemon down (``shutdown`` + ``exit``), killing it if it does not end in time."""
        with self._lock:
            if self._state in ("closing", "closed"):
                return
            was_running = self._state == "running"
            self._state = "closing"
            gen = self._gen
        if gen is not None and was_running and not gen.dead:
            try:
                fut = self._request_on(gen, "shutdown", None)
                fut.result(timeout)
                gen.send({"jsonrpc": "2.0", "method": "exit"})
                gen.close_input()
            except Exception:
                pass
        self._terminate("the client was closed", wait=timeout if was_running else 0)

    def _terminate(self, reason: str, wait: float = 0) -> None:
        with self._lock:
            self._state = "closed"
            gen = self._gen
        if gen is not None:
            if wait and gen.process.wait(wait) is None:
                pass
            gen.process.kill()
            gen.process.join_stderr()
        self._fail_all(reason, gen)
        self._events.put(None)

    def _fail_all(self, reason: str, gen: Generation | None) -> None:
        tail = gen.process.stderr_text() if gen is not None else ""
        with self._lock:
            pending, self._pending = list(self._pending.values()), {}
            self._held.clear()
            if self._state == "broken":
                self.broken_reason, self._broken_stderr = reason, tail
        for p in pending:
            _settle_error(p, ConnectionLostError("%s; %s was not answered" % (reason, p.method), tail, reason))

    def _not_sent(self, method: str) -> ConnectionLostError:
        """The error for a call after the client stopped: it carries the reason it stopped."""
        if self._state == "broken" and self.broken_reason:
            return ConnectionLostError("the client is broken: %s; %s was not sent" % (self.broken_reason, method), self._broken_stderr, self.broken_reason)
        return ConnectionLostError("the client is %s; %s was not sent" % (self._state, method))

    # -- callbacks ---------------------------------------------------------------------------

    def on(self, event: str, callback: Callable) -> Callable[[], None]:
        """Calls ``callback`` for each ``event`` (see EVENTS) on the dispatcher thread; returns an unsubscribe."""
        with self._lock:
            self._callbacks.setdefault(event, []).append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._callbacks.get(event, []):
                    self._callbacks[event].remove(callback)

        return unsubscribe

    def on_diagnostics(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        return self.on("chart/diagnostics", callback)

    def on_patch(self, callback: Callable[[Patch], None]) -> Callable[[], None]:
        return self.on("chart/patch", callback)

    def on_log_message(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        return self.on("window/logMessage", callback)

    def _emit(self, event: str, payload: Any) -> None:
        with self._lock:
            callbacks = list(self._callbacks.get(event, ()))
        for cb in callbacks:
            self._events.put((cb, payload))

    def _dispatch_loop(self) -> None:
        while True:
            item = self._events.get()
            if item is None:
                return
            callback, payload = item
            try:
                callback(payload)
            except Exception:
                traceback.print_exc()

    # -- requests ----------------------------------------------------------------------------

    def request(self, method: str, params: Any = None, timeout: float | None = None) -> Any:
        """Any request by name; returns the raw result (raises ChartdError on an error answer)."""
        return self._wait(self._request(method, params), timeout)

    def notify(self, method: str, params: Any = None) -> None:
        """Any notification by name."""
        notice = _Notice(0, _notification(method, params))  # encodes: raises before taking a number
        notice.seq = next(self._ids)
        self._send_notice(notice)

    def open(self, uri: str, spec: Any, version: int = 0, id_prefix: str | None = None, timeout: float | None = None) -> Document:
        """Opens a chart document (``chart/open``) and returns it with its mirror."""
        return self._wait(self.submit_open(uri, spec, version, id_prefix), timeout)

    def submit_open(self, uri: str, spec: Any, version: int = 0, id_prefix: str | None = None) -> "Future[Document]":
        params: dict[str, Any] = {"uri": uri, "version": version, "spec": spec}
        if id_prefix is not None:
            params["idPrefix"] = id_prefix

        def opened(result: Any) -> Document:
            with self._lock:
                render = Render.from_json(result)
                doc = Document(self, uri, spec, render, id_prefix)
                early = self._early_diagnostics.pop(uri, None)
                if early and early.get("version") == render.version and isinstance(early.get("diagnostics"), list):
                    doc.diagnostics = list(early["diagnostics"])
                self._docs[uri] = doc
            return doc

        return self._request("chart/open", params, on_result=opened)

    def render_spec(self, spec: Any, id_prefix: str | None = None, timeout: float | None = None) -> SvgText:
        """Renders a spec statelessly (``chart/renderSpec``); returns the SVG text (a ``str`` that
        Jupyter displays). ``id_prefix`` (default ``chart``) keeps charts inlined in one page apart."""
        return self._wait(self.submit_render_spec(spec, id_prefix), timeout)

    def submit_render_spec(self, spec: Any, id_prefix: str | None = None) -> "Future[SvgText]":
        params: dict[str, Any] = {"spec": spec}
        if id_prefix is not None:
            params["idPrefix"] = id_prefix
        return _chain(self._request("chart/renderSpec", params), lambda r: SvgText(r["svg"]))

    def synchronize(self, timeout: float | None = None) -> None:
        """A barrier: returns after the daemon processed everything sent before it."""
        self._wait(self._request("chart/synchronize", None), timeout)

    def document(self, uri: str) -> Document | None:
        with self._lock:
            return self._docs.get(uri)

    @property
    def documents(self) -> list[Document]:
        with self._lock:
            return list(self._docs.values())

    # Low-level convenience over URIs (the Document methods are usually nicer).
    def update(self, uri: str, version: int, edits: list[dict], timeout: float | None = None) -> Patch:
        return self._require(uri).update(edits, version=version, timeout=timeout)

    def append_entries(self, uri: str, version: int, data_set: str, entries: Any, max_entries: int | None = None) -> Patch:
        from . import edits as E

        return self.update(uri, version, [E.append_entries(data_set, entries, max_entries)])

    def render(self, uri: str, timeout: float | None = None) -> Render:
        return self._require(uri).render(timeout)

    def close_document(self, uri: str, timeout: float | None = None) -> None:
        self._require(uri).close(timeout)

    def _require(self, uri: str) -> Document:
        doc = self.document(uri)
        if doc is None:
            raise ChartdError(ErrorCode.REQUEST_FAILED, "document %r is not open in this client" % uri, {"kind": "unknownDocument"})
        return doc

    def _wait(self, fut: Future, timeout: float | None) -> Any:
        try:
            return fut.result(self.timeout if timeout is None else timeout)
        except FutureTimeout:
            raise TimeoutError("chartd did not answer within %s s" % (self.timeout if timeout is None else timeout)) from None

    # -- engine: sending ---------------------------------------------------------------------

    def _request(self, method: str, params: Any, on_result=None, on_error=None, internal: bool = False) -> Future:
        with self._lock:
            if self._state in ("closed", "broken", "closing"):
                p = _Pending(0, {"method": method}, on_result, on_error, internal)
                _settle_error(p, self._not_sent(method))
                return p.future
            p = self._new_pending(method, params, on_result, on_error, internal)
            if self._state == "running" and self._gen is not None:
                self._send_pending(p, self._gen)
            else:
                self._held.append(p)
            return p.future

    def _request_internal(self, method: str, params: Any, on_result, on_error) -> None:
        """A request the engine makes for itself (e.g. a resync render); result goes to the hooks."""
        self._request(method, params, on_result=on_result, on_error=on_error, internal=True)

    def _request_on(self, gen: Generation, method: str, params: Any, on_result=None) -> Future:
        """A request sent straight to ``gen`` (bypassing the hold during recovery)."""
        with self._lock:
            p = self._new_pending(method, params, on_result, None, True)
            self._send_pending(p, gen)
            if gen.dead:  # it died before this was registered: its death handling missed this request
                del self._pending[p.id]
                _settle_error(p, ConnectionLostError(_death_message(gen), gen.process.stderr_text()))
            return p.future

    def _new_pending(self, method: str, params: Any, on_result, on_error, internal: bool) -> _Pending:
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": 0, "method": method}
        if params is not None:
            message["params"] = params
        # Encoded before it is registered: a message that cannot be sent (NaN, a circular structure)
        # raises here, at the call, and leaves no request behind that would never be answered.
        encode_body(message)
        rid = next(self._ids)
        message["id"] = rid
        p = _Pending(rid, message, on_result, on_error, internal, encode_body(message))
        self._pending[rid] = p
        return p

    def _send_pending(self, p: _Pending, gen: Generation) -> None:
        p.sent_gen = gen
        gen.send_body(p.body)

    def _send_notice(self, notice: _Notice) -> None:
        with self._lock:
            if self._state in ("closed", "broken", "closing"):
                raise self._not_sent(notice.message["method"])
            if self._state == "running" and self._gen is not None:
                notice.sent_gen = self._gen
                self._gen.send_body(notice.body)
            else:
                self._held.append(notice)

    def _submit_update(self, doc: Document, edits: list[dict], version: int | None) -> Future:
        with self._lock:
            v = doc._last_sent + 1 if version is None else version
            last_sent = doc._last_sent
            doc._last_sent = max(doc._last_sent, v)
            out: Future = Future()

            def on_result(result: Any) -> Any:
                patch = Patch.from_json(result)
                doc._confirm(patch.version, edits)
                doc._receive_patch(patch, lambda: _resolve(out, patch))
                return _DEFERRED

            def on_error(error: Exception) -> None:
                doc._on_update_error(v, error)
                if not out.done():
                    out.set_exception(error)

            try:
                self._request("chart/update", {"uri": doc.uri, "version": v, "edits": edits}, on_result, on_error)
            except BaseException:
                doc._last_sent = last_sent  # never sent: the version is still free
                raise
            return out

    def _notify_update(self, doc: Document, edits: list[dict]) -> int:
        with self._lock:
            v = doc._last_sent + 1
            notice = _Notice(0, _notification("chart/update", {"uri": doc.uri, "version": v, "edits": edits}))
            notice.seq = next(self._ids)
            doc._last_sent = v
            doc._unconfirmed.append((notice.seq, v, edits, notice))
            self._send_notice(notice)
            return v

    def _submit_render(self, doc: Document) -> Future:
        out: Future = Future()

        def on_result(result: Any) -> Any:
            render = Render.from_json(result)
            if render.version >= doc.mirror.version and not doc._resyncing:
                doc.mirror.reset(render.svg, render.version)
            _resolve(out, render)
            return _DEFERRED

        def on_error(error: Exception) -> None:
            out.set_exception(error)

        self._request("chart/render", {"uri": doc.uri}, on_result, on_error)
        return out

    def _submit_close(self, doc: Document) -> Future:
        with self._lock:
            doc.closed = True
            if self._docs.get(doc.uri) is doc:
                del self._docs[doc.uri]
            return self._request("chart/close", {"uri": doc.uri})

    # -- engine: processes (receiving is in receiving.py, recovery in recovery.py) ------------------------------------------

    def _spawn(self) -> Generation:
        process = DaemonProcess(self.binary, self.args, on_stderr=self._on_stderr, env=self._env)
        gen = Generation(next(self._generation_numbers), process, self.framing, self._on_message, self._on_death, self._on_protocol_error)
        gen.start()
        return gen

    def _capabilities(self) -> dict:
        """What ``initialize`` declares: ``chart.previousMarkup`` and ``chart.markupSplices`` as
        turned on (both by default), ``{}`` with neither."""
        chart: dict[str, bool] = {}
        if self.previous_markup:
            chart["previousMarkup"] = True
        if self.markup_splices:
            chart["markupSplices"] = True
        return {"chart": chart} if chart else {}

    def _initialize(self, gen: Generation) -> None:
        params = {
            "processId": os.getpid(),
            "clientInfo": {"name": self._client_name, "version": CLIENT_VERSION},
            "capabilities": self._capabilities(),
        }
        fut = self._request_on(gen, "initialize", params)
        try:
            result = fut.result(self.timeout)
        except FutureTimeout:
            raise TimeoutError("chartd did not answer initialize") from None
        self.server_info = ServerInfo.from_json(result or {})
        gen.send(_notification("initialized", {}))
