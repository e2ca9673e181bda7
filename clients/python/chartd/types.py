"""Typed views of chartd results: patches, renders and hit-test targets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Fragment", "Insertion", "Patch", "Render", "HitTarget", "ServerInfo", "SvgText"]


class SvgText(str):
    """SVG markup as a plain ``str`` that Jupyter/IPython displays as the chart (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Fragment:
    """The new markup of one region (replaces the element with this id)."""

    id: str
    svg: str


@dataclass(frozen=True)
class Insertion:
    """A new region inserted right after ``after`` (``None``: first child of the root)."""

    id: str
    svg: str
    after: str | None


@dataclass(frozen=True)
class Patch:
    """The change from ``base_version`` to ``version``, applied as root → removed → inserted → fragments
    → restored.

    ``restored`` (only to a client that declared ``previousMarkup``): ids of regions whose new markup
    is their previous markup, which the client keeps; it swaps the region's previous and current
    markup (protocol/patch.md, "Restored regions").
    """

    uri: str
    base_version: int
    version: int
    root: str | None = None
    removed: list[str] = field(default_factory=list)
    inserted: list[Insertion] = field(default_factory=list)
    fragments: list[Fragment] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)
    raw: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def is_empty(self) -> bool:
        """True when nothing visible changed (only the version moved)."""
        return self.root is None and not self.removed and not self.inserted and not self.fragments and not self.restored

    @classmethod
    def from_json(cls, obj: dict) -> "Patch":
        return cls(
            uri=obj.get("uri", ""),
            base_version=obj["baseVersion"],
            version=obj["version"],
            root=obj.get("root"),
            removed=list(obj.get("removed") or []),
            inserted=[Insertion(i["id"], i["svg"], i.get("after")) for i in obj.get("inserted") or []],
            fragments=[Fragment(f["id"], f["svg"]) for f in obj.get("fragments") or []],
            restored=list(obj.get("restored") or []),  # left out when empty
            raw=obj,
        )


@dataclass(frozen=True)
class Render:
    """A full render: the whole SVG text of ``version`` and its region ids in z-order."""

    uri: str
    version: int
    svg: str
    regions: list[str]

    @classmethod
    def from_json(cls, obj: dict) -> "Render":
        return cls(obj.get("uri", ""), obj.get("version", 0), obj["svg"], list(obj.get("regions") or []))

    def _repr_svg_(self) -> str:
        return self.svg


@dataclass(frozen=True)
class HitTarget:
    """What lies under a point: kind "legendItem", "entry", "plotArea" or "axis" plus its details."""

    kind: str
    data_set: str | None = None
    index: int | None = None
    entry: int | None = None
    x: float | None = None
    y: float | None = None
    axis: str | None = None
    value: float | None = None
    raw: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Any) -> "HitTarget | None":
        if not isinstance(obj, dict):
            return None
        return cls(
            kind=obj.get("kind", ""),
            data_set=obj.get("dataSet"),
            index=obj.get("index"),
            entry=obj.get("entry"),
            x=obj.get("x"),
            y=obj.get("y"),
            axis=obj.get("axis"),
            value=obj.get("value"),
            raw=obj,
        )


@dataclass(frozen=True)
class ServerInfo:
    """What ``initialize`` told us: name, version, protocol version and the chart capabilities."""

    name: str
    version: str
    protocol_version: str
    chart: dict

    @property
    def kinds(self) -> list[str]:
        return list(self.chart.get("kinds") or [])

    @property
    def edit_ops(self) -> list[str]:
        return list(self.chart.get("editOps") or [])

    @property
    def limits(self) -> dict:
        return dict(self.chart.get("limits") or {})

    @property
    def previous_markup(self) -> bool:
        """Whether chartd may send ``restored`` regions (to a client that declared ``previousMarkup``)."""
        return self.chart.get("previousMarkup") is True

    @classmethod
    def from_json(cls, result: dict) -> "ServerInfo":
        caps = result.get("capabilities") or {}
        chart = caps.get("chart") or (caps.get("experimental") or {}).get("chart") or {}
        info = result.get("serverInfo") or {}
        return cls(info.get("name", ""), info.get("version", ""), str(result.get("protocolVersion", "")), chart)
