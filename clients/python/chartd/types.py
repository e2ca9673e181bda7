"""Typed views of chartd results: patches, renders and hit-test targets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Fragment", "Splice", "Insertion", "Patch", "Render", "HitTarget", "LegendMoreItem", "ServerInfo", "SvgText"]


class SvgText(str):
    """SVG markup as a plain ``str`` that Jupyter/IPython displays as the chart (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_continuation(byte: int) -> bool:
    """A UTF-8 continuation byte (0b10xxxxxx): an offset there falls inside a character."""
    return byte & 0xC0 == 0x80


@dataclass(frozen=True)
class Splice:
    """A change of a region's markup (protocol/patch.md, "Spliced fragments"): the UTF-8 **bytes**
    ``start`` up to (not including) ``end`` of the markup the client holds, replaced by ``text``.

    Offsets count bytes of the UTF-8 encoding, not characters of a ``str``. Constructing one checks
    what needs no markup (integers, ``0 ≤ start ≤ end``, a ``str`` text; ValueError otherwise);
    ``apply`` checks the rest against the markup.
    """

    start: int
    end: int
    text: str

    def __post_init__(self) -> None:
        if not _is_int(self.start) or not _is_int(self.end):
            raise ValueError("splice offsets must be integers, got start %r and end %r" % (self.start, self.end))
        if not isinstance(self.text, str):
            raise ValueError("splice text must be a string, got %r" % (self.text,))
        if not 0 <= self.start <= self.end:
            raise ValueError("splice offsets must satisfy 0 ≤ start ≤ end, got %d..<%d" % (self.start, self.end))

    @classmethod
    def from_json(cls, obj: Any) -> "Splice":
        """The wire form ``{"start", "end", "text"}``; ValueError, saying what is wrong, otherwise."""
        if not isinstance(obj, dict):
            raise ValueError("a splice must be an object {start, end, text}, got %r" % (obj,))
        missing = [k for k in ("start", "end", "text") if k not in obj]
        if missing:
            raise ValueError("splice lacks %s" % ", ".join(missing))
        return cls(obj["start"], obj["end"], obj["text"])

    def apply(self, markup: str) -> str:
        """``markup`` with this splice applied; ValueError when it does not fit (``end`` past the
        markup's UTF-8 length, or an offset inside a character)."""
        start, end = self.start, self.end
        if markup.isascii():  # one byte per character: the offsets index the str, every one a boundary
            if end > len(markup):
                raise ValueError("end %d is past the markup's %d bytes" % (end, len(markup)))
            return markup[:start] + self.text + markup[end:]
        try:
            data = markup.encode("utf-8")
        except UnicodeEncodeError as e:  # a lone surrogate: chartd never sends one
            raise ValueError("the markup has no UTF-8 form (%s)" % e) from None
        if end > len(data):
            raise ValueError("end %d is past the markup's %d bytes" % (end, len(data)))
        for name, at in (("start", start), ("end", end)):
            if at < len(data) and _is_continuation(data[at]):
                raise ValueError("%s %d falls inside a character" % (name, at))
        # Both cuts lie on character boundaries, so each side decodes to exactly its characters.
        return data[:start].decode("utf-8") + self.text + data[end:].decode("utf-8")


@dataclass(frozen=True)
class Fragment:
    """The new markup of one region (replaces the element with this id): whole in ``svg``, or
    (``markupSplices``, protocol/patch.md "Spliced fragments") as a ``splice`` of its current markup,
    with ``svg`` None.

    ``invalid`` says why a wire entry is neither (a malformed splice, both or neither member); such a
    fragment does not fit any mirror: ``apply_to`` raises ValueError and ``SvgMirror.apply``
    PatchMismatchError, so the client fetches a full render instead.
    """

    id: str
    svg: str | None = None
    splice: Splice | None = None
    invalid: str | None = None

    @property
    def is_splice(self) -> bool:
        return self.splice is not None

    def apply_to(self, markup: str) -> str:
        """The region's new markup, given its current ``markup``; ValueError when the fragment does
        not fit it (see ``Splice.apply``) or is invalid."""
        if self.invalid is not None:
            raise ValueError(self.invalid)
        if self.splice is not None:
            return self.splice.apply(markup)
        if not isinstance(self.svg, str):
            raise ValueError("the fragment carries neither markup nor a splice")
        return self.svg

    @classmethod
    def from_json(cls, obj: dict) -> "Fragment":
        """``{"id", "svg"}`` or ``{"id", "splice": {"start", "end", "text"}}``. A missing id raises
        KeyError, as for any patch member; anything else malformed gives an ``invalid`` fragment."""
        fid = obj["id"]
        has_svg, has_splice = "svg" in obj, "splice" in obj
        if has_svg and has_splice:
            return cls(fid, invalid="the fragment carries both markup and a splice")
        if has_splice:
            try:
                return cls(fid, splice=Splice.from_json(obj["splice"]))
            except ValueError as e:
                return cls(fid, invalid="malformed splice: %s" % e)
        if not has_svg:
            return cls(fid, invalid="the fragment carries neither markup nor a splice")
        if not isinstance(obj["svg"], str):
            return cls(fid, invalid="the fragment's markup is not a string: %r" % (obj["svg"],))
        return cls(fid, obj["svg"])


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

    ``fragments`` may hold splices (only to a client that declared ``markupSplices``): a fragment
    whose ``splice`` replaces UTF-8 bytes of the region's current markup, ``svg`` None
    (protocol/patch.md, "Spliced fragments").
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
            fragments=[Fragment.from_json(f) for f in obj.get("fragments") or []],
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
class LegendMoreItem:
    """One legend item a "+N more" item stands for, named as a ``legendItem`` hit on it would be."""

    data_set: str | None
    index: int | None
    label: str
    hidden: bool

    @classmethod
    def from_json(cls, obj: dict) -> "LegendMoreItem":
        return cls(data_set=obj.get("dataSet"), index=obj.get("index"), label=obj.get("label", ""),
                   hidden=bool(obj.get("hidden", False)))


@dataclass(frozen=True)
class HitTarget:
    """What lies under a point: kind "legendItem", "legendMore", "entry", "dataSet", "plotArea" or
    "axis" plus its details (protocol/methods.md, ``chart/hitTest``)."""

    kind: str
    data_set: str | None = None
    index: int | None = None
    entry: int | None = None
    x: float | None = None
    y: float | None = None
    axis: str | None = None
    value: float | None = None
    stack_index: int | None = None
    pane: int | None = None
    # "legendMore": how many items the "+N more" item stands for, and the first of them.
    count: int | None = None
    items: tuple[LegendMoreItem, ...] = ()
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
            stack_index=obj.get("stackIndex"),
            pane=obj.get("pane"),
            count=obj.get("count"),
            items=tuple(LegendMoreItem.from_json(i) for i in obj.get("items") or () if isinstance(i, dict)),
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

    @property
    def markup_splices(self) -> bool:
        """Whether chartd may send fragments as splices (to a client that declared ``markupSplices``)."""
        return self.chart.get("markupSplices") is True

    @classmethod
    def from_json(cls, result: dict) -> "ServerInfo":
        caps = result.get("capabilities") or {}
        chart = caps.get("chart") or (caps.get("experimental") or {}).get("chart") or {}
        info = result.get("serverInfo") or {}
        return cls(info.get("name", ""), info.get("version", ""), str(result.get("protocolVersion", "")), chart)
