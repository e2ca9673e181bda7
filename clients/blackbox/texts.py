"""The frame's texts against the ink a text engine paints (protocol/spec/axes.md, "Fitting texts"):
the title, tick labels, axis titles, badges, custom labels, legend labels, a donut's centre text and
a radar's category labels never leave the canvas and no two overlap; nor do a pie's outside labels
(pie-and-highlight.md: spread so that they never overlap, inside the pie's space). The marker's
texts (a tooltip box over the chart) stay inside its box, apart, and the box on the canvas.

Where fontconfig has a font for Chinese, Japanese and Korean (Debian: fonts-wqy-zenhei), a fifth of
the words are East Asian (ideographs, kana, Hangul, full-width forms), which chartd counts one em
each and breaks lines between; without one the texts are Latin only.

chartd places texts by advance widths it carries in tables; this check does not read them. librsvg
(`rsvg-convert`, with the font the chart's `font-family` finds through fontconfig) draws every frame
text in a colour of its own on a transparent canvas with a margin around it, and the check reads
back, from the PNG alone, where each text's ink lies: the box around it in the text's own direction
(a slanted label's box is slanted). A text whose ink leaves the canvas, or two whose boxes overlap by
more than an anti-aliased fringe, is a failure.

    text_failures(binary, seed)  ->  (failures, texts checked), or None without rsvg-convert
"""

from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

from pixels import rasterize
from wire import Daemon

SVG = "{http://www.w3.org/2000/svg}"
#: Regions whose every text is checked (patch.md names them); in the pie's region, some.
FRAME_REGIONS = re.compile(r"-(x-axis|left-axis|right-axis|pane-axis-\d+|legend-.+|title|radar-categories|no-data)$")
#: Px of transparent margin drawn around the canvas, where ink that leaves it shows.
MARGIN = 48
#: Ink: a pixel at least half covered. Anti-aliased fringes below that belong to no text.
INK_ALPHA = 128
#: Px two texts' ink boxes may share: the rasterizer's rounding at a shared edge (touching is allowed).
FRINGE = 1.0
#: Fonts whose advances are Helvetica's (the first of chartd's font stack): with another, the
#: layout's widths are not the painted ones and the check cannot judge.
METRIC_COMPATIBLE = ("Liberation Sans", "Arial", "Helvetica", "Arimo", "Nimbus Sans")

WORD_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüßÀ"
#: East Asian wide characters: ideographs, hiragana, katakana, Hangul syllables, full-width forms.
WIDE_LETTERS = "売上高東京大阪地域月年度合計漢字あいうえおかきくけこアイウエオカキクケコ한국어매출지역ＡＢＣ１２３"


def font_is_metric_compatible() -> bool:
    """Whether fontconfig gives Helvetica a font with Helvetica's advances."""
    tool = shutil.which("fc-match")
    if tool is None:
        return False
    found = subprocess.run([tool, "Helvetica"], capture_output=True, text=True).stdout
    return any(name in found for name in METRIC_COMPATIBLE)


_cjk: bool | None = None


def cjk_font_present() -> bool:
    """Whether fontconfig has fonts for Chinese, Japanese and Korean (asked once)."""
    global _cjk
    if _cjk is None:
        tool = shutil.which("fc-list")
        _cjk = tool is not None and all(
            subprocess.run([tool, ":lang=" + lang, "family"], capture_output=True, text=True).stdout.strip()
            for lang in ("zh-cn", "ja", "ko"))
    return _cjk


def text(rng: random.Random) -> str:
    """0 to 200 characters, mostly short: words, or one long word without a space; a fifth of the
    words East Asian where a font draws them (`cjk_font_present`)."""
    length = rng.choice([0, rng.randint(1, 12), rng.randint(1, 12), rng.randint(12, 60), rng.randint(60, 200)])
    one_word = rng.random() < 0.2
    s = ""
    while len(s) < length:
        letters = WIDE_LETTERS if cjk_font_present() and rng.random() < 0.2 else WORD_LETTERS
        s += "".join(rng.choice(letters) for _ in range(rng.randint(1, 12))) + ("" if one_word else " ")
    return s[:length]


def random_spec(rng: random.Random) -> dict:
    """A chart of any kind whose frame is full of texts: titles, axis titles, category labels, custom
    labels and limit-line badges on the axes, lower panes with axes of their own, a highlight and its
    marker, long legend labels (up to 40 data sets) at every legend position but inside the plot, font
    sizes 6 to 18 px, canvases down to 160 × 120 and, one in four, below that down to 16 × 16 (where
    the texts that cannot fit are left out, axes.md "Fitting texts")."""
    kind = rng.choice(["line", "bar", "hbar", "scatter", "bubble", "candlestick", "pie", "donut", "radar", "combined"])
    n = rng.randint(2, 12)
    scale = rng.choice([1, 100, 1e6, 0.001, 1_733_011_200_000])
    tiny = rng.random() < 0.25
    spec: dict = {"width": rng.randint(16, 160), "height": rng.randint(16, 120)} if tiny else \
        {"width": rng.randint(160, 720), "height": rng.randint(120, 480)}
    if rng.random() < 0.5:
        spec["fontSize"] = rng.randint(6, 18)
    if rng.random() < 0.6:
        spec["title"] = text(rng)
    sets = rng.randint(1, 40) if rng.random() < 0.3 else rng.randint(1, 4)

    def values():
        return [round(rng.random() * scale, 2) if scale < 1e12 else scale + rng.randint(0, 60_000) for _ in range(n)]

    data = []
    for k in range(1 if kind in ("pie", "donut") else sets):
        ds = {"id": "d%d" % k, "label": text(rng)}
        if kind == "candlestick":
            opens = values()
            ds["entries"] = {"open": opens, "high": [o + 1 for o in opens], "low": [o - 1 for o in opens], "close": opens}
        elif kind in ("pie", "donut"):
            ds["entries"] = [{"y": 1 + rng.random() * 9, "label": text(rng)} for _ in range(n)]
        elif kind == "bubble":
            ds["entries"] = {"y": values(), "size": [rng.random() * 10 for _ in range(n)]}
        else:
            ds["entries"] = values()
            if kind == "combined":
                ds["kind"] = ["bar", "line", "scatter"][k % 3]
                if k % 2:
                    ds["axis"] = "right"
        data.append(ds)
    spec["dataSets"] = data
    if kind == "hbar":
        spec["kind"], spec["bars"] = "bar", {"horizontal": True}
    elif kind in ("pie", "donut"):
        spec["kind"] = "pie"
        spec["pie"] = {"holeRadius": 0.3 + rng.random() * 0.5 if kind == "donut" else 0, "centerText": text(rng),
                       "entryLabels": rng.choice(["inside", "outside", "outside", "none"]),
                       "valueLabels": rng.choice(["inside", "outside", "none"])}
    elif kind == "radar":
        spec["kind"], spec["radar"] = "radar", {"categories": [text(rng) for _ in range(n)]}
    else:
        spec["kind"] = kind
    if kind not in ("pie", "donut", "radar"):
        x: dict = {}
        if rng.random() < 0.7:
            x["title"] = text(rng)
        if kind == "candlestick":
            x["format"] = "date"
        elif kind in ("bar", "hbar", "line", "combined") and rng.random() < 0.7:
            x["format"] = {"type": "category", "labels": [text(rng) for _ in range(n)]}
        if rng.random() < 0.15:
            x["labelRotation"] = rng.choice([-90, -45, -30, 45, 90])
        spec["xAxis"] = x
        left: dict = {}
        if rng.random() < 0.7:
            left["title"] = text(rng)
        spec["leftAxis"] = left
        # Custom labels and limit-line badges on the axes' bands (axes.md: they give way, never overlap).
        low, high = (1_733_011_200_000, 1_733_011_260_000) if scale > 1e12 else (0, scale)
        if rng.random() < 0.3:
            left["customLabels"] = [{"value": low + rng.random() * (high - low), "text": text(rng)}
                                    for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.3 and "format" not in x:
            x["customLabels"] = [{"value": rng.random() * (n - 1), "text": text(rng)} for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.3:
            spec["limitLines"] = [
                {"value": rng.random() * (n - 1), "label": text(rng), "labelPosition": "axis", "axis": "x"}
                if rng.random() < 0.3 and "format" not in x else
                {"value": low + rng.random() * (high - low), "label": text(rng), "labelPosition": "axis"}
                for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.15:
            x["labelPosition"] = rng.choice(["top", "both", "insideBottom", "bottom"])
        if kind == "combined" and rng.random() < 0.7:
            spec["rightAxis"] = {"title": text(rng)}
    if kind in ("line", "bar", "candlestick", "scatter") and len(data) > 1 and rng.random() < 0.25:
        # Lower panes, each with its own value axis (and title, custom labels), between which the
        # panes' texts give way (chart-spec.md "panes").
        panes = rng.randint(2, 3)
        spec["panes"] = [{"weight": 2}] + [
            {"weight": 0.5 + rng.random(), "gap": rng.choice([0, 4, 8, 20]),
             "axis": {"title": text(rng), **({"customLabels": [{"value": round(rng.random() * scale, 2), "text": text(rng)}]}
                                            if rng.random() < 0.4 else {})}}
            for _ in range(panes - 1)]
        for k, ds in enumerate(data):
            ds["pane"] = k % panes
    if rng.random() < 0.4:
        # A highlighted entry and its marker (a tooltip box, pie-and-highlight.md "Marker").
        spec["highlights"] = [{"dataSet": "d%d" % rng.randrange(len(data)), "index": rng.randrange(n)}]
        spec["marker"] = {"trigger": rng.choice(["item", "axis"]), "showLabel": rng.random() < 0.8}
    spec["legend"] = {
        "orientation": "vertical" if rng.random() < 0.3 else "horizontal",
        "horizontalAlignment": rng.choice(["left", "center", "right"]),
        "verticalAlignment": rng.choice(["top", "center", "bottom"]),
    }
    return spec


def frame_texts(root: ET.Element) -> list[tuple[str, ET.Element]]:
    """(region id, element) of every `<text>` the frame draws, in document order."""
    out = []
    for region in root:
        rid = region.get("id") or ""
        if FRAME_REGIONS.search(rid):
            out += [(rid, t) for t in region.iter(SVG + "text")]
        elif rid.endswith("-pie"):
            # The centre text, and the outside labels (each right after its value line, pie-and-
            # highlight.md "SVG"): spread so that they never overlap, inside the pie's space.
            previous = None
            for e in region:
                line = previous is not None and previous.tag == SVG + "path" and previous.get("fill") == "none"
                if e.tag == SVG + "text" and (e.get("data-role") == "center-text" or line and previous.get("data-entry")):
                    out.append((rid, e))
                previous = e
    return out


def marker_texts(root: ET.Element) -> list[tuple[str, ET.Element]]:
    """(region id, element) of the marker's texts: they lie over the chart, inside their box."""
    for region in root:
        rid = region.get("id") or ""
        if rid.endswith("-marker"):
            return [(rid, t) for t in region.iter(SVG + "text")]
    return []


def colour(k: int, count: int = 256) -> tuple[int, int, int]:
    """The k-th of `count` text colours: points spread over a sphere in the RGB cube (a Fibonacci
    lattice). Where two texts' ink meets, the rasterizer blends their colours, and a blend of two
    points of a sphere lies inside it, never on a third: a blended pixel is no text's."""
    golden = math.pi * (3 - math.sqrt(5))
    z = 1 - 2 * (k + 0.5) / count
    r = math.sqrt(1 - z * z)
    return tuple(int(round(128 + 100 * c)) for c in (r * math.cos(golden * k), r * math.sin(golden * k), z))


def angle(text_el: ET.Element, parents: dict) -> float:
    """The rotation in degrees a text is drawn at: its own and its groups' `rotate(…)` added up."""
    total, e = 0.0, text_el
    while e is not None:
        for m in re.finditer(r"rotate\(\s*([-+0-9.eE]+)", e.get("transform") or ""):
            total += float(m.group(1))
        e = parents.get(e)
    return total


_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def path_points(d: str) -> list[tuple[float, float]]:
    """The end points of a path's segments (M, L, H, V, A, absolute or relative), which for a
    rounded box with a pointer span its extent."""
    tokens = _PATH_TOKEN.findall(d)
    points, i, x, y, command = [], 0, 0.0, 0.0, ""
    arity = {"M": 2, "L": 2, "H": 1, "V": 1, "A": 7}
    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
            continue
        n = arity.get(command.upper())
        if n is None:
            i += 1
            continue
        v = [float(t) for t in tokens[i:i + n]]
        i += n
        relative = command.islower()
        if command.upper() in "ML":
            x, y = (x + v[0], y + v[1]) if relative else (v[0], v[1])
        elif command.upper() == "H":
            x = x + v[0] if relative else v[0]
        elif command.upper() == "V":
            y = y + v[0] if relative else v[0]
        else:
            x, y = (x + v[5], y + v[6]) if relative else (v[5], v[6])
        points.append((x, y))
    return points


def marker_box(root: ET.Element) -> tuple[float, float, float, float] | None:
    """The marker's box (x0, y0, x1, y1), or None without a marker: the axis tooltip's `<rect>`, or
    the extent of the item marker's outline (its pointer included)."""
    for region in root:
        if not (region.get("id") or "").endswith("-marker"):
            continue
        rect = next(region.iter(SVG + "rect"), None)
        if rect is not None:
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            return x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))
        outline = next(region.iter(SVG + "path"), None)
        points = path_points(outline.get("d", "")) if outline is not None else []
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return min(xs), min(ys), max(xs), max(ys)
    return None


def ink_document(svg: str, pick=None) -> tuple[str, list[tuple[str, float, str]], float, float]:
    """The chart with every text `pick` names (default: the frame's) in its colour and nothing else
    drawn, on a canvas widened by MARGIN on each side; with (region id, angle, text) per colour and
    the canvas size."""
    root = ET.fromstring(svg)
    parents = {c: p for p in root.iter() for c in p}
    texts = (pick or frame_texts)(root)
    keep = set(id(t) for _, t in texts)
    described = []
    for k, (rid, t) in enumerate(texts):
        r, g, b = colour(k, len(texts))
        for e in t.iter():
            e.set("fill", "#%02x%02x%02x" % (r, g, b))
            e.set("stroke", "none")
            e.attrib.pop("opacity", None)
            e.attrib.pop("fill-opacity", None)
        described.append((rid, angle(t, parents), "".join(t.itertext())))
    # Everything else goes: marks, backgrounds, texts tied to data. Groups stay for what they pass
    # on (font, anchor, transform, clip) and definitions for the clips they name.
    for p in list(root.iter()):
        for c in list(p):
            tag = c.tag.replace(SVG, "")
            if tag in ("g", "defs", "clipPath", "tspan") or (tag == "text" and id(c) in keep):
                continue
            if tag == "rect" and parents.get(c) is not None and parents[c].tag == SVG + "clipPath":
                continue
            p.remove(c)
    width, height = float(root.get("width")), float(root.get("height"))
    root.set("width", str(width + 2 * MARGIN))
    root.set("height", str(height + 2 * MARGIN))
    root.set("viewBox", "%g %g %g %g" % (-MARGIN, -MARGIN, width + 2 * MARGIN, height + 2 * MARGIN))
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    return ET.tostring(root, encoding="unicode"), described, width, height


def ink_boxes(drawn: tuple[int, int, bytes], count: int, angles: list[float]) -> list[tuple | None]:
    """Per text: (its ink's extent along its direction u0…u1 and across it v0…v1, in px of the
    canvas, and the extent of its ink on the canvas x0, y0, x1, y1), None for a text without ink."""
    width, height, rgba = drawn
    index = {colour(k, count): k for k in range(count)}
    boxes: list = [None] * count
    trig = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in angles]
    for y in range(height):
        row = rgba[y * width * 4:(y + 1) * width * 4]
        if not any(row[3::4]):
            continue
        for x in range(width):
            if row[4 * x + 3] < INK_ALPHA:
                continue
            c = tuple(row[4 * x:4 * x + 3])
            k = index.get(c)
            if k is None:
                # Unpremultiplying an at least half-covered pixel rounds by a unit or two; further
                # off, the pixel is a blend of two texts' ink and belongs to neither.
                k = next((j for col, j in index.items() if all(abs(a - b) <= 2 for a, b in zip(col, c))), None)
                if k is None:
                    continue
            cx, cy = x - MARGIN + 0.5, y - MARGIN + 0.5
            cos, sin = trig[k]
            u, v = cx * cos + cy * sin, -cx * sin + cy * cos
            b = boxes[k]
            if b is None:
                boxes[k] = [u, u, v, v, cx, cy, cx, cy]
            else:
                b[0], b[1], b[2], b[3] = min(b[0], u), max(b[1], u), min(b[2], v), max(b[3], v)
                b[4], b[5], b[6], b[7] = min(b[4], cx), min(b[5], cy), max(b[6], cx), max(b[7], cy)
    return [None if b is None else tuple(b) for b in boxes]


def corners(box: tuple, a: float) -> list[tuple[float, float]]:
    """The ink box's corners on the canvas (pixel centres widened by half a pixel each way)."""
    cos, sin = math.cos(math.radians(a)), math.sin(math.radians(a))
    u0, u1, v0, v1 = box[0] - 0.5, box[1] + 0.5, box[2] - 0.5, box[3] + 0.5
    return [(u * cos - v * sin, u * sin + v * cos) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]


def overlap_depth(p: list, q: list) -> float:
    """How far two convex quadrilaterals overlap: the least depth along the axes of their edges
    (separating axes), 0 when some axis separates them."""
    depth = math.inf
    for poly in (p, q):
        for i in range(4):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 4]
            ax, ay = y0 - y1, x1 - x0
            n = math.hypot(ax, ay)
            if n == 0:
                continue
            ax, ay = ax / n, ay / n
            a = [x * ax + y * ay for x, y in p]
            b = [x * ax + y * ay for x, y in q]
            depth = min(depth, min(max(a), max(b)) - max(min(a), min(b)))
            if depth <= 0:
                return 0.0
    return depth


def painted(svg: str, pick=None) -> tuple[list, list, float, float] | None:
    """(described texts, their ink boxes, canvas width, height) of the texts `pick` names, or None
    without rsvg-convert."""
    doc, described, width, height = ink_document(svg, pick)
    if not described:
        return [], [], width, height
    drawn = rasterize(doc)
    if drawn is None:
        return None
    return described, ink_boxes(drawn, len(described), [a for _, a, _ in described]), width, height


def overlaps(described: list, boxes: list) -> list[str]:
    """Every two texts whose ink boxes overlap by more than a fringe."""
    out = []
    shapes = [None if b is None else corners(b, a) for b, (_, a, _) in zip(boxes, described)]
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            if shapes[i] is None or shapes[j] is None:
                continue
            # Cheap refusal on the canvas boxes before the separating axes.
            bi, bj = boxes[i], boxes[j]
            if bi[4] > bj[6] + 1 or bj[4] > bi[6] + 1 or bi[5] > bj[7] + 1 or bj[5] > bi[7] + 1:
                continue
            d = overlap_depth(shapes[i], shapes[j])
            if d > FRINGE:
                out.append("%s %r overlaps %s %r by %.1f px"
                           % (described[i][0], described[i][2][:30], described[j][0], described[j][2][:30], d))
    return out


def outside(described: list, boxes: list, area: tuple, name: str) -> list[str]:
    """Every text whose ink leaves `area` (x0, y0, x1, y1)."""
    return ["%s: %r leaves the %s: ink %.1f,%.1f … %.1f,%.1f" % (rid, words[:40], name, b[4], b[5], b[6], b[7])
            for (rid, _, words), b in zip(described, boxes)
            if b is not None and (b[4] < area[0] or b[5] < area[1] or b[6] > area[2] or b[7] > area[3])]


def check_svg(svg: str) -> tuple[list[str], int] | None:
    """(failures, texts with ink) of one full SVG, or None without rsvg-convert.

    The frame's texts are painted together: on the canvas and apart. The marker's are painted on
    their own (the marker lies over the chart, its texts over others by design): inside its box,
    apart from one another, and the box on the canvas."""
    frame = painted(svg)
    marker = painted(svg, marker_texts)
    if frame is None or marker is None:
        return None
    described, boxes, width, height = frame
    canvas = "%gx%g canvas" % (width, height)
    failures = outside(described, boxes, (0, 0, width, height), canvas) + overlaps(described, boxes)
    box = marker_box(ET.fromstring(svg))
    if box is not None:
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            failures.append("the marker's box %.1f,%.1f … %.1f,%.1f leaves the %s" % (box + (canvas,)))
        failures += outside(marker[0], marker[1], box, "marker's box %.1f,%.1f … %.1f,%.1f" % box)
    failures += outside(marker[0], marker[1], (0, 0, width, height), canvas)
    failures += overlaps(marker[0], marker[1])
    return failures, sum(b is not None for b in boxes + marker[1])


def text_failures(binary: str, seed: int) -> tuple[list[str], int] | None:
    """The frame texts of one random chart (`random_spec(seed)`) opened in the daemon."""
    spec = random_spec(random.Random(seed))
    daemon = Daemon(binary, {})
    try:
        opened = daemon.call("chart/open", {"uri": "texts", "version": 1, "spec": spec})
    finally:
        daemon.close()
    svg = (opened.get("result") or {}).get("svg")
    if not svg:
        return ["seed %d: chart/open answered %s" % (seed, str(opened)[:300])], 0
    checked = check_svg(svg)
    if checked is None:
        return None
    failures, n = checked
    return ["seed %d: %s" % (seed, f) for f in failures], n
