"""Crash recovery: a dead daemon is replaced, its documents re-opened and unanswered requests re-sent.

A mixin of ``Client``: it reads the client's state under the client's lock and uses its spawning,
initialising and sending methods; see ``client.py`` for the rules it follows.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from .connection import Generation
from .document import Document
from .errors import ChartdError, ConnectionLostError
from .pending import _settle_error, _settle_result
from .types import Render


class _Recovery:
    """Client methods that act when a daemon dies."""

    def _on_death(self, gen: Generation) -> None:
        with self._lock:
            # Requests the engine sent to this daemon for itself cannot be retried: fail them now
            # (a waiting recovery thread wakes up and tries again).
            for p in [p for p in self._pending.values() if p.internal and p.sent_gen is gen]:
                del self._pending[p.id]
                _settle_error(p, ConnectionLostError(_death_message(gen), gen.process.stderr_text()))
            if gen is not self._gen or self._state != "running":
                return
            self._state = "recovering" if self.auto_restart else "broken"
            broken = self._state == "broken"
        if broken:
            gen.process.wait(0.5)  # the exit status, not the kill below, is the cause
            cause = "the daemon died (%s; auto_restart is off)" % gen.process.exit_description()
            gen.process.kill()
            self._fail_all(cause, gen)
            return
        threading.Thread(target=self._recover, args=(gen,), name="chartd-recovery", daemon=True).start()

    def _restart_allowed(self) -> bool:
        now = time.monotonic()
        self._restarts = [t for t in self._restarts if now - t < self.restart_window]
        if len(self._restarts) >= self.max_restarts:
            return False
        self._restarts.append(now)
        return True

    def _recover(self, dead: Generation) -> None:
        dead.process.wait(0.5)  # its stdout closes just before it is reaped: let the exit status arrive
        reason = dead.process.exit_description()
        dead.process.kill()
        while True:
            with self._lock:
                if self._state != "recovering":
                    return
                allowed = self._restart_allowed()
                if not allowed:
                    self._state = "broken"
            if not allowed:
                self._fail_all("the daemon died again after %d restarts within %s s (last exit: %s); the client gave up"
                               % (self.max_restarts, _seconds(self.restart_window), dead.process.exit_description()), dead)
                return
            try:
                gen = self._spawn()
            except OSError as e:
                self._state = "broken"
                self._fail_all("the daemon (%s) could not be restarted: %s" % (dead.process.exit_description(), e), dead)
                return
            with self._lock:
                if self._state != "recovering":
                    gen.process.kill()
                    return
                self._gen = gen
            try:
                self._initialize(gen)
                self._reopen_and_resend(gen)
            except (ChartdError, TimeoutError, OSError):
                gen.process.kill()
                dead = gen
                continue
            self.restart_count += 1
            self._emit("restart", {"generation": gen.number, "reason": reason, "stderr": dead.process.stderr_text()})
            return

    def _reopen_and_resend(self, gen: Generation) -> None:
        with self._lock:
            for doc in list(self._docs.values()):
                params: dict[str, Any] = {"uri": doc.uri, "version": doc.version, "spec": doc.replay.spec}
                if doc.id_prefix:
                    params["idPrefix"] = doc.id_prefix
                p = self._new_pending("chart/open", params, _reopened(self, doc), None, True)
                self._send_pending(p, gen)
            # Everything the dead daemon never answered or confirmed, in the order first sent.
            resend: list[tuple[int, Any]] = []
            for p in list(self._pending.values()):
                if p.internal or p.sent_gen is None or p.sent_gen is gen:
                    continue
                if p.method in ("chart/close", "shutdown"):
                    del self._pending[p.id]
                    _settle_result(p, None)
                    continue
                p.attempts += 1
                if p.attempts > self.max_retries:
                    del self._pending[p.id]
                    _settle_error(p, ConnectionLostError("the daemon died while %s was retried" % p.method, reason="the daemon died again"))
                    continue
                resend.append((p.id, p))
            for doc in self._docs.values():
                for seq, _, _, notice in doc._unconfirmed:
                    if notice.sent_gen is not None:
                        resend.append((seq, notice))
            resend.sort(key=lambda entry: entry[0])
            for _, item in resend:
                item.sent_gen = gen
                gen.send_body(item.body)
            for item in self._held:
                item.sent_gen = gen
                gen.send_body(item.body)
            self._held.clear()
            if gen.dead:  # died during the hand-over: its death was not acted on, so go round again
                raise ConnectionLostError("the restarted daemon died during recovery", gen.process.stderr_text())
            self._state = "running"


def _death_message(gen: Generation) -> str:
    gen.process.wait(0.5)
    return "the daemon died (%s)" % gen.process.exit_description()


def _seconds(value: float) -> str:
    """30.0 → "30": the Node client prints its milliseconds the same way."""
    return ("%g" % value) if value != int(value) else "%d" % value


def _reopened(client: _Recovery, doc: Document) -> Callable[[Any], Any]:
    def on_result(result: Any) -> None:
        render = Render.from_json(result)
        if doc.mirror.version != render.version or doc.mirror.text != render.svg:
            client._emit("recoveryMismatch", {"uri": doc.uri, "version": render.version, "replayExact": doc.replay_exact})
            doc.mirror.reset(render.svg, render.version)
        else:
            # The new daemon sent the full SVG, so it restores nothing it has not replaced since:
            # what the mirror kept would never be asked for again.
            doc.mirror.forget_previous()
        doc._end_resync()

    return on_result
