"""`chart/hitTest` against the pixels a rasterizer paints (methods.md): a point deep inside a mark of
one colour must hit that mark. librsvg (`rsvg-convert`) draws the SVG; this module reads its PNG
with the standard library and owns no geometry of its own, so it shares no assumption with chartd
about arcs, rounded corners, clipping or what lies on top."""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
import tempfile
import zlib

from wire import Daemon

#: Mark colours, one per slice, stack segment or data set: distinct from every theme colour.
PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45"]


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGBA bytes) of an 8-bit RGB or RGBA PNG, as rsvg-convert writes them.

    The LSP client's colour tests read PNGs too; the checker keeps its own reader, as it shares no
    code with chartd or its clients."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6) or body[12] != 0:
                raise ValueError("only 8-bit RGB/RGBA PNGs without interlacing are read")
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), width * channels
    out, previous, i = bytearray(), bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        out += line if channels == 4 else b"".join(bytes(line[k:k + 3]) + b"\xff" for k in range(0, stride, 3))
    return width, height, bytes(out)


def rasterize(svg: str) -> tuple[int, int, bytes] | None:
    """The SVG drawn at one pixel per user unit, or None without rsvg-convert."""
    tool = shutil.which("rsvg-convert")
    if tool is None:
        return None
    with tempfile.NamedTemporaryFile(suffix=".svg") as f:
        f.write(svg.encode())
        f.flush()
        png = subprocess.run([tool, f.name], capture_output=True, check=True).stdout
    return read_png(png)


def positions(rng: random.Random, n: int) -> tuple[list, dict]:
    """The x of `n` bars or candles and the x axis they stand on: indices 0, 1, 2, …, or (one time
    in three) Unix times of weekdays, skipping weekends, on a `date` axis (axes.md, "Slots")."""
    if rng.random() < 2 / 3:
        return list(range(n)), {"drawGrid": False}
    days, day = [], 1_780_272_000  # a Monday
    while len(days) < n:
        if (day - 1_780_272_000) // 86_400 % 7 < 5:
            days.append(day)
        day += 86_400
    return days, {"drawGrid": False, "format": "date"}


def random_spec(rng: random.Random) -> dict:
    """A chart whose marks each have a palette colour of their own: pie and donut slices (rounded, spaced,
    shifted out when highlighted), grouped or horizontal bars with rounded corners, stacks, candles (by
    direction), opaque bubbles."""
    n = rng.randint(1, 7)
    kind = rng.choice(["pie", "bar", "horizontal", "stacked", "candles", "bubbles"])
    if kind == "candles":
        # Rising, falling and flat candles in colours of their own, filled, wicks in the same colour.
        candle = {"increasingColor": PALETTE[0], "decreasingColor": PALETTE[1], "neutralColor": PALETTE[2],
                  "increasingFilled": True, "decreasingFilled": True, "barSpace": rng.choice([0.05, 0.1, 0.3])}
        entries = []
        xs, x_axis = positions(rng, n + 2)
        for x in xs:
            o, c = rng.choice([(3, 8), (8, 3), (5, 5), (1, 9)])
            entries.append({"x": x, "open": o, "close": c, "high": max(o, c) + rng.choice([0, 1, 3]),
                            "low": min(o, c) - rng.choice([0, 1, 3])})
        return {"kind": "candlestick", "width": 400, "height": 260, "legend": {"enabled": False},
                "xAxis": x_axis, "leftAxis": {"drawGrid": False},
                "dataSets": [{"id": "k", "candle": candle, "entries": entries}]}
    if kind == "bubbles":
        # Opaque bubbles, one colour per data set; later data sets are drawn over earlier ones.
        return {"kind": "bubble", "width": 400, "height": 260, "legend": {"enabled": False},
                "xAxis": {"drawGrid": False}, "leftAxis": {"drawGrid": False},
                "dataSets": [{"id": f"b{k}", "color": PALETTE[k], "bubble": {"opacity": 1, "maxDiameter": rng.choice([20, 60])},
                              "entries": [{"x": rng.randint(0, 8), "y": rng.randint(0, 8), "size": rng.choice([1, 4, 9])}
                                          for _ in range(n)]} for k in range(rng.randint(1, 3))]}
    if kind == "pie":
        pie = {"holeRadius": rng.choice([0, 0.3, 0.6, 0.9]), "roundedSlices": rng.random() < 0.5,
               "sliceSpace": rng.choice([0, 2, 8]), "maxAngle": rng.choice([360, 360, 180, 90]),
               "rotation": rng.choice([0, 90, 270, 33]), "selectionShift": rng.choice([0, 10, 25]),
               "transparentCircleRadius": 0}
        spec = {"kind": "pie", "width": rng.choice([300, 420]), "height": rng.choice([240, 300]), "pie": pie,
                "legend": {"enabled": False},
                "dataSets": [{"id": "p", "colors": PALETTE[:n], "entries": [{"y": rng.choice([1, 2, 5, 30, 0.2])} for _ in range(n)]}]}
        if rng.random() < 0.5:
            spec["highlights"] = [{"dataSet": "p", "index": rng.randrange(n)}]
        return spec
    bar = {"cornerRadius": rng.choice([0, 4, 12, 40]), "roundOuterEndOnly": rng.random() < 0.5}
    xs, x_axis = positions(rng, n)
    spec = {"kind": "bar", "width": 400, "height": 260, "legend": {"enabled": False},
            "highlightStyle": {"barOverlayOpacity": 0}, "xAxis": x_axis,
            "leftAxis": {"drawGrid": False, "drawZeroLine": False}}
    if kind == "stacked":
        stacks = [[rng.choice([-2, 1, 3, 0.3]) for _ in range(3)] for _ in range(n)]
        spec["dataSets"] = [{"id": "st", "colors": PALETTE[:3], "bar": bar, "entries": {"x": xs, "stacks": stacks}}]
    else:
        spec["dataSets"] = [{"id": f"b{k}", "color": PALETTE[k], "bar": bar,
                             "entries": {"x": xs, "y": [rng.choice([-3, 1, 2, 5, 0.1, -0.5]) for _ in range(n)]}}
                            for k in range(rng.randint(1, 3))]
        if kind == "horizontal":
            spec["bars"] = {"horizontal": True}
    return spec


def expected_mark(spec: dict, colour: int, target: dict | None) -> dict:
    """What a hit on a pixel of palette colour `colour` must name (for a candle: an entry of the
    direction that colour paints, the one the target names)."""
    if spec["kind"] == "pie":
        return {"index": colour}
    if spec["kind"] == "candlestick":
        entries = spec["dataSets"][0]["entries"]
        i = (target or {}).get("index")
        e = entries[i] if isinstance(i, int) and 0 <= i < len(entries) else None
        painted = None if e is None else 0 if e["close"] > e["open"] else 1 if e["close"] < e["open"] else 2
        return {"dataSet": "k", "direction": colour} if painted != colour else {"dataSet": "k"}
    if spec["dataSets"][0]["id"] == "st":
        return {"stackIndex": colour}
    return {"dataSet": f"b{colour}"}


def pixel_failures(binary: str, seed: int, points: int = 150) -> tuple[list[str], int] | None:
    """Hit tests at random pixels painted in one palette colour with all eight neighbours alike (so not on
    an anti-aliased edge), for one random chart; (failures, pixels checked), or None without rsvg-convert."""
    rng = random.Random(seed)
    spec = random_spec(rng)
    daemon = Daemon(binary, {})
    try:
        opened = daemon.call("chart/open", {"uri": "pixels", "version": 1, "spec": spec})
        svg = (opened.get("result") or {}).get("svg")
        if not svg:
            return ["seed %d: chart/open answered %s" % (seed, str(opened)[:300])], 0
        drawn = rasterize(svg)
        if drawn is None:
            return None
        width, height, rgba = drawn
        colours = {tuple(int(c[k:k + 2], 16) for k in (1, 3, 5)): i for i, c in enumerate(PALETTE)}

        def at(x, y):
            o = (y * width + x) * 4
            return tuple(rgba[o:o + 3]) if rgba[o + 3] == 255 else None

        failures, checked = [], 0
        for _ in range(points):
            x, y = rng.randrange(1, width - 1), rng.randrange(1, height - 1)
            c = at(x, y)
            if c not in colours or any(at(x + dx, y + dy) != c for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                continue
            checked += 1
            target = (daemon.call("chart/hitTest", {"uri": "pixels", "x": x + 0.5, "y": y + 0.5}).get("result") or {}).get("target")
            want = expected_mark(spec, colours[c], target)
            # A mark painted under the point is what it hits (methods.md, `chart/hitTest`): an entry of a
            # data set drawn above wins only where its own mark is painted, and then the pixel is its colour.
            if not target or target.get("kind") != "entry" or any(target.get(k) != v for k, v in want.items()):
                failures.append("seed %d: the pixel at (%d, %d) is painted as %s, the hit test names %s"
                                % (seed, x, y, want, target))
        return failures, checked
    finally:
        daemon.close()
