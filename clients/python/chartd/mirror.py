"""A client-side copy of a chart's SVG text, kept current by applying patches.

The full SVG is line-structured: line 1 is the root ``<svg ...>`` opening tag, then one region per
line (each a top-level element with a unique ``id``, in z-order), then ``</svg>``, and the text ends
with a newline. A patch therefore edits a list of lines.

With the ``previousMarkup`` capability (protocol/patch.md, "Restored regions") the mirror also keeps,
per region, its *previous markup*: the line it held before the last fragment or restore replaced it.
A patch's ``restored`` ids swap a region's previous and current line, so a data set toggled off and on
comes back without its markup being sent again.

With the ``markupSplices`` capability (protocol/patch.md, "Spliced fragments") a fragment may carry a
*splice* instead of markup: the region's new line is its current line with the UTF-8 bytes
``start..<end`` replaced by ``text``. It is applied in the fragments' step like any fragment (the
current line becomes the previous markup); one that does not fit makes the whole patch not fit.
"""

from __future__ import annotations

from typing import Iterable

from .errors import PatchMismatchError
from .types import Fragment, Patch

__all__ = ["SvgMirror", "region_id", "split_svg"]

_ID_MARK = ' id="'


def region_id(line: str) -> str | None:
    """The id of a region line: its first ``id="..."`` attribute (attribute values never hold a quote)."""
    start = line.find(_ID_MARK)
    if start < 0:
        return None
    start += len(_ID_MARK)
    end = line.find('"', start)
    return line[start:end] if end >= 0 else None


def _unfit(frag: Fragment, current: str, error: ValueError) -> str:
    """Why a fragment does not fit the region's current markup, for PatchMismatchError."""
    if frag.splice is None:
        return "patch cannot replace region %r: %s" % (frag.id, error)
    s = frag.splice
    size = len(current.encode("utf-8", "surrogatepass"))
    return ("patch splices region %r at bytes %d..<%d (text of %d characters), which does not fit its %d-byte markup: %s"
            % (frag.id, s.start, s.end, len(s.text), size, error))


def split_svg(svg: str) -> tuple[str, list[str]]:
    """Splits a full SVG into (root opening tag, region lines); raises ValueError when malformed."""
    lines = svg.split("\n")
    if len(lines) < 3 or lines[-1] != "" or lines[-2] != "</svg>":
        raise ValueError("not a line-structured chartd SVG (root line, region lines, '</svg>', final newline)")
    return lines[0], lines[1:-2]


class SvgMirror:
    """The SVG text of one document at ``version``; ``apply`` moves it to the patch's version.

    ``previous`` maps a region id to its previous markup (see the module): empty after a full SVG,
    at most one line per region, so at most the size of the SVG again.
    """

    def __init__(self, svg: str, version: int) -> None:
        self.reset(svg, version)

    def reset(self, svg: str, version: int) -> None:
        """Replaces the whole copy (after ``chart/open`` or ``chart/render``); no region has a
        previous markup after a full SVG, so the kept ones are dropped."""
        root, regions = split_svg(svg)
        self.root = root
        self.regions = regions
        self.version = version
        self.previous: dict[str, str] = {}

    def forget_previous(self) -> None:
        """Drops every previous markup (chartd sent a full SVG equal to this copy, e.g. on a re-open)."""
        self.previous.clear()

    @property
    def text(self) -> str:
        """The full SVG text, byte-identical to what ``chart/render`` returns for ``version``."""
        return "\n".join([self.root, *self.regions, "</svg>", ""])

    @property
    def region_ids(self) -> list[str]:
        return [region_id(line) or "" for line in self.regions]

    def _index(self, ids: list[str], wanted: str) -> int:
        try:
            return ids.index(wanted)
        except ValueError:
            raise PatchMismatchError("patch names region %r, which the mirror does not have" % wanted) from None

    def apply(self, patch: Patch) -> None:
        """Applies a patch whose ``base_version`` equals ``version``; all or nothing.

        Raises PatchMismatchError (leaving the mirror and its previous markup unchanged) when the
        base version differs, a region id is unknown, a fragment does not fit (a splice out of range
        or inside a character, a malformed splice, neither markup nor splice) or a restored region
        has no previous markup; the caller then fetches a full render.
        """
        if patch.base_version != self.version:
            raise PatchMismatchError(
                "patch base version %d does not match mirror version %d" % (patch.base_version, self.version),
                expected_version=self.version,
                base_version=patch.base_version,
            )
        regions = list(self.regions)
        ids = [region_id(line) or "" for line in regions]
        # Changes to ``previous`` are collected here (None: forgotten) and made only once the whole
        # patch applied: the store is never copied, so a restore costs no more when it holds much.
        changed: dict[str, str | None] = {}
        for rid in patch.removed:
            i = self._index(ids, rid)
            del regions[i]
            del ids[i]
            changed[rid] = None  # a removed region's previous markup is never restored
        for ins in patch.inserted:
            at = 0 if ins.after is None else self._index(ids, ins.after) + 1
            regions.insert(at, ins.svg)
            ids.insert(at, ins.id)  # none held: ``previous`` names only regions the mirror has
        for frag in patch.fragments:
            i = self._index(ids, frag.id)
            current = regions[i]
            try:
                markup = frag.apply_to(current)
            except ValueError as e:
                raise PatchMismatchError(_unfit(frag, current, e)) from None
            changed[frag.id] = current
            regions[i] = markup
            ids[i] = frag.id
        for rid in patch.restored:
            i = self._index(ids, rid)
            held = changed[rid] if rid in changed else self.previous.get(rid)
            if held is None:
                raise PatchMismatchError("patch restores region %r, whose previous markup the mirror does not hold" % rid)
            changed[rid] = regions[i]
            regions[i] = held
        for rid, markup in changed.items():
            if markup is None:
                self.previous.pop(rid, None)
            else:
                self.previous[rid] = markup
        if patch.root is not None:
            self.root = patch.root
        self.regions = regions
        self.version = patch.version

    def apply_all(self, patches: Iterable[Patch]) -> None:
        for p in patches:
            self.apply(p)
