"""An exact aliased rasterizer for chartd's line paths: the oracle of the M4 pixel check.

SVG defines a stroke with round joins and caps as the set of points within half the stroke width
of the path (the union of one capsule per segment). An aliased rasterizer that samples pixel
centres inks pixel (column, row) exactly when its centre lies strictly inside that set. This module
computes that set per pixel column from the path data itself, with no rasterizer in between, so
that M4 and lossless can be compared on the geometry they draw and the rasterizer's own artefacts
can be told apart (`phantom_probe`). Standard library only.

    extents, pixels = rasterize(polylines, half_width, scale)
"""

import math
import re

_TOKEN = re.compile(r"[MmLlHhVvZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def parse_path(d):
    """The polylines of an SVG path `d` made of M, L, H, V (absolute or relative) and Z."""
    tokens = _TOKEN.findall(d)
    polylines, current = [], None
    x = y = 0.0
    cmd, i = None, 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz" and current:
                current.append(current[0])
                x, y = current[0]
            continue
        if cmd in "Mm":
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            i += 2
            x, y = (x + dx, y + dy) if cmd == "m" else (dx, dy)
            current = [(x, y)]
            polylines.append(current)
            cmd = "l" if cmd == "m" else "L"  # coordinates after a move are line-tos
        elif cmd in "Ll":
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            i += 2
            x, y = (x + dx, y + dy) if cmd == "l" else (dx, dy)
            current.append((x, y))
        elif cmd in "Hh":
            v = float(tokens[i])
            i += 1
            x = x + v if cmd == "h" else v
            current.append((x, y))
        elif cmd in "Vv":
            v = float(tokens[i])
            i += 1
            y = y + v if cmd == "v" else v
            current.append((x, y))
        else:
            raise ValueError(f"path command {cmd!r} is not drawn by chartd's lines")
    return polylines


def _capsule_span(ax, ay, bx, by, px, r):
    """The open interval of y on the vertical line x = px within distance r of segment a–b, or None."""
    lo, hi = math.inf, -math.inf
    for cx, cy in ((ax, ay), (bx, by)):  # the round caps and joins: discs at both ends
        h = r * r - (px - cx) ** 2
        if h > 0:
            s = math.sqrt(h)
            lo, hi = min(lo, cy - s), max(hi, cy + s)
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 > 0 and dy != 0:
        # The body: 0 < t < 1 along the segment and |distance to its line| < r. On x = px both
        # are linear in y, so each is an interval; their intersection is the body's span.
        length = math.sqrt(length2)
        # t(y) = ((px - ax)·dx + (y - ay)·dy) / length2
        t0 = ay - (px - ax) * dx / dy          # y where t = 0
        t1 = t0 + length2 / dy                 # y where t = 1
        # signed distance n·(p - a) = ((px - ax)·(-dy) + (y - ay)·dx) / length
        if dx != 0:
            base = ay + (px - ax) * dy / dx    # y where the distance is 0
            w = r * length / abs(dx)
            d0, d1 = base - w, base + w
        else:
            if abs(px - ax) >= r:
                return (lo, hi) if lo < hi else None
            d0, d1 = -math.inf, math.inf
        b0, b1 = max(min(t0, t1), d0), min(max(t0, t1), d1)
        if b0 < b1:
            lo, hi = min(lo, b0), max(hi, b1)
    elif length2 > 0 and min(ax, bx) < px < max(ax, bx):
        # Horizontal: the body spans ay ± r wherever px lies between the ends.
        lo, hi = min(lo, ay - r), max(hi, ay + r)
    return (lo, hi) if lo < hi else None


def rasterize(polylines, half_width, scale=1.0):
    """Pixels inked by an exact aliased rasterizer at `scale` device pixels per unit.

    Returns ({column: (top row, bottom row)}, {column: set of rows})."""
    r = half_width * scale
    rows = {}
    for line in polylines:
        pts = [(x * scale, y * scale) for x, y in line]
        if len(pts) == 1:
            pts = pts * 2
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            first = math.floor(min(ax, bx) - r - 0.5)
            last = math.ceil(max(ax, bx) + r)
            for column in range(first, last + 1):
                span = _capsule_span(ax, ay, bx, by, column + 0.5, r)
                if span is None:
                    continue
                lo, hi = span
                top = math.floor(lo - 0.5) + 1      # the first row whose centre is > lo
                bottom = math.ceil(hi - 0.5) - 1    # the last row whose centre is < hi
                if top <= bottom:
                    rows.setdefault(column, set()).update(range(top, bottom + 1))
    extents = {c: (min(v), max(v)) for c, v in rows.items()}
    return extents, rows


def _brute(polylines, r, scale, columns, height):
    """Pixel-centre sampling by distance: the definition `rasterize` must agree with."""
    out = {}
    for line in polylines:
        pts = [(x * scale, y * scale) for x, y in line]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            for c in range(columns):
                for row in range(height):
                    px, py = c + 0.5, row + 0.5
                    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
                    qx, qy = ax + t * dx - px, ay + t * dy - py
                    if qx * qx + qy * qy < (r * scale) ** 2:
                        out.setdefault(c, set()).add(row)
    return out


def self_check(rng, cases=300):
    """`rasterize` against sampling every pixel centre by distance, on random short polylines."""
    for _ in range(cases):
        # Unrounded coordinates: a centre at exactly half the width is a tie that floating-point
        # rounding settles either way, in both computations.
        line = [(rng.uniform(2, 10), rng.uniform(2, 10)) for _ in range(rng.randint(2, 4))]
        if rng.random() < 0.3:  # vertical and horizontal segments, as dense data draws them
            line[1] = (line[0][0], line[1][1]) if rng.random() < 0.5 else (line[1][0], line[0][1])
        r = rng.choice([0.25, 0.5, 0.75, 1.5])
        scale = rng.choice([1.0, 2.0])
        _, fast = rasterize([line], r, scale)
        slow = _brute([line], r, scale, int(13 * scale), int(13 * scale))
        if fast != slow:
            raise AssertionError(f"exact rasterizer disagrees with sampling on {line} r={r} scale={scale}")


def phantom_probe(rsvg_rows):
    """Two segments drawn as one path: the pixels an aliased rasterizer inks that neither segment's
    own stroke covers. `rsvg_rows(svg) -> {column: set of rows}` rasterizes one SVG aliased."""
    a, b = "M12.08 29.34L12.98 15.88", "M14.72 27.58L14.98 20.4"

    def svg(paths):
        body = "".join(f'<path d="{d}" fill="none" stroke="#ff0000" stroke-width="1" stroke-linejoin="round" '
                       f'stroke-linecap="round"/>' for d in paths)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" '
                f'shape-rendering="crispEdges">{body}</svg>')

    together = rsvg_rows(svg([a + b]))
    apart = rsvg_rows(svg([a, b]))
    extra = sorted((c, row) for c, rows in together.items() for row in rows - apart.get(c, set()))
    _, exact = rasterize(parse_path(a + b), 0.5)
    return {"path": a + b, "extra_pixels": len(extra), "extra": extra[:12],
            "separate_paths_match_exact": apart == exact}
