"""Builders for the edit objects of ``chart/update`` (one function per edit op).

Each returns a plain dict ready to go on the wire, so edits can be combined in one atomic update:
``doc.update([edits.append_entries("btc", [[t, o, h, l, c]]), edits.set_highlight([])])``.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

__all__ = [
    "set_spec",
    "merge_spec",
    "append_entries",
    "remove_entries",
    "update_entries",
    "replace_entries",
    "add_data_set",
    "remove_data_set",
    "replace_data_set",
    "set_visibility",
    "set_highlight",
    "highlight",
    "set_viewport",
    "resize",
    "EDIT_OPS",
]

#: Every edit op the protocol defines, in the protocol's order.
EDIT_OPS = (
    "setSpec",
    "mergeSpec",
    "appendEntries",
    "removeEntries",
    "updateEntries",
    "replaceEntries",
    "addDataSet",
    "removeDataSet",
    "replaceDataSet",
    "setVisibility",
    "setHighlight",
    "setViewport",
    "resize",
)

Entries = Any  # rows [{"x":..,"y":..}], pairs [[x, y]], bare [y, ...] or columns {"x": [...], "y": [...]}


def set_spec(spec: Mapping[str, Any]) -> dict:
    """The whole spec again (what an editor sends on every keystroke)."""
    return {"op": "setSpec", "spec": spec}


def merge_spec(patch: Mapping[str, Any]) -> dict:
    """An RFC 7396 merge patch of the spec (``None`` values delete keys)."""
    return {"op": "mergeSpec", "patch": patch}


def append_entries(data_set: str, entries: Entries, max_entries: int | None = None) -> dict:
    """Appends entries; with ``max_entries`` the oldest drop out (a sliding window)."""
    edit = {"op": "appendEntries", "dataSet": data_set, "entries": entries}
    if max_entries is not None:
        edit["maxEntries"] = max_entries
    return edit


def remove_entries(data_set: str, start: int, count: int) -> dict:
    return {"op": "removeEntries", "dataSet": data_set, "start": start, "count": count}


def update_entries(data_set: str, start: int, entries: Entries) -> dict:
    """Overwrites the entries from ``start`` on (they must already exist)."""
    return {"op": "updateEntries", "dataSet": data_set, "start": start, "entries": entries}


def replace_entries(data_set: str, entries: Entries) -> dict:
    return {"op": "replaceEntries", "dataSet": data_set, "entries": entries}


def add_data_set(data_set: Mapping[str, Any], index: int | None = None) -> dict:
    """Adds a data set (its full spec); at ``index`` or at the end."""
    edit = {"op": "addDataSet", "dataSet": data_set}
    if index is not None:
        edit["index"] = index
    return edit


def remove_data_set(data_set: str) -> dict:
    return {"op": "removeDataSet", "dataSet": data_set}


def replace_data_set(data_set: Mapping[str, Any]) -> dict:
    """Replaces the data set with the same id by this spec."""
    return {"op": "replaceDataSet", "dataSet": data_set}


def set_visibility(data_set: str, visible: bool, entry: int | None = None) -> dict:
    """Shows or hides a data set (a legend toggle), or with ``entry`` one pie slice."""
    edit = {"op": "setVisibility", "dataSet": data_set, "visible": bool(visible)}
    if entry is not None:
        edit["entry"] = entry
    return edit


def set_highlight(highlights: Iterable[Mapping[str, Any] | Sequence[Any]]) -> dict:
    """Highlights entries: ``[{"dataSet": id, "index": i}]`` or ``[(id, i)]``; ``[]`` clears."""
    items = []
    for h in highlights:
        if isinstance(h, Mapping):
            items.append(dict(h))
        else:
            data_set, index = h
            items.append({"dataSet": data_set, "index": index})
    return {"op": "setHighlight", "highlights": items}


def highlight(data_set: str, index: int) -> dict:
    """Highlights one entry (replacing any other highlight)."""
    return set_highlight([{"dataSet": data_set, "index": index}])


def set_viewport(x_min: float | None = None, x_max: float | None = None, auto_scale_y: bool | None = None) -> dict:
    """Shows the x range ``[x_min, x_max]``; an end left ``None`` is open, both ``None`` shows all data.

    ``auto_scale_y`` fits the y axes to the visible entries (``True``) or keeps them (``False``);
    ``None`` leaves the document's setting as it is (protocol/spec/edits.md).
    """
    edit: dict[str, Any] = {"op": "setViewport", "xMin": x_min, "xMax": x_max}
    if auto_scale_y is not None:
        edit["autoScaleY"] = bool(auto_scale_y)
    return edit


def resize(width: float, height: float) -> dict:
    return {"op": "resize", "width": width, "height": height}
