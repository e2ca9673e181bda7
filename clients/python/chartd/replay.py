"""The client's own copy of a document's spec, kept by replaying every confirmed edit.

After a daemon crash the client re-opens each document with this spec at its last confirmed
version. Memory stays bounded (a sliding window stays a window) because edits are applied, not
logged. The copy is checked on re-open: the daemon's full render must equal the mirror byte for byte;
a difference is reported, and the mirror then takes the daemon's render.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["SpecReplay", "merge_patch", "ReplayError"]

_COLUMNS = ("x", "y", "size", "open", "high", "low", "close", "labels", "colors", "stacks")


class ReplayError(ValueError):
    """An edit the replay cannot reproduce (it would not have been accepted either)."""


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396 JSON merge patch; returns the new value (``target`` is not modified)."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def _form(entries: Any) -> str:
    if isinstance(entries, dict):
        return "columns"
    if not isinstance(entries, list) or not entries:
        return "empty"
    first = entries[0]
    if isinstance(first, dict):
        return "rows"
    if isinstance(first, list):
        return "pairs"
    return "bare"


def _length(entries: Any) -> int:
    if isinstance(entries, dict):
        return max((len(v) for v in entries.values() if isinstance(v, list)), default=0)
    return len(entries) if isinstance(entries, list) else 0


def _to_rows(entries: Any, x_offset: int = 0) -> list[dict]:
    """Any entry form as row objects (bare values get x = position, as a fresh spec would)."""
    form = _form(entries)
    if form == "empty":
        return []
    if form == "rows":
        return [dict(r) for r in entries]
    if form == "pairs":
        return [{"x": p[0], "y": p[1]} if len(p) == 2 else _tuple_row(p) for p in entries]
    if form == "bare":
        return [{"x": x_offset + i, "y": v} for i, v in enumerate(entries)]
    n = _length(entries)
    rows: list[dict] = []
    for i in range(n):
        row = {k: v[i] for k, v in entries.items() if isinstance(v, list) and i < len(v)}
        row.setdefault("x", x_offset + i)
        rows.append(row)
    return rows


def _tuple_row(p: list) -> dict:
    if len(p) == 5:  # [x, open, high, low, close]
        return {"x": p[0], "open": p[1], "high": p[2], "low": p[3], "close": p[4]}
    raise ReplayError("entry tuple of length %d" % len(p))


def _slice(entries: Any, start: int, stop: int) -> Any:
    if isinstance(entries, dict):
        return {k: (v[start:stop] if isinstance(v, list) else v) for k, v in entries.items()}
    return entries[start:stop]


def _concat(a: Any, b: Any) -> Any:
    """Appends ``b`` to ``a`` keeping ``a``'s form when both share it, else as rows."""
    fa, fb = _form(a), _form(b)
    if fa == "empty":
        return copy.deepcopy(b)
    if fb == "empty":
        return a
    if fa == fb and fa in ("rows", "pairs", "bare"):
        return a + copy.deepcopy(b)
    if fa == fb == "columns" and set(a) == set(b):
        return {k: a[k] + list(b[k]) for k in a}
    return _to_rows(a) + _to_rows(b, _length(a))


class SpecReplay:
    """A spec plus the effect of every edit confirmed since (``apply`` mirrors the daemon)."""

    def __init__(self, spec: Any) -> None:
        self.spec = copy.deepcopy(spec)

    def _data_sets(self) -> list:
        sets = self.spec.get("dataSets")
        if not isinstance(sets, list):
            sets = []
            self.spec["dataSets"] = sets
        return sets

    def _find(self, data_set: str) -> dict:
        for ds in self._data_sets():
            if isinstance(ds, dict) and (ds.get("id", ds.get("label")) == data_set):
                return ds
        raise ReplayError("unknown data set %r" % (data_set,))

    def apply_all(self, edits: list[dict]) -> None:
        """Applies edits in order, atomically (on an error nothing changes)."""
        saved = copy.deepcopy(self.spec)
        try:
            for edit in edits:
                self.apply(edit)
        except Exception:
            self.spec = saved
            raise

    def apply(self, edit: dict) -> None:
        op = edit.get("op")
        handler = getattr(self, "_op_" + str(op), None)
        if handler is None:
            raise ReplayError("unknown edit op %r" % (op,))
        handler(edit)

    def _op_setSpec(self, e: dict) -> None:
        self.spec = copy.deepcopy(e["spec"])

    def _op_mergeSpec(self, e: dict) -> None:
        self.spec = merge_patch(self.spec, e["patch"])

    def _op_appendEntries(self, e: dict) -> None:
        ds = self._find(e["dataSet"])
        entries = _concat(ds.get("entries", []), e["entries"])
        limit = e.get("maxEntries")
        n = _length(entries)
        if isinstance(limit, int) and n > limit:
            entries = _slice(entries, n - limit, n)
        ds["entries"] = entries

    def _op_removeEntries(self, e: dict) -> None:
        ds = self._find(e["dataSet"])
        entries = ds.get("entries", [])
        start, count = e["start"], e["count"]
        ds["entries"] = _concat(_slice(entries, 0, start), _slice(entries, start + count, _length(entries)))

    def _op_updateEntries(self, e: dict) -> None:
        ds = self._find(e["dataSet"])
        entries = ds.get("entries", [])
        start, new = e["start"], e["entries"]
        stop = start + _length(new)
        head = _concat(_slice(entries, 0, start), new)
        ds["entries"] = _concat(head, _slice(entries, stop, _length(entries)))

    def _op_replaceEntries(self, e: dict) -> None:
        self._find(e["dataSet"])["entries"] = copy.deepcopy(e["entries"])

    def _op_addDataSet(self, e: dict) -> None:
        sets = self._data_sets()
        index = e.get("index")
        new = copy.deepcopy(e["dataSet"])
        if isinstance(index, int):
            sets.insert(index, new)
        else:
            sets.append(new)

    def _op_removeDataSet(self, e: dict) -> None:
        target = self._find(e["dataSet"])
        self.spec["dataSets"] = [ds for ds in self._data_sets() if ds is not target]

    def _op_replaceDataSet(self, e: dict) -> None:
        new = copy.deepcopy(e["dataSet"])
        target = self._find(new.get("id", new.get("label")))
        sets = self._data_sets()
        sets[sets.index(target)] = new

    def _op_setVisibility(self, e: dict) -> None:
        self._find(e["dataSet"])["visible"] = bool(e["visible"])

    def _op_setHighlight(self, e: dict) -> None:
        self.spec["highlights"] = copy.deepcopy(e.get("highlights") or [])

    def _op_setViewport(self, e: dict) -> None:
        x_min, x_max = e.get("xMin"), e.get("xMax")
        if x_min is None and x_max is None:
            self.spec.pop("viewport", None)
            return
        viewport = dict(self.spec.get("viewport") or {})
        viewport["xMin"], viewport["xMax"] = x_min, x_max
        self.spec["viewport"] = viewport

    def _op_resize(self, e: dict) -> None:
        self.spec["width"], self.spec["height"] = e["width"], e["height"]
