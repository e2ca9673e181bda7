"""A client-side copy of a chart's SVG text, kept current by applying patches.

The full SVG is line-structured: line 1 is the root ``<svg ...>`` opening tag, then one region per
line (each a top-level element with a unique ``id``, in z-order), then ``</svg>``, and the text ends
with a newline. A patch therefore edits a list of lines.
"""

from __future__ import annotations

from typing import Iterable

from .errors import PatchMismatchError
from .types import Patch

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


def split_svg(svg: str) -> tuple[str, list[str]]:
    """Splits a full SVG into (root opening tag, region lines); raises ValueError when malformed."""
    lines = svg.split("\n")
    if len(lines) < 3 or lines[-1] != "" or lines[-2] != "</svg>":
        raise ValueError("not a line-structured chartd SVG (root line, region lines, '</svg>', final newline)")
    return lines[0], lines[1:-2]


class SvgMirror:
    """The SVG text of one document at ``version``; ``apply`` moves it to the patch's version."""

    def __init__(self, svg: str, version: int) -> None:
        self.reset(svg, version)

    def reset(self, svg: str, version: int) -> None:
        """Replaces the whole copy (after ``chart/open`` or ``chart/render``)."""
        root, regions = split_svg(svg)
        self.root = root
        self.regions = regions
        self.version = version

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

        Raises PatchMismatchError (leaving the mirror unchanged) when the base version differs or a
        region id is unknown; the caller then fetches a full render.
        """
        if patch.base_version != self.version:
            raise PatchMismatchError(
                "patch base version %d does not match mirror version %d" % (patch.base_version, self.version),
                expected_version=self.version,
                base_version=patch.base_version,
            )
        regions = list(self.regions)
        ids = [region_id(line) or "" for line in regions]
        for rid in patch.removed:
            i = self._index(ids, rid)
            del regions[i]
            del ids[i]
        for ins in patch.inserted:
            at = 0 if ins.after is None else self._index(ids, ins.after) + 1
            regions.insert(at, ins.svg)
            ids.insert(at, ins.id)
        for frag in patch.fragments:
            i = self._index(ids, frag.id)
            regions[i] = frag.svg
            ids[i] = frag.id
        if patch.root is not None:
            self.root = patch.root
        self.regions = regions
        self.version = patch.version

    def apply_all(self, patches: Iterable[Patch]) -> None:
        for p in patches:
            self.apply(p)
