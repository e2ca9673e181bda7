"""The client's own copy of a document's spec, kept by replaying every confirmed edit.

After a daemon crash the client re-opens each document with this spec at its last confirmed
version. Memory stays bounded (a sliding window stays a window) because edits are applied, not
logged. The copy is checked on re-open: the daemon's full render must equal the mirror byte for byte;
a difference is reported, and the mirror then takes the daemon's render.
"""

from __future__ import annotations

import copy
import math
from typing import Any

__all__ = ["SpecReplay", "merge_patch", "ReplayError"]

#: Column names of the columnar entry form, and the row-form names that map to them.
_COLUMNS = ("x", "y", "close", "open", "high", "low", "size", "stacks", "labels", "colors")
_ROW_TO_COLUMN = {"label": "labels", "color": "colors", "values": "stacks"}


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


def to_columns(entries: Any) -> tuple[dict[str, list], bool]:
    """Any entry form as columns with an x column; also whether x was given (else x = index).

    Forms (as chartd reads them): bare values ``[y, ...]``, pairs ``[[x, y], ...]``, rows
    ``[{"x", "y", "label", "color", "values", ...}]`` (x given by all rows or none) and columns
    ``{"x": [...], "y": [...], "labels": [...], ...}``.
    """
    if entries is None:
        return {"x": []}, False
    if isinstance(entries, dict):
        n = max((len(v) for k, v in entries.items() if k in _COLUMNS and isinstance(v, list)), default=0)
        cols = {k: list(v) for k, v in entries.items() if k in _COLUMNS and isinstance(v, list)}
        explicit = "x" in cols
        if not explicit:
            cols["x"] = list(range(n))
        return cols, explicit
    if not isinstance(entries, list):
        raise ReplayError("entries must be a list or an object of columns")
    first = next((e for e in entries if e is not None), None)
    if first is None or isinstance(first, (int, float)):
        return {"x": list(range(len(entries))), "y": list(entries)}, False
    if isinstance(first, list):
        if any(not isinstance(p, list) or len(p) != 2 for p in entries):
            raise ReplayError("pairs must be [x, y]")
        return {"x": [p[0] for p in entries], "y": [p[1] for p in entries]}, True
    cols: dict[str, list] = {}
    n = len(entries)
    for i, row in enumerate(entries):
        if not isinstance(row, dict):
            raise ReplayError("rows must be objects")
        for key, value in row.items():
            name = _ROW_TO_COLUMN.get(key, key)
            if name in _COLUMNS:
                cols.setdefault(name, [None] * n)[i] = value
    explicit = "x" in cols
    if not explicit:
        cols["x"] = list(range(n))
    return cols, explicit


def _length(cols: dict[str, list]) -> int:
    return len(cols.get("x", []))


def _is_canonical(entries: Any) -> bool:
    """Columns with an x column, all of one length (a check of the keys only, not the values)."""
    if not isinstance(entries, dict) or not isinstance(entries.get("x"), list):
        return False
    n = len(entries["x"])
    return all(k in _COLUMNS and isinstance(v, list) and len(v) == n for k, v in entries.items())


def _finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


#: The largest ``entryOffset`` a spec may give; chartd stops counting there (chart-spec.md).
MAX_ENTRY_OFFSET = 2**50


def _entry_count(entries: Any) -> int:
    """How many entries a data set's ``entries`` hold, in any form, without converting them."""
    if isinstance(entries, dict):
        return max((len(v) for k, v in entries.items() if k in _COLUMNS and isinstance(v, list)), default=0)
    return len(entries) if isinstance(entries, list) else 0


def _segment_count(entries: Any, index: int) -> int:
    """How many stack segments entry ``index`` has (0 when it is not stacked)."""
    if isinstance(entries, dict):
        stacks = entries.get("stacks")
        value = stacks[index] if isinstance(stacks, list) and index < len(stacks) else None
    elif isinstance(entries, list) and index < len(entries) and isinstance(entries[index], dict):
        row = entries[index]
        value = row.get("values", row.get("stacks"))
    else:
        value = None
    return len(value) if isinstance(value, list) else 0


def _tidy(cols: dict[str, list]) -> None:
    """Drops what chartd would ignore (with a warning): a y column next to close."""
    if "close" in cols and "y" in cols:
        del cols["y"]


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
        found = self._lookup(data_set)
        if found is None:
            raise ReplayError("unknown data set %r" % (data_set,))
        return found

    def _lookup(self, data_set: Any) -> dict | None:
        for ds in self._data_sets():
            if isinstance(ds, dict) and (ds.get("id", ds.get("label")) == data_set):
                return ds
        return None

    def apply_all(self, edits: list[dict], atomic: bool = True) -> None:
        """Applies edits in order; ``atomic``: on an error nothing changes (costs a copy of the spec).

        The client replays only edits chartd accepted, so it skips the copy (``atomic=False``).
        """
        if not atomic:
            for edit in edits:
                self.apply(edit)
            return
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
        self._drop_stale_highlights()

    def _names_an_entry(self, h: Any) -> bool:
        """As chartd checks a highlight: its data set exists, the entry and the stack segment too."""
        if not isinstance(h, dict):
            return False
        ds = self._lookup(h.get("dataSet"))
        index = h.get("index")
        if ds is None or not isinstance(index, int) or not 0 <= index < _entry_count(ds.get("entries")):
            return False
        stack = h.get("stackIndex")
        return stack is None or (isinstance(stack, int) and 0 <= stack < _segment_count(ds.get("entries"), index))

    def _drop_stale_highlights(self) -> None:
        # As chartd after every edit: a highlight always names something (edits.md, "State that edits keep").
        highlights = self.spec.get("highlights")
        if isinstance(highlights, list) and highlights:
            kept = [h for h in highlights if self._names_an_entry(h)]
            if len(kept) != len(highlights):
                self.spec["highlights"] = kept

    def _entries_removed(self, ds: dict, start: int, count: int) -> None:
        """What names the data set's entries by index follows them past the removal (as chartd):
        a highlight or hidden slice of a removed entry goes, one of a later entry moves down; a
        removal from the front adds to ``entryOffset`` (so chunks keep their ids)."""
        if count <= 0:
            return
        data_set, stop = ds.get("id", ds.get("label")), start + count
        highlights = self.spec.get("highlights")
        if isinstance(highlights, list):
            moved = []
            for h in highlights:
                index = h.get("index") if isinstance(h, dict) else None
                if isinstance(index, int) and h.get("dataSet") == data_set and index >= start:
                    if index < stop:
                        continue
                    h = dict(h, index=index - count)
                moved.append(h)
            self.spec["highlights"] = moved
        hidden = ds.get("hiddenEntries")
        if isinstance(hidden, list):
            ds["hiddenEntries"] = [k if k < start else k - count for k in hidden if not start <= k < stop]
        if start == 0:
            ds["entryOffset"] = min(ds.get("entryOffset", 0) + count, MAX_ENTRY_OFFSET)

    def _op_setSpec(self, e: dict) -> None:
        self.spec = copy.deepcopy(e["spec"])

    def _op_mergeSpec(self, e: dict) -> None:
        self.spec = merge_patch(self.spec, e["patch"])

    def _columns_of(self, ds: dict) -> dict[str, list]:
        """The data set's entries as columns with x, converted in place once (later edits are O(change))."""
        entries = ds.get("entries")
        if not _is_canonical(entries):
            entries = to_columns(entries)[0]
            ds["entries"] = entries
        return entries

    def _op_appendEntries(self, e: dict) -> None:
        # As chartd: entries without x continue one past the last finite x (0 when empty).
        ds = self._find(e["dataSet"])
        cols = self._columns_of(ds)
        new, explicit = to_columns(e["entries"])
        n, m = _length(cols), _length(new)
        if not explicit:
            last = next((x for x in reversed(cols["x"]) if _finite(x)), None)
            base = 0 if last is None else last + 1
            new["x"] = [base + i for i in range(m)]
        for k in new:
            cols.setdefault(k, [None] * n)
        for k, column in cols.items():
            column.extend(new.get(k) or [None] * m)
        _tidy(cols)
        limit = e.get("maxEntries")
        if isinstance(limit, int) and n + m > limit:
            self._remove(ds, 0, n + m - limit)

    def _op_removeEntries(self, e: dict) -> None:
        self._remove(self._find(e["dataSet"]), e["start"], e["count"])

    def _remove(self, ds: dict, start: int, count: int) -> None:
        for column in self._columns_of(ds).values():
            del column[start : start + count]
        self._entries_removed(ds, start, count)

    def _op_updateEntries(self, e: dict) -> None:
        # As chartd: entries without x keep the x of the entry they replace (past the end: the index).
        cols = self._columns_of(self._find(e["dataSet"]))
        new, explicit = to_columns(e["entries"])
        start, m, n = e["start"], _length(new), _length(cols)
        if not explicit:
            new["x"] = [cols["x"][start + i] if start + i < n else start + i for i in range(m)]
        for k in new:
            cols.setdefault(k, [None] * n)
        stop = min(start + m, n)
        for k, column in cols.items():
            column[start:stop] = new.get(k) or [None] * m
        _tidy(cols)

    def _op_replaceEntries(self, e: dict) -> None:
        # New data, not a window onto the old: numbered from 0 again.
        ds = self._find(e["dataSet"])
        ds["entries"] = copy.deepcopy(e["entries"])
        ds.pop("entryOffset", None)

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
        ds = self._find(e["dataSet"])
        entry = e.get("entry")
        if entry is None:
            ds["visible"] = bool(e["visible"])
            return
        # One pie slice: hiddenEntries stays sorted and free of repeats, as chartd keeps it.
        hidden = set(ds.get("hiddenEntries") or [])
        if e["visible"]:
            hidden.discard(entry)
        else:
            hidden.add(entry)
        if hidden or "hiddenEntries" in ds:
            ds["hiddenEntries"] = sorted(hidden)

    def _op_setHighlight(self, e: dict) -> None:
        self.spec["highlights"] = copy.deepcopy(e.get("highlights") or [])

    def _op_setViewport(self, e: dict) -> None:
        x_min, x_max = e.get("xMin"), e.get("xMax")
        viewport = dict(self.spec.get("viewport") or {})
        viewport["xMin"], viewport["xMax"] = x_min, x_max
        if "autoScaleY" in e and e["autoScaleY"] is not None:
            viewport["autoScaleY"] = e["autoScaleY"]
        if x_min is None and x_max is None and viewport.get("autoScaleY", True) is True:
            self.spec.pop("viewport", None)  # show all
        else:
            self.spec["viewport"] = viewport

    def _op_resize(self, e: dict) -> None:
        self.spec["width"], self.spec["height"] = e["width"], e["height"]
