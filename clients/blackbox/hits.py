"""`chart/hitTest` against what the SVG draws (methods.md): legend items, drawn entries, pie slices,
and the axes' own tick labels read back as the data coordinates of a point."""

from __future__ import annotations

import math
import random
import re

from wire import Daemon


_LEGEND_ITEM = re.compile(r'<g id="[^"]*" data-role="legend-item"(?: data-dataset="([^"]*)")?(?: data-entry="(\d+)")?[^>]*>'
                          r'<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)" fill="transparent"/>')
_SERIES_LAYER = re.compile(r'^<g id="[^"]*" data-role="series" data-dataset="[^"]*"([^>]*)>(.*)</g>$')
_RECT = re.compile(r'<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"')
_DOTS = re.compile(r'<path d="((?:M[-0-9.]+ [-0-9.]+h0)+)" fill="none" stroke="[^"]*" stroke-width="([0-9.]+)" stroke-linecap="round"')
_DOT = re.compile(r"M([-0-9.]+) ([-0-9.]+)h0")
_CIRCLE = re.compile(r'<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="([0-9.]+)"')
_SLICE = re.compile(r'<path d="(M[^"]*A[^"]*)"[^>]* data-entry="(\d+)"')
_PATH_TOKEN = re.compile(r"[MALlHhVvZz]|-?(?:\d+\.?\d*|\.\d+)")
_PLOT_CLIP = re.compile(r'<clipPath id="[^"]*-plot"><rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"')


def xml_text(value: str) -> str:
    for escaped, plain in (("&quot;", '"'), ("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&")):
        value = value.replace(escaped, plain)
    return value


def legend_boxes(svg: str) -> list[tuple]:
    """The hit rectangles of the legend items: (x, y, width, height)."""
    return [tuple(float(m.group(k)) for k in range(3, 7)) for m in _LEGEND_ITEM.finditer(svg)]


def covered(x: float, y: float, boxes: list, margin: float = 0.0) -> bool:
    """Whether (x, y) lies on one of the legend's hit rectangles (widened by `margin`)."""
    return any(bx - margin <= x <= bx + bw + margin and by - margin <= y <= by + bh + margin for bx, by, bw, bh in boxes)


def hit(daemon: Daemon, uri: str, x: float, y: float) -> dict:
    """The target `chart/hitTest` names at (x, y); {} for none."""
    return daemon.call("chart/hitTest", {"uri": uri, "x": x, "y": y}).get("result", {}).get("target") or {}


def hit_test_failures(daemon: Daemon, uri: str, svg: str, boxes: list, kind: str | None) -> list[str]:
    """Each legend item's hit rectangle (`boxes`, from `legend_boxes`) hits that item, each pie slice
    its entry (in a chart of `kind` "pie"), and each drawn entry's centre in the plot (off the legend)
    an entry."""
    failures = []
    for m in _LEGEND_ITEM.finditer(svg):
        # A pie slice's item names its entry (its data set is the pie's); a data set's names the set.
        data_set_id, entry = (xml_text(m.group(1)) if m.group(1) is not None else None), m.group(2)
        x, y, w, h = (float(m.group(k)) for k in range(3, 7))
        if w < 1 or h < 1:
            continue
        target = hit(daemon, uri, x + w / 2, y + h / 2)
        more = re.search(r' data-more="(\d+)"', m.group(0))
        if more:
            # "+N more" toggles nothing; a hit on it names the N items it stands for, 200 at most
            # (methods.md, chart/hitTest).
            n = int(more.group(1))
            items = target.get("items") or []
            if not (target.get("kind") == "legendMore" and target.get("count") == n and len(items) == min(n, 200)
                    and all(isinstance(i.get("dataSet", ""), str) and isinstance(i.get("label"), str) for i in items)):
                failures.append("the centre of the \"+%d more\" item hits %s" % (n, str(target)[:300]))
            continue
        if data_set_id is None and entry is None:
            continue
        if not (target.get("kind") == "legendItem" and data_set_id in (None, target.get("dataSet"))
                and (entry is None or target.get("index") == int(entry))):
            failures.append("the centre of legend item %r (entry %s) hits %s" % (data_set_id, entry, target))
    # Only a pie's paths with arcs are slices: a rounded bar's, or its highlight's, are not.
    if kind == "pie":
        failures += slice_hit_failures(daemon, uri, svg, boxes)
    clip = _PLOT_CLIP.search(svg)
    if not clip:
        return failures
    cx, cy, cw, ch = (float(clip.group(k)) for k in range(1, 5))
    for line in svg.split("\n"):
        layer = _SERIES_LAYER.match(line)
        if not layer or 'display="none"' in layer.group(1):
            continue
        # Where an entry is drawn: the centres of bars and candle bodies, of scatter symbols and
        # line circles (zero-length round-capped segments), of bubbles.
        centres = []
        for r in _RECT.finditer(layer.group(2)):
            x, y, w, h = (float(r.group(k)) for k in range(1, 5))
            if w >= 3 and h >= 3:
                centres.append((x + w / 2, y + h / 2, r.group(0)))
        for dots in _DOTS.finditer(layer.group(2)):
            if float(dots.group(2)) >= 3:
                centres += [(float(m.group(1)), float(m.group(2)), "symbol " + m.group(0)) for m in _DOT.finditer(dots.group(1))]
        for c in _CIRCLE.finditer(layer.group(2)):
            if float(c.group(3)) >= 1.5:
                centres.append((float(c.group(1)), float(c.group(2)), c.group(0)))
        for px, py, what in centres[:40]:
            if not (cx + 1 < px < cx + cw - 1 and cy + 1 < py < cy + ch - 1) or covered(px, py, boxes):
                continue
            target = hit(daemon, uri, px, py)
            if target.get("kind") not in ("entry", "legendItem"):
                failures.append("the centre of %s hits %s" % (what, target))
    return failures


def arcs(d: str) -> list[tuple]:
    """The arcs of a path as (start x, start y, radius, large, sweep, end x, end y)."""
    tokens = _PATH_TOKEN.findall(d)
    out, i, x, y, command = [], 0, 0.0, 0.0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            continue
        if command == "A":
            rx, _, _, large, sweep, ex, ey = (float(t) for t in tokens[i:i + 7])
            out.append((x, y, rx, int(large), int(sweep), ex, ey))
            x, y, i = ex, ey, i + 7
        elif command in "ML":
            x, y, i = float(tokens[i]), float(tokens[i + 1]), i + 2
        elif command == "l":
            x, y, i = x + float(tokens[i]), y + float(tokens[i + 1]), i + 2
        elif command in "Hh":
            x, i = (x if command == "h" else 0) + float(tokens[i]), i + 1
        elif command in "Vv":
            y, i = (y if command == "v" else 0) + float(tokens[i]), i + 1
        else:
            i += 1
    return out


def slice_hit_failures(daemon: Daemon, uri: str, svg: str, boxes: list) -> list[str]:
    """A point halfway through each pie slice (mid angle, mid radius) hits that slice's entry."""
    failures = []
    for m in _SLICE.finditer(svg):
        index, parts = int(m.group(2)), arcs(m.group(1))
        if not parts:
            continue
        # The rim: the run of arcs of the largest radius. The hole's edge runs the other way round
        # (its arcs sweep the other way); rounded corners are small arcs that sweep like the rim.
        radius = max(a[2] for a in parts)
        first = next(k for k, a in enumerate(parts) if a[2] == radius)
        outer = []
        for a in parts[first:]:
            if a[2] != radius:
                break
            outer.append(a)
        inner = max((a[2] for a in parts if a[4] != outer[0][4]), default=0.0)
        sx, sy, _, large, sweep, ex, ey = outer[0]
        # The centre: one of the two points at `radius` from both ends of the first rim arc; its
        # flags say which (SVG's endpoint parametrisation).
        mx, my, dx, dy = (sx + ex) / 2, (sy + ey) / 2, (ex - sx) / 2, (ey - sy) / 2
        half = math.hypot(dx, dy)
        if half < 1 or half > radius:
            continue
        h = math.sqrt(max(radius * radius - half * half, 0)) / half
        sign = 1 if large != sweep else -1
        ox, oy = mx - sign * h * dy, my + sign * h * dx
        span = 0.0
        for ax, ay, _, _, arc_sweep, bx, by in outer:
            a0, a1 = math.atan2(ay - oy, ax - ox), math.atan2(by - oy, bx - ox)
            span += (a1 - a0) % (2 * math.pi) if arc_sweep else -((a0 - a1) % (2 * math.pi))
        if abs(span) < 0.2 or radius - inner < 6:
            continue
        middle, r = math.atan2(sy - oy, sx - ox) + span / 2, (radius + inner) / 2
        px, py = ox + r * math.cos(middle), oy + r * math.sin(middle)
        if covered(px, py, boxes):
            continue
        target = hit(daemon, uri, px, py)
        if not (target.get("kind") == "entry" and target.get("index") == index):
            failures.append("the middle of pie slice %d (%.2f, %.2f) hits %s" % (index, px, py, target))
    return failures


_X_AXIS = re.compile(r'<g id="[^"]*-x-axis" data-role="axis">.*?<g [^>]*text-anchor="middle">((?:<text x="[-0-9.]+" y="[-0-9.]+">[^<]*</text>)+)</g>')
_LABEL = re.compile(r'<text x="([-0-9.]+)" y="([-0-9.]+)">([^<]*)</text>')
_LABEL_OFFSET = re.compile(r'<g data-label-offset="([-0-9.e+]+)">')


def label_offset(svg: str, axis_match) -> float:
    """The offset an axis's labels are written from (axes.md, "Labels written from an offset": the
    group around the offset's line holds its exact value), read within that axis's region; 0 without one."""
    end = svg.find('<g id="', axis_match.end())
    m = _LABEL_OFFSET.search(svg, axis_match.start(), end if end >= 0 else len(svg))
    return float(m.group(1)) if m else 0.0


_SUFFIXES = {"": 1, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


def label_value(text: str, locale: dict | None = None):
    """A tick label's number (plain, in scientific notation, or with a k/M/B/T suffix), written with
    the spec's `locale` (axes.md: its decimal separator, and its grouping separator when
    `useGrouping`), else None."""
    text = xml_text(text).replace("\u2212", "-")
    locale = locale or {}
    if locale.get("useGrouping") and locale.get("groupingSeparator"):
        text = text.replace(locale["groupingSeparator"], "")
    decimal = locale.get("decimalSeparator", ".")
    if decimal != ".":
        if "." in text:
            return None
        text = text.replace(decimal, ".")
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?(?:e-?\d+)?)([kMBT]?)", text)
    return float(m.group(1)) * _SUFFIXES[m.group(2)] if m else None


def plus(value, offset: float):
    """A label's value written from `offset`: the two added (None stays None)."""
    return None if value is None else value + offset


def linear_fit(ticks: list) -> tuple | None:
    """(position, value, value per pixel) of the first of `ticks` (position, value) when one linear
    map puts them all within a pixel of their positions, else None (labels of another kind)."""
    (p0, v0), (p1, v1) = ticks[0], ticks[-1]
    if p1 - p0 < 20 or v0 == v1:
        return None
    per_px = (v1 - v0) / (p1 - p0)
    if any(abs(v0 + (p - p0) * per_px - v) > abs(per_px) for p, v in ticks):
        return None
    return p0, v0, per_px


def scaled(value, log: bool):
    """A coordinate on the axis's own scale (log10 on a log axis); None when it has none."""
    if not isinstance(value, (int, float)) or (log and value <= 0):
        return None
    return math.log10(value) if log else value


_LEFT_AXIS = re.compile(r'<g id="[^"]*-left-axis" data-role="axis">.*?<g [^>]*text-anchor="end">((?:<text x="[-0-9.]+" y="[-0-9.]+">[^<]*</text>)+)</g>')
_GRID_ROWS = re.compile(r'<g id="[^"]*-grid" data-role="grid">.*?<path d="((?:M[-0-9.]+ [-0-9.]+h[0-9.]+)+)"')
_ROW = re.compile(r"M[-0-9.]+ ([-0-9.]+)h")


def y_axis_hit_failures(daemon: Daemon, uri: str, svg: str, spec: dict, rng: random.Random, boxes: list) -> list[str]:
    """Points inside the plot hit y values that the left axis's tick labels put there. A label's y
    is its tick's plus the baseline's offset, read against the grid's rows (drawn on whole pixels,
    so the check allows two pixels)."""
    axis, grid, clip = _LEFT_AXIS.search(svg), _GRID_ROWS.search(svg), _PLOT_CLIP.search(svg)
    if (not axis or not grid or not clip or spec.get("kind") in ("pie", "radar") or spec.get("panes")
            or any(d.get("axis") == "right" for d in spec.get("dataSets", []))):
        return []
    log = (spec.get("leftAxis") or {}).get("scale") == "log"
    written_from = label_offset(svg, axis)
    labels = [(float(m.group(2)), scaled(plus(label_value(m.group(3), spec.get("locale")), written_from), log))
              for m in _LABEL.finditer(axis.group(1))]
    rows = sorted(float(m.group(1)) for m in _ROW.finditer(grid.group(1)))
    if len(labels) < 3 or len(rows) != len(labels) or any(v is None for _, v in labels):
        return []
    labels.sort()
    offset = sorted(y - row for (y, _), row in zip(labels, rows))[len(rows) // 2]
    fit = linear_fit(labels)
    if fit is None:
        return []
    y0, v0, per_px = fit
    cx, cy, cw, ch = (float(clip.group(k)) for k in range(1, 5))
    failures = []
    for _ in range(3):
        px, py = rng.uniform(cx + 1, cx + cw - 1), rng.uniform(cy + 1, cy + ch - 1)
        if covered(px, py, boxes, margin=1):
            continue
        target = hit(daemon, uri, px, py)
        if target.get("kind") != "plotArea":
            continue
        expected = v0 + (py + offset - y0) * per_px
        got = scaled(target["y"], log)
        if got is None or abs(got - expected) > 2 * abs(per_px):
            failures.append("y %.2f hits the plot at y %r; the left axis's labels put %.6g there"
                            % (py, target["y"], 10 ** expected if log else expected))
    return failures


def x_axis_is_log(spec: dict) -> bool:
    """axes.md, "Logarithmic axes": a log scale asked for on an x axis that is not an index axis. Bar and
    candlestick data sets (the chart's kind, or a data set's own in a combined chart) and a `category`
    or `indexDate` format make it one, and it stays linear."""
    x = spec.get("xAxis") or {}
    if x.get("scale") != "log" or spec.get("kind") == "pie":
        return False
    fmt = x.get("format")
    if (fmt.get("type") if isinstance(fmt, dict) else fmt) in ("category", "indexDate"):
        return False
    kind = spec.get("kind", "line")
    kinds = [ds.get("kind", "line") if kind == "combined" else kind for ds in spec.get("dataSets", [])]
    return not any(k in ("bar", "candlestick") for k in kinds)


def axis_hit_failures(daemon: Daemon, uri: str, svg: str, spec: dict, rng: random.Random, boxes: list) -> list[str]:
    """Points along the x axis's labels, and inside the plot, hit x values that the axis's own tick
    labels put there (read from the drawing: the labels between the first and the last, whose
    positions are their ticks')."""
    axis, clip = _X_AXIS.search(svg), _PLOT_CLIP.search(svg)
    if not axis or not clip or spec.get("kind") in ("pie", "radar"):
        return []
    log = x_axis_is_log(spec)
    written_from = label_offset(svg, axis)
    labels = [(float(m.group(1)), scaled(plus(label_value(m.group(3), spec.get("locale")), written_from), log), float(m.group(2)))
              for m in _LABEL.finditer(axis.group(1))][1:-1]
    if len(labels) < 3 or any(v is None for _, v, _ in labels):
        return []
    fit = linear_fit([(x, v) for x, v, _ in labels])
    if fit is None:
        return []
    x0, v0, per_px = fit
    x1, baseline = labels[-1][0], labels[-1][2]
    cx, cy, cw, ch = (float(clip.group(k)) for k in range(1, 5))
    failures = []
    for _ in range(3):
        px = rng.uniform(max(cx, x0 - 40) + 1, min(cx + cw, x1 + 40) - 1)
        for py, kind in ((rng.uniform(cy + 1, cy + ch - 1), "plotArea"), ((cy + ch + baseline) / 2 + 2, "axis")):
            if covered(px, py, boxes, margin=1):
                continue
            target = hit(daemon, uri, px, py)
            if target.get("kind") != kind or (kind == "axis" and target.get("axis") != "x"):
                continue  # an entry, a limit line's label or another mark may lie there
            value = target["x"] if kind == "plotArea" else target["value"]
            expected = v0 + (px - x0) * per_px
            got = scaled(value, log)
            if got is None or abs(got - expected) > 1.5 * abs(per_px):
                failures.append("x %.2f hits %s at x %r; the axis's labels put %.6g there"
                                % (px, kind, value, 10 ** expected if log else expected))
    return failures
