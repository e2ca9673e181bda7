"""An open chart: its version, its SVG mirror, its spec replay and typed edit methods."""

from __future__ import annotations

import contextlib
from concurrent.futures import Future
from typing import Any, Callable, Iterator, Mapping, Protocol

from . import edits as E
from .errors import ChartdError, ErrorCode, PatchMismatchError
from .mirror import SvgMirror
from .pending import _chain
from .replay import ReplayError, SpecReplay
from .types import HitTarget, Patch, Render

__all__ = ["EditMethods", "Document", "Batch", "DocumentHost", "derive_prefix"]


class DocumentHost(Protocol):
    """What a Document needs from the client that created it (``chartd.Client`` is one).

    Naming it here keeps this module free of imports of ``client`` (which imports this one).
    """

    _lock: Any

    def _wait(self, fut: Future, timeout: float | None) -> Any: ...
    def _request(self, method: str, params: Any, on_result=None, on_error=None, internal: bool = False) -> Future: ...
    def _request_internal(self, method: str, params: Any, on_result, on_error) -> None: ...
    def _submit_update(self, doc: "Document", edits: list[dict], version: int | None) -> Future: ...
    def _notify_update(self, doc: "Document", edits: list[dict]) -> int: ...
    def _submit_render(self, doc: "Document") -> Future: ...
    def _submit_close(self, doc: "Document") -> Future: ...


def derive_prefix(regions: list[str]) -> str | None:
    """The id prefix shared by a document's regions (``<prefix>-<name>``), if it can be told."""
    if len(regions) < 2:
        return None
    first, last = min(regions), max(regions)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    cut = first[:n].rfind("-")
    return first[:cut] if cut > 0 else None


class EditMethods:
    """One method per edit op; each calls ``self.update([edit])`` (sync, async or batching)."""

    def update(self, edits: list[dict]) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def set_spec(self, spec: Mapping[str, Any]):
        return self.update([E.set_spec(spec)])

    def merge_spec(self, patch: Mapping[str, Any]):
        return self.update([E.merge_spec(patch)])

    def append_entries(self, data_set: str, entries: Any, max_entries: int | None = None):
        return self.update([E.append_entries(data_set, entries, max_entries)])

    def remove_entries(self, data_set: str, start: int, count: int):
        return self.update([E.remove_entries(data_set, start, count)])

    def update_entries(self, data_set: str, start: int, entries: Any):
        return self.update([E.update_entries(data_set, start, entries)])

    def replace_entries(self, data_set: str, entries: Any):
        return self.update([E.replace_entries(data_set, entries)])

    def add_data_set(self, data_set: Mapping[str, Any], index: int | None = None):
        return self.update([E.add_data_set(data_set, index)])

    def remove_data_set(self, data_set: str):
        return self.update([E.remove_data_set(data_set)])

    def replace_data_set(self, data_set: Mapping[str, Any]):
        return self.update([E.replace_data_set(data_set)])

    def set_visibility(self, data_set: str, visible: bool, entry: int | None = None):
        return self.update([E.set_visibility(data_set, visible, entry)])

    def set_highlight(self, highlights):
        return self.update([E.set_highlight(highlights)])

    def highlight(self, data_set: str, index: int):
        return self.update([E.highlight(data_set, index)])

    def clear_highlight(self):
        return self.update([E.set_highlight([])])

    def set_viewport(self, x_min: float | None = None, x_max: float | None = None, auto_scale_y: bool | None = None):
        return self.update([E.set_viewport(x_min, x_max, auto_scale_y)])

    def resize(self, width: float, height: float):
        return self.update([E.resize(width, height)])


class Batch(EditMethods):
    """Collects edits; the document sends them as one atomic update when the ``with`` block ends."""

    def __init__(self) -> None:
        self.edits: list[dict] = []

    def update(self, edits: list[dict]) -> None:
        self.edits.extend(edits)


class Document(EditMethods):
    """An open chart document (sync API). Created by ``Client.open``; not thread-hostile.

    ``version`` is the last version the daemon confirmed; ``svg`` is the mirror's text for it.
    Every method is safe to call from several threads: versions are assigned in send order.
    """

    def __init__(self, client: DocumentHost, uri: str, spec: Any, render: Render, id_prefix: str | None) -> None:
        self._client = client
        self.uri = uri
        self.mirror = SvgMirror(render.svg, render.version)
        self.replay = SpecReplay(spec)
        #: False once an accepted edit could not be replayed (recovery then relies on the check).
        self.replay_exact = True
        self.version = render.version
        self._last_sent = render.version
        self.id_prefix = id_prefix or derive_prefix(render.regions)
        self.diagnostics: list[dict] = []
        self.closed = False
        self._resyncing = False
        self._buffer: list[tuple[Patch, Callable[[], None]]] = []
        # Notification-mode updates not yet confirmed by a chart/patch: (seq, version, edits, out).
        self._unconfirmed: list[tuple[int, int, list[dict], Any]] = []

    # -- public API --------------------------------------------------------------------------

    @property
    def svg(self) -> str:
        """The full SVG text of the mirror (``chart/render`` of ``mirror.version``, byte for byte)."""
        with self._client._lock:
            return self.mirror.text

    @property
    def regions(self) -> list[str]:
        with self._client._lock:
            return self.mirror.region_ids

    @property
    def spec(self) -> Any:
        """The client's copy of the current spec (what a re-open after a crash would send)."""
        return self.replay.spec

    def submit(self, edits: list[dict], version: int | None = None) -> "Future[Patch]":
        """Sends ``chart/update`` and returns a Future of the Patch (resolved after the mirror has it)."""
        return self._client._submit_update(self, list(edits), version)

    def update(self, edits: list[dict], version: int | None = None, timeout: float | None = None) -> Patch:
        """Applies edits atomically; returns the Patch (already applied to ``svg``)."""
        return self._client._wait(self.submit(edits, version), timeout)

    def update_nowait(self, edits: list[dict]) -> int:
        """Sends ``chart/update`` as a notification (no reply); the patch arrives as ``chart/patch``.

        Returns the version the update will have. Rejected notification updates are not reported
        back (use ``update`` when an edit may be invalid).
        """
        return self._client._notify_update(self, list(edits))

    @contextlib.contextmanager
    def batch(self) -> Iterator[Batch]:
        """``with doc.batch() as b: b.append_entries(...); b.highlight(...)`` sends one update."""
        b = Batch()
        yield b
        if b.edits:
            self.update(b.edits)

    def render(self, timeout: float | None = None) -> Render:
        """Fetches the full SVG (``chart/render``) and resets the mirror to it."""
        return self._client._wait(self.submit_render(), timeout)

    def submit_render(self) -> "Future[Render]":
        return self._client._submit_render(self)

    def hit_test(self, x: float, y: float, timeout: float | None = None) -> HitTarget | None:
        """What lies under (x, y) in SVG user units."""
        return self._client._wait(self.submit_hit_test(x, y), timeout)

    def submit_hit_test(self, x: float, y: float) -> "Future[HitTarget | None]":
        fut = self._client._request("chart/hitTest", {"uri": self.uri, "x": x, "y": y})
        return _chain(fut, lambda r: HitTarget.from_json((r or {}).get("target")))

    def close(self, timeout: float | None = None) -> None:
        self._client._wait(self.submit_close(), timeout)

    def submit_close(self) -> "Future[None]":
        return self._client._submit_close(self)

    def __repr__(self) -> str:
        return "<chartd.Document %s v%d>" % (self.uri, self.version)

    def _repr_svg_(self) -> str:
        """Jupyter/IPython shows a document as its chart (the mirror's SVG)."""
        return self.svg

    # -- engine hooks (called with the client lock held, from the reader thread) ---------------

    def _confirm(self, version: int, edits: list[dict] | None) -> None:
        """Records that the daemon applied everything up to ``version`` (``edits`` last)."""
        for item in [u for u in self._unconfirmed if u[1] <= version]:
            self._unconfirmed.remove(item)
            if item[1] < version or edits is None:
                self._replay(item[2])
        if edits is not None:
            self._replay(edits)
        self.version = max(self.version, version)
        self._last_sent = max(self._last_sent, version)

    def _drop_rejected(self, version: Any, diagnostics: list[dict]) -> None:
        """A notification update chartd rejected (error diagnostics for its version) is not replayed."""
        if any(d.get("severity", "error") == "error" for d in diagnostics if isinstance(d, dict)):
            self._unconfirmed = [u for u in self._unconfirmed if u[1] != version]

    def _replay(self, edits: list[dict]) -> None:
        try:
            self.replay.apply_all(edits, atomic=False)
        except (ReplayError, KeyError, TypeError, IndexError, ValueError):
            self.replay_exact = False

    def _receive_patch(self, patch: Patch, done: Callable[[], None]) -> None:
        if self._resyncing:
            self._buffer.append((patch, done))
            return
        if patch.version <= self.mirror.version:
            done()
            return
        if patch.base_version == self.mirror.version:
            try:
                self.mirror.apply(patch)
                done()
                return
            except PatchMismatchError:
                pass
        self._resyncing = True
        self._buffer.append((patch, done))
        self._client._request_internal("chart/render", {"uri": self.uri}, self._on_resync, self._on_resync_failed)

    def _on_resync(self, result: Any) -> None:
        render = Render.from_json(result)
        if render.version >= self.mirror.version:
            self.mirror.reset(render.svg, render.version)
        self._end_resync()

    def _on_resync_failed(self, error: Exception) -> None:
        self._end_resync()

    def _end_resync(self) -> None:
        self._resyncing = False
        buffered, self._buffer = self._buffer, []
        for patch, done in buffered:
            self._receive_patch(patch, done)

    def _on_update_error(self, version: int, error: Exception) -> None:
        if isinstance(error, ChartdError) and error.code == ErrorCode.CONTENT_MODIFIED:
            current = error.current_version
            if isinstance(current, int):
                self._last_sent = max(self._last_sent, current)

