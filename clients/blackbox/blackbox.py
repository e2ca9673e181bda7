#!/usr/bin/env python3
"""A black-box checker of chartd, written from protocol/*.md alone (standard library only).

It shares no code with chartd or its clients: its own LSP framing, its own copy of the SVG kept
current by applying patches as protocol/patch.md says, its own random specs and edits. What it
holds chartd to, after every accepted `chart/update`:

- the patch applies to the copy of `baseVersion`, and the copy equals `chart/render` (also after a
  burst of `chart/update` notifications, applying the `chart/patch`es pushed);
- `chart/render` equals `chart/renderSpec` of `chart/getSpec`'s spec (a render from scratch),
  up to the document's id prefix;
- `chart/hitTest`: the centre of every legend item's hit rectangle hits that item; the centre of
  every bar, candle body, scatter symbol, line circle and bubble inside the plot hits an entry; the
  middle of every pie slice hits that slice; and a point inside the plot or along the x axis's
  labels hits the x (and in the plot the left axis's y) value that the axes' own tick labels put
  there;

and after every rejected one: the error is `-32602` with diagnostics (or a stale version), and the
document is as it was. For the language server (`*.chart.json`): after random incremental
`didChange`s, the diagnostics equal those of a fresh `didOpen` of the same text, and every range in
diagnostics, completions and hovers lies inside the text.

    blackbox.py CHARTD [--seeds 1-50] [--steps 800] [--language-server]

prints one line per failure and a summary; exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import subprocess
import sys

# ---- the wire --------------------------------------------------------------------------------


class Daemon:
    """One chartd process spoken to with LSP framing, one request at a time."""

    def __init__(self, binary: str, capabilities: dict):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 1
        self.notifications: list[dict] = []
        self.calls: dict[str, int] = {}
        self.call("initialize", {"processId": None, "capabilities": {"chart": capabilities}})
        self.notify("initialized", {})

    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read(self) -> dict:
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("chartd closed its output (exit code %s)" % self.proc.poll())
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def call(self, method: str, params) -> dict:
        """The response to a request; notifications read meanwhile are kept in `notifications`."""
        request_id = self.next_id
        self.next_id += 1
        self.calls[method] = self.calls.get(method, 0) + 1
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self._read()
            if message.get("id") == request_id and "method" not in message:
                return message
            self.notifications.append(message)

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> int:
        self.call("shutdown", None)
        self.notify("exit", None)
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


# ---- the SVG copy (protocol/patch.md) ----------------------------------------------------------


def region_id(line: str) -> str:
    start = line.index(' id="') + 5
    return line[start:line.index('"', start)]


class SvgCopy:
    """The full SVG as lines, with each region's previous markup (for `restored`)."""

    def __init__(self, svg: str):
        if not svg.endswith("\n") or not svg[:-1].endswith("\n</svg>"):
            raise AssertionError("a full SVG ends with </svg> and a newline")
        self.lines = svg[:-1].split("\n")
        self.previous: dict[str, str] = {}

    def _at(self, rid: str) -> int:
        found = [k for k in range(1, len(self.lines) - 1) if region_id(self.lines[k]) == rid]
        if len(found) != 1:
            raise AssertionError("region %s is in the copy %d times" % (rid, len(found)))
        return found[0]

    def apply(self, patch: dict) -> None:
        if patch.get("root"):
            self.lines[0] = patch["root"]
        for rid in patch["removed"]:
            del self.lines[self._at(rid)]
            self.previous.pop(rid, None)
        for ins in patch["inserted"]:
            at = 1 if ins["after"] is None else self._at(ins["after"]) + 1
            self.lines.insert(at, ins["svg"])
            self.previous.pop(ins["id"], None)
        for fragment in patch["fragments"]:
            k = self._at(fragment["id"])
            current = self.lines[k]
            if "splice" in fragment:
                s, raw = fragment["splice"], current.encode()
                if not 0 <= s["start"] <= s["end"] <= len(raw):
                    raise AssertionError("splice %s outside the %d bytes of %s" % (s, len(raw), fragment["id"]))
                new = (raw[:s["start"]] + s["text"].encode() + raw[s["end"]:]).decode()
            else:
                new = fragment["svg"]
            self.previous[fragment["id"]] = current
            self.lines[k] = new
        for rid in patch.get("restored", []):
            k = self._at(rid)
            if rid not in self.previous:
                raise AssertionError("restored %s has no previous markup" % rid)
            self.lines[k], self.previous[rid] = self.previous[rid], self.lines[k]

    def svg(self) -> str:
        return "\n".join(self.lines) + "\n"


def without_prefix(svg: str) -> str:
    """The SVG with the document's id prefix (the root's id) replaced by P."""
    prefix = region_id(svg[:svg.index("\n")])
    return re.sub(re.escape(prefix) + r'(?=[-"])', "P", svg)


# ---- random specs and edits (protocol/spec/*.md) -----------------------------------------------

KINDS = ["line", "bar", "scatter", "bubble", "candlestick", "pie", "radar", "combined"]
ODD_NUMBERS = [0, -0.0, 1e-300, -1e-300, 1e15, -1e15, 1e300, -1e300, 2 ** 53, 2 ** 63, 0.1, 123456789.123]


def number(rng: random.Random):
    c = rng.random()
    if c < 0.55:
        return round(rng.uniform(-100, 100), rng.choice([0, 1, 2, 3]))
    if c < 0.65:
        return rng.choice(ODD_NUMBERS)
    if c < 0.75:
        return None
    return rng.randint(-5, 5)


def entries(rng: random.Random, kind: str, n: int, x0: float = 0):
    """`n` entries in one of the forms chart-spec.md allows for `kind`."""
    if kind == "candlestick":
        out = []
        for i in range(n):
            o, c = rng.uniform(0, 10), rng.uniform(0, 10)
            out.append({"x": x0 + i, "open": o, "close": c, "high": max(o, c) + rng.random(), "low": min(o, c) - rng.random()})
        return out
    if kind == "bubble":
        return [{"x": x0 + i, "y": number(rng), "size": rng.uniform(0, 5)} for i in range(n)]
    form = rng.random()
    if form < 0.4:
        return [number(rng) for _ in range(n)]
    if form < 0.7:
        xs = sorted(rng.uniform(x0, x0 + n) for _ in range(n)) if rng.random() < 0.8 else [rng.uniform(-5, 5) for _ in range(n)]
        return [{"x": x, "y": number(rng)} for x in xs]
    if form < 0.85:
        return [[x0 + i, number(rng)] for i in range(n)]
    return {"x": [x0 + i for i in range(n)], "y": [number(rng) for _ in range(n)]}


def data_set(rng: random.Random, kind: str, i: int) -> dict:
    own = rng.choice(["line", "bar", "scatter", "bubble", "candlestick"]) if kind == "combined" else kind
    ds = {"id": rng.choice(["a", "b", "c", "x y", "é", "#e-0", "s-1"]) + str(i), "label": rng.choice(["A", "B", "", "<&>\"'"])}
    if kind == "combined":
        ds["kind"] = own
    ds["entries"] = entries(rng, own, rng.choice([0, 1, 2, 5, 20, 300]))
    if rng.random() < 0.2:
        ds["visible"] = False
    if rng.random() < 0.2:
        ds["axis"] = "right"
    if rng.random() < 0.2 and own in ("bar", "line"):
        ds["stack"] = "s"
    if rng.random() < 0.2 and own == "line":
        ds["line"] = {"mode": rng.choice(["linear", "stepped", "cubic", "horizontalBezier"]), "fill": rng.random() < 0.5,
                      "showCircles": rng.random() < 0.5, "width": rng.choice([0, 0.5, 1.5, 4])}
    return ds


def chart_spec(rng: random.Random) -> dict:
    kind = rng.choice(KINDS)
    spec = {"kind": kind, "width": rng.choice([16, 200, 800, 1200]), "height": rng.choice([16, 150, 400]), "dataSets": []}
    taken = set()
    for i in range(rng.choice([0, 1, 2, 3])):
        ds = data_set(rng, kind, i)
        while ds["id"] in taken:
            ds["id"] += "_"
        taken.add(ds["id"])
        spec["dataSets"].append(ds)
    if rng.random() < 0.3:
        spec["title"] = rng.choice(["T", "Sales & <stuff>", "x" * 200])
    if rng.random() < 0.3:
        spec["largeData"] = {"mode": rng.choice(["auto", "lossless"]), "threshold": rng.choice([2, 10, 100]),
                             "chunkSize": rng.choice([16, 17, 50, 1000])}
    if rng.random() < 0.2:
        spec["viewport"] = {"xMin": rng.uniform(-2, 5), "xMax": rng.uniform(5, 50)}
    if rng.random() < 0.2:
        spec["xAxis"] = rng.choice([{"scale": "log"}, {"min": rng.uniform(-10, 0), "max": rng.uniform(1, 100)},
                                    {"granularity": rng.choice([0.5, 1, 7]), "labelRotation": rng.choice([0, 45, -90])},
                                    {"customLabels": [{"value": 1, "text": "one"}], "drawGrid": False}])
    if rng.random() < 0.2:
        spec["leftAxis"] = rng.choice([{"scale": "log"}, {"inverted": True}, {"includeZero": False, "spaceTop": 0.3},
                                       {"labelCount": rng.choice([2, 5, 12]), "min": -20}])
    if rng.random() < 0.2:
        spec["stackMode"] = rng.choice(["normal", "percent"])
    if rng.random() < 0.3:
        spec["legend"] = {"enabled": rng.random() < 0.8, "orientation": rng.choice(["horizontal", "vertical"]),
                          "horizontalAlignment": rng.choice(["left", "center", "right"]), "inside": rng.random() < 0.3}
    if rng.random() < 0.2:
        spec["limitLines"] = [{"axis": "left", "value": rng.uniform(-50, 50), "label": "L", "inFront": rng.random() < 0.5}]
    if rng.random() < 0.15 and kind in ("line", "bar", "candlestick", "combined") and spec["dataSets"]:
        spec["panes"] = [{"weight": 2}, {"weight": 1}]
        spec["dataSets"][-1]["pane"] = 1
    if rng.random() < 0.2:
        spec["marker"] = {"enabled": True, "trigger": rng.choice(["entry", "axis"])}
    if rng.random() < 0.2 and spec["dataSets"]:
        ds = rng.choice(spec["dataSets"])
        n = len(ds["entries"]["x"]) if isinstance(ds["entries"], dict) else len(ds["entries"])
        if n:
            spec["highlights"] = [{"dataSet": ds["id"], "index": rng.randrange(n)}]
    if kind == "pie" and rng.random() < 0.5:
        spec["pie"] = {"holeRadius": rng.choice([0, 0.3, 0.9]), "roundedSlices": rng.random() < 0.5,
                       "sliceSpace": rng.choice([0, 2]), "rotation": rng.choice([0, 90, 271]),
                       "maxAngle": rng.choice([360, 180])}
    if kind == "radar" and rng.random() < 0.5:
        spec["radar"] = {"categories": ["a", "b", "c", "d"], "rotation": rng.choice([0, 45])}
    return spec


def edit(rng: random.Random, spec: dict) -> dict:
    """One edit of protocol/spec/edits.md for the document whose spec is `spec`; some invalid."""
    kind = spec.get("kind", "line")
    names = [d["id"] for d in spec.get("dataSets", [])]
    if not names and rng.random() < 0.7:
        return {"op": "addDataSet", "dataSet": data_set(rng, kind, rng.randint(0, 9))}
    target = rng.choice(names) if names and rng.random() > 0.05 else "nope"
    own = next((d.get("kind", kind) for d in spec.get("dataSets", []) if d["id"] == target), kind)
    own = "line" if own in ("combined", "pie", "radar") and kind != own else own
    op = rng.choice(["appendEntries"] * 5 + ["removeEntries"] * 2 + ["updateEntries"] * 2 + [
        "replaceEntries", "addDataSet", "removeDataSet", "replaceDataSet", "setVisibility", "setVisibility",
        "setHighlight", "setHighlight", "setViewport", "resize", "mergeSpec", "setSpec"])
    n = rng.choice([0, 1, 1, 2, 10])
    if op == "appendEntries":
        e = {"op": op, "dataSet": target, "entries": entries(rng, own, n, x0=rng.choice([0, 300, 1e6]))}
        if rng.random() < 0.3:
            e["maxEntries"] = rng.choice([1, 5, 100, 0, -1])
        return e
    if op == "removeEntries":
        return {"op": op, "dataSet": target, "start": rng.choice([0, 1, 5, 299, 10 ** 12, -1]),
                "count": rng.choice([0, 1, 3, 1000, 2 ** 62])}
    if op == "updateEntries":
        return {"op": op, "dataSet": target, "start": rng.choice([0, 1, 5, 299, 10 ** 12]), "entries": entries(rng, own, n)}
    if op == "replaceEntries":
        return {"op": op, "dataSet": target, "entries": entries(rng, own, rng.choice([0, 3, 40]))}
    if op == "addDataSet":
        e = {"op": op, "dataSet": data_set(rng, kind, rng.randint(0, 9))}
        if rng.random() < 0.5:
            e["index"] = rng.choice([0, 1, 2, 100])
        return e
    if op == "removeDataSet":
        return {"op": op, "dataSet": target}
    if op == "replaceDataSet":
        return {"op": op, "dataSet": dict(data_set(rng, kind, 0), id=target)}
    if op == "setVisibility":
        e = {"op": op, "dataSet": target, "visible": rng.random() < 0.5}
        if kind == "pie" and rng.random() < 0.5:
            e["entry"] = rng.choice([0, 1, 2, 50])
        return e
    if op == "setHighlight":
        highlights = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            h = {"dataSet": rng.choice(names or ["nope"]), "index": rng.choice([0, 1, 2, 10, 299, 5000])}
            if rng.random() < 0.2:
                h["stackIndex"] = rng.choice([0, 1])
            highlights.append(h)
        return {"op": op, "highlights": highlights}
    if op == "setViewport":
        e = {"op": op}
        if rng.random() < 0.7:
            e["xMin"] = rng.choice([None, -1e308, 0, 1, 2.5, 100])
        if rng.random() < 0.7:
            e["xMax"] = rng.choice([None, 1e308, 3, 10, 50, 1e6])
        if rng.random() < 0.3:
            e["autoScaleY"] = rng.random() < 0.5
        return e
    if op == "resize":
        return {"op": op, "width": rng.choice([16, 100, 640, 16384, 15, 1e9]), "height": rng.choice([16, 99, 480])}
    if op == "mergeSpec":
        return {"op": op, "patch": rng.choice([
            {"title": "M"}, {"title": None}, {"legend": {"enabled": False}}, {"legend": {"enabled": True}},
            {"kind": rng.choice(KINDS)}, {"stackMode": "percent"}, {"viewport": None}, {"width": 300},
            {"largeData": {"chunkSize": 16, "threshold": 3}}, {"highlights": []}, {"leftAxis": {"log": True}},
            {"xAxis": {"inverted": True}}])}
    return {"op": "setSpec", "spec": chart_spec(rng)}


# ---- hit tests (methods.md, chart/hitTest) -----------------------------------------------------

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


def hit_test_failures(daemon: Daemon, uri: str, svg: str) -> list[str]:
    failures = []
    legend_boxes = []
    for m in _LEGEND_ITEM.finditer(svg):
        # A pie slice's item names its entry (its data set is the pie's); a data set's names the set.
        data_set_id, entry = (xml_text(m.group(1)) if m.group(1) is not None else None), m.group(2)
        x, y, w, h = (float(m.group(k)) for k in range(3, 7))
        legend_boxes.append((x, y, w, h))
        if w < 1 or h < 1 or (data_set_id is None and entry is None):
            continue  # "+N more" toggles nothing (axes.md, Fitting texts)
        target = daemon.call("chart/hitTest", {"uri": uri, "x": x + w / 2, "y": y + h / 2}).get("result", {}).get("target")
        if not (target and target.get("kind") == "legendItem" and data_set_id in (None, target.get("dataSet"))
                and (entry is None or target.get("index") == int(entry))):
            failures.append("the centre of legend item %r (entry %s) hits %s" % (data_set_id, entry, target))
    failures += slice_hit_failures(daemon, uri, svg, legend_boxes)
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
            if not (cx + 1 < px < cx + cw - 1 and cy + 1 < py < cy + ch - 1):
                continue
            if any(lx <= px <= lx + lw and ly <= py <= ly + lh for lx, ly, lw, lh in legend_boxes):
                continue
            target = daemon.call("chart/hitTest", {"uri": uri, "x": px, "y": py}).get("result", {}).get("target")
            if not target or target.get("kind") not in ("entry", "legendItem"):
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


def slice_hit_failures(daemon: Daemon, uri: str, svg: str, legend_boxes: list) -> list[str]:
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
        if any(lx <= px <= lx + lw and ly <= py <= ly + lh for lx, ly, lw, lh in legend_boxes):
            continue
        target = daemon.call("chart/hitTest", {"uri": uri, "x": px, "y": py}).get("result", {}).get("target")
        if not (target and target.get("kind") == "entry" and target.get("index") == index):
            failures.append("the middle of pie slice %d (%.2f, %.2f) hits %s" % (index, px, py, target))
    return failures


_X_AXIS = re.compile(r'<g id="[^"]*-x-axis" data-role="axis">.*?<g [^>]*text-anchor="middle">((?:<text x="[-0-9.]+" y="[-0-9.]+">[^<]*</text>)+)</g>')
_LABEL = re.compile(r'<text x="([-0-9.]+)" y="([-0-9.]+)">([^<]*)</text>')
_SUFFIXES = {"": 1, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


def label_value(text: str):
    """A tick label's number (plain, or with a k/M/B/T suffix), else None."""
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)([kMBT]?)", xml_text(text).replace("\u2212", "-"))
    return float(m.group(1)) * _SUFFIXES[m.group(2)] if m else None


_LEFT_AXIS = re.compile(r'<g id="[^"]*-left-axis" data-role="axis">.*?<g [^>]*text-anchor="end">((?:<text x="[-0-9.]+" y="[-0-9.]+">[^<]*</text>)+)</g>')
_GRID_ROWS = re.compile(r'<g id="[^"]*-grid" data-role="grid">.*?<path d="((?:M[-0-9.]+ [-0-9.]+h[0-9.]+)+)"')
_ROW = re.compile(r"M[-0-9.]+ ([-0-9.]+)h")


def y_axis_hit_failures(daemon: Daemon, uri: str, svg: str, spec: dict, rng: random.Random, legend_boxes: list) -> list[str]:
    """Points inside the plot hit y values that the left axis's tick labels put there. A label's y
    is its tick's plus the baseline's offset, read against the grid's rows (drawn on whole pixels,
    so the check allows two pixels)."""
    axis, grid, clip = _LEFT_AXIS.search(svg), _GRID_ROWS.search(svg), _PLOT_CLIP.search(svg)
    if (not axis or not grid or not clip or spec.get("kind") in ("pie", "radar") or spec.get("panes")
            or any(d.get("axis") == "right" for d in spec.get("dataSets", []))):
        return []
    log = (spec.get("leftAxis") or {}).get("scale") == "log"
    labels = [(float(m.group(2)), label_value(m.group(3))) for m in _LABEL.finditer(axis.group(1))]
    rows = sorted(float(m.group(1)) for m in _ROW.finditer(grid.group(1)))
    if len(labels) < 3 or len(rows) != len(labels) or any(v is None or (log and v <= 0) for _, v in labels):
        return []
    labels = sorted((y, math.log10(v) if log else v) for y, v in labels)
    offset = sorted(y - row for (y, _), row in zip(labels, rows))[len(rows) // 2]
    (y0, v0), (y1, v1) = labels[0], labels[-1]
    if y1 - y0 < 20 or v0 == v1:
        return []
    per_px = (v1 - v0) / (y1 - y0)
    if any(abs(v0 + (y - y0) * per_px - v) > abs(per_px) for y, v in labels):
        return []
    cx, cy, cw, ch = (float(clip.group(k)) for k in range(1, 5))
    failures = []
    for _ in range(3):
        px, py = rng.uniform(cx + 1, cx + cw - 1), rng.uniform(cy + 1, cy + ch - 1)
        if any(lx - 1 <= px <= lx + lw + 1 and ly - 1 <= py <= ly + lh + 1 for lx, ly, lw, lh in legend_boxes):
            continue
        target = daemon.call("chart/hitTest", {"uri": uri, "x": px, "y": py}).get("result", {}).get("target") or {}
        if target.get("kind") != "plotArea":
            continue
        expected = v0 + (py + offset - y0) * per_px
        value = target["y"]
        got = math.log10(value) if log and isinstance(value, (int, float)) and value > 0 else value
        if not isinstance(got, (int, float)) or abs(got - expected) > 2 * abs(per_px):
            failures.append("y %.2f hits the plot at y %r; the left axis's labels put %.6g there"
                            % (py, value, 10 ** expected if log else expected))
    return failures


def axis_hit_failures(daemon: Daemon, uri: str, svg: str, spec: dict, rng: random.Random, legend_boxes: list) -> list[str]:
    """Points along the x axis's labels, and inside the plot, hit x values that the axis's own tick
    labels put there (read from the drawing: the labels between the first and the last, whose
    positions are their ticks')."""
    axis, clip = _X_AXIS.search(svg), _PLOT_CLIP.search(svg)
    if not axis or not clip or spec.get("kind") in ("pie", "radar"):
        return []
    log = (spec.get("xAxis") or {}).get("scale") == "log"
    ticks = []
    for m in _LABEL.finditer(axis.group(1)):
        v = label_value(m.group(3))
        ticks.append(None if v is None or (log and v <= 0) else (float(m.group(1)), math.log10(v) if log else v, float(m.group(2))))
    ticks = ticks[1:-1]
    if len(ticks) < 3 or None in ticks:
        return []
    (x0, v0, _), (x1, v1, baseline) = ticks[0], ticks[-1]
    if x1 - x0 < 20 or v0 == v1:
        return []
    per_px = (v1 - v0) / (x1 - x0)
    if any(abs(v0 + (x - x0) * per_px - v) > abs(per_px) for x, v, _ in ticks):
        return []  # not one linear map from value to position: labels of another kind
    cx, cy, cw, ch = (float(clip.group(k)) for k in range(1, 5))
    failures = []
    for _ in range(3):
        px = rng.uniform(max(cx, x0 - 40) + 1, min(cx + cw, x1 + 40) - 1)
        for py, kinds in ((rng.uniform(cy + 1, cy + ch - 1), ("plotArea",)), ((cy + ch + baseline) / 2 + 2, ("axis",))):
            if any(lx - 1 <= px <= lx + lw + 1 and ly - 1 <= py <= ly + lh + 1 for lx, ly, lw, lh in legend_boxes):
                continue
            target = daemon.call("chart/hitTest", {"uri": uri, "x": px, "y": py}).get("result", {}).get("target") or {}
            if target.get("kind") not in kinds or (target.get("kind") == "axis" and target.get("axis") != "x"):
                continue  # an entry, a limit line's label or another mark may lie there
            value = target["x"] if target["kind"] == "plotArea" else target["value"]
            expected = v0 + (px - x0) * per_px
            got = math.log10(value) if log and value > 0 else value
            if not isinstance(got, (int, float)) or abs(got - expected) > 1.5 * abs(per_px):
                failures.append("x %.2f hits %s at x %r; the axis's labels put %.6g there"
                                % (px, target["kind"], value, 10 ** expected if log else expected))
    return failures


# ---- the protocol check ------------------------------------------------------------------------


def burst_failures(daemon: Daemon, rng: random.Random, uri: str, doc: dict, spec: dict) -> list[str]:
    """A burst of `chart/update` notifications (methods.md: read together they may be merged, each
    checked against the document as the ones before it left it): the `chart/patch`es pushed, applied
    in order, take the copy to `chart/render`."""
    daemon.notifications.clear()
    version = doc["version"]
    for _ in range(rng.choice([1, 2, 3, 5])):
        version += 1
        daemon.notify("chart/update", {"uri": uri, "version": version, "edits": [edit(rng, spec)]})
    daemon.call("chart/synchronize", None)
    failures = []
    for n in daemon.notifications:
        if n.get("method") != "chart/patch" or n["params"]["uri"] != uri:
            continue
        patch = n["params"]
        if patch["baseVersion"] != doc["version"] or patch["version"] <= doc["version"]:
            failures.append("a pushed patch takes version %s to %s; the copy is at %s"
                            % (patch["baseVersion"], patch["version"], doc["version"]))
            break
        try:
            doc["copy"].apply(patch)
        except AssertionError as e:
            failures.append("a pushed patch does not apply: %s" % e)
            break
        doc["version"] = patch["version"]
    daemon.notifications.clear()
    full = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]
    if failures or full["version"] != doc["version"] or doc["copy"].svg() != full["svg"]:
        if not failures:
            failures.append("after a burst of update notifications the copy (version %s) differs from chart/render "
                            "(version %s)" % (doc["version"], full["version"]))
        doc["copy"], doc["version"] = SvgCopy(daemon.call("chart/render", {"uri": uri})["result"]["svg"]), full["version"]
    return failures


def check_documents(binary: str, seed: int, steps: int) -> tuple[list[str], dict]:
    """Random documents and updates; the failures found and what was done."""
    rng = random.Random(seed)
    capabilities = {k: True for k in ("previousMarkup", "markupSplices") if rng.random() < 0.5}
    daemon = Daemon(binary, capabilities)
    failures: list[str] = []
    counts = {"opened": 0, "accepted": 0, "rejected": 0}
    documents: dict[str, dict] = {}

    def fail(step, what, edits=None):
        failures.append("seed %d step %d: %s%s" % (seed, step, what, "" if edits is None else " after " + json.dumps(edits)[:400]))

    for step in range(steps):
        if not documents or rng.random() < 0.05:
            uri = "mem://d%d" % rng.randint(0, 3)
            if uri in documents:
                daemon.call("chart/close", {"uri": uri})
                del documents[uri]
            r = daemon.call("chart/open", {"uri": uri, "version": 1, "spec": chart_spec(rng)})
            if "result" in r:
                counts["opened"] += 1
                documents[uri] = {"version": 1, "copy": SvgCopy(r["result"]["svg"])}
            continue
        uri = rng.choice(sorted(documents))
        doc = documents[uri]
        spec = daemon.call("chart/getSpec", {"uri": uri})["result"]["spec"]
        if rng.random() < 0.15:
            counts["bursts"] = counts.get("bursts", 0) + 1
            for what in burst_failures(daemon, rng, uri, doc, spec):
                fail(step, what)
            continue
        edits = [edit(rng, spec) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        before = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
        version = doc["version"] + rng.choice([1, 1, 1, 2])
        r = daemon.call("chart/update", {"uri": uri, "version": version, "edits": edits})
        if "error" in r:
            counts["rejected"] += 1
            error = r["error"]
            after = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
            if after != before:
                fail(step, "a rejected update changed the document", edits)
            if error.get("code") != -32602 or not (error.get("data") or {}).get("diagnostics"):
                fail(step, "an update was rejected with %s, not -32602 with diagnostics" % json.dumps(error)[:300], edits)
            continue
        counts["accepted"] += 1
        patch, base = r["result"], doc["version"]
        doc["version"] = version
        full = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
        try:
            if (patch["baseVersion"], patch["version"]) != (base, version):
                raise AssertionError("the patch takes version %s to %s, not %s to %s"
                                     % (patch["baseVersion"], patch["version"], base, version))
            doc["copy"].apply(patch)
            if doc["copy"].svg() != full:
                raise AssertionError("the patched copy differs from chart/render")
        except AssertionError as e:
            fail(step, str(e), edits)
            doc["copy"] = SvgCopy(daemon.call("chart/render", {"uri": uri})["result"]["svg"])
            continue
        fresh = daemon.call("chart/renderSpec", {"spec": daemon.call("chart/getSpec", {"uri": uri})["result"]["spec"]})
        if "error" in fresh:
            fail(step, "chart/getSpec's spec does not render: %s" % json.dumps(fresh["error"])[:300], edits)
        elif without_prefix(fresh["result"]["svg"]) != without_prefix(full):
            fail(step, "chart/render differs from a render from scratch of chart/getSpec's spec", edits)
        for what in hit_test_failures(daemon, uri, full):
            fail(step, what, edits)
        spec_now = daemon.call("chart/getSpec", {"uri": uri})["result"]["spec"]
        legend_boxes = [tuple(float(m.group(k)) for k in range(3, 7)) for m in _LEGEND_ITEM.finditer(full)]
        for what in axis_hit_failures(daemon, uri, full, spec_now, rng, legend_boxes):
            fail(step, what, edits)
        for what in y_axis_hit_failures(daemon, uri, full, spec_now, rng, legend_boxes):
            fail(step, what, edits)
    counts["hit tests"] = daemon.calls.get("chart/hitTest", 0)
    if daemon.close() != 0:
        failures.append("seed %d: chartd did not exit with 0 after shutdown and exit" % seed)
    return failures, counts


# ---- the language-server check -----------------------------------------------------------------


def utf16_units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def position(text: str, offset: int) -> dict:
    before = text[:offset]
    return {"line": before.count("\n"), "character": utf16_units(before[before.rfind("\n") + 1:])}


def within(text: str, span: dict) -> bool:
    lines = text.split("\n")
    for p in (span["start"], span["end"]):
        if not (0 <= p["line"] < len(lines) and 0 <= p["character"] <= utf16_units(lines[p["line"]])):
            return False
    return (span["start"]["line"], span["start"]["character"]) <= (span["end"]["line"], span["end"]["character"])


PIECES = ['"', "{", "}", "[", "]", ",", ":", " ", "\n", "1", "-", "e", '"kind"', '"line"', "null", "true", "😀", "é",
          '"dataSets": [', '"entries": [1, 2]', '"width": 99999', "\\u00", '\\"']


def check_language_server(binary: str, seed: int, steps: int) -> tuple[list[str], dict]:
    rng = random.Random(seed)
    daemon = Daemon(binary, {})
    failures: list[str] = []
    counts = {"versions": 0, "diagnostics": 0, "completions": 0}
    uri = "file:///blackbox/edited.chart.json"
    text = json.dumps(chart_spec(rng), indent=rng.choice([None, 2]), ensure_ascii=False).replace('"A"', '"Aé😀"', 1)
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "chart-json", "version": 1, "text": text}})
    version = 1

    def published(for_uri):
        return [n["params"] for n in daemon.notifications
                if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == for_uri]

    def comparable(diagnostics):
        return sorted(json.dumps(d, sort_keys=True) for d in diagnostics)

    for step in range(steps):
        changes = []
        for _ in range(rng.choice([1, 1, 2, 4])):
            if rng.random() < 0.03:
                text = json.dumps(chart_spec(rng), ensure_ascii=False)
                changes.append({"text": text})
                continue
            a = rng.randint(0, len(text))
            b = min(len(text), a + rng.choice([0, 0, 1, 2, 5, 30]))
            new = "".join(rng.choice(PIECES) for _ in range(rng.choice([0, 1, 1, 2, 3])))
            changes.append({"range": {"start": position(text, a), "end": position(text, b)}, "text": new})
            text = text[:a] + new + text[b:]
        version += 1
        daemon.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})
        for method in ("textDocument/completion", "textDocument/hover"):
            r = daemon.call(method, {"textDocument": {"uri": uri}, "position": position(text, rng.randint(0, len(text)))})
            if "error" in r:
                failures.append("seed %d step %d: %s answered %s" % (seed, step, method, r["error"]))
                continue
            result = r["result"]
            if method.endswith("completion"):
                items = result if isinstance(result, list) else (result or {}).get("items", [])
                counts["completions"] += len(items)
                for item in items:
                    edit_ = item.get("textEdit")
                    if edit_ and not within(text, edit_.get("range") or edit_["replace"]):
                        failures.append("seed %d step %d: a completion's textEdit lies outside the text: %s" % (seed, step, edit_))
                        break
            elif result and result.get("range") and not within(text, result["range"]):
                failures.append("seed %d step %d: a hover range lies outside the text: %s" % (seed, step, result["range"]))
        daemon.call("chart/synchronize", None)
        mine = published(uri)
        if not mine:
            continue
        last = mine[-1]
        counts["versions"] += 1
        counts["diagnostics"] += len(last["diagnostics"])
        if last.get("version") != version:
            failures.append("seed %d step %d: the last diagnostics are of version %s, not %s" % (seed, step, last.get("version"), version))
        if any(not within(text, d["range"]) for d in last["diagnostics"]):
            failures.append("seed %d step %d: a diagnostic's range lies outside the text" % (seed, step))
        fresh_uri = "file:///blackbox/fresh.chart.json"
        daemon.notifications.clear()
        daemon.notify("textDocument/didOpen", {"textDocument": {"uri": fresh_uri, "languageId": "chart-json", "version": 1, "text": text}})
        daemon.call("chart/synchronize", None)
        fresh = published(fresh_uri)
        daemon.notify("textDocument/didClose", {"textDocument": {"uri": fresh_uri}})
        daemon.call("chart/synchronize", None)
        daemon.notifications.clear()
        if not fresh or comparable(fresh[-1]["diagnostics"]) != comparable(last["diagnostics"]):
            failures.append("seed %d step %d: the diagnostics after incremental changes differ from a fresh didOpen of "
                            "the same text %s" % (seed, step, json.dumps(text)[:300]))
            break
    if daemon.close() != 0:
        failures.append("seed %d: chartd did not exit with 0 after shutdown and exit" % seed)
    return failures, counts


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("chartd")
    p.add_argument("--seeds", default="1-20", help="a seed or a range of seeds, e.g. 1-300")
    p.add_argument("--steps", type=int, default=800)
    p.add_argument("--language-server", action="store_true", help="check the language server instead of documents")
    args = p.parse_args()
    check = check_language_server if args.language_server else check_documents
    all_failures = []
    for seed in seed_range(args.seeds):
        failures, counts = check(args.chartd, seed, args.steps)
        print("seed %d: %s, %d failures" % (seed, counts, len(failures)), flush=True)
        for f in failures:
            print("FAIL " + f, flush=True)
        all_failures += failures
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
