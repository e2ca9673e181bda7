#!/usr/bin/env python3
"""Every kind of edit on every kind of large chart, at two sizes: which edits cost more as the data grows.

An edit that changes one entry, one highlight or the title should cost the same on 10,000 entries
as on 1,000,000 (issue 13: "cost proportional to what changed"). For each chart (a line, bars,
two sets of bars side by side, stacked bars, a scatter, bubbles, daily candles on a date axis,
stacked areas) and each size, one daemon opens the chart and times each edit, one request at a time
(ndjson, the message path's client); the edits change data set "s", the first (the charts of two
sets draw "t" beside or on it):

    append       one entry past the end
    window       one entry past the end with maxEntries = the count (a sliding window: one drops)
    update-mid   one entry in the middle changed in place (same x, another y)
    update-last  the last entry changed in place
    remove-front the first entry removed
    remove-mid   one entry in the middle removed
    highlight    another entry highlighted
    hide         data set "s" hidden (each sample after an untimed show)
    show         the data set shown again (each sample after an untimed hide)
    pan          a viewport 500 entries wide moved by one entry (what is visible is the same size)
    title        mergeSpec of the title

y stay inside the data's range, so that no edit but the ones that must (bars and candles: their x
axis ends half a slot past the data) moves a domain. The growth column divides the largest size's
p50 by the smallest's; the data grows by their ratio.

    python3 bench/edits.py [--chartd .build/release/chartd] [--sizes 10k,1M] [--charts line,bar] [--ops hide,show]
                           [--samples 21]
    python3 bench/edits.py --records ...   # JSON lines on stdout, the table on stderr

Standard library only; never part of the test suite.
"""

import argparse
import json
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import msgpath  # noqa: E402

CHARTS = ["line", "bar", "grouped", "stacked", "scatter", "bubble", "candle", "area"]
OPS = ["append", "window", "update-mid", "update-last", "remove-front", "remove-mid", "highlight", "hide", "show",
       "pan", "title"]
DAY = 86_400
T0 = 1_600_000_000 - 1_600_000_000 % DAY


def x_of(chart, i):
    return T0 + i * DAY if chart == "candle" else i


def entry(chart, i, y):
    x = x_of(chart, i)
    if chart == "candle":
        return {"x": x, "open": y, "close": y + 1, "high": y + 3, "low": y - 3}
    if chart == "bubble":
        return {"x": x, "y": y, "size": 1 + y % 5}
    return {"x": x, "y": y}


def spec(chart, n):
    """The chart's spec: y in [50, 90] (fixed seed), x 0, 1, 2, … (days for candles)."""
    rnd = random.Random(1)
    ys = [round(50 + 40 * rnd.random(), 2) for _ in range(n)]
    xs = [x_of(chart, i) for i in range(n)]
    if chart == "candle":
        entries = {"x": xs, "open": ys, "close": [y + 1 for y in ys], "high": [y + 3 for y in ys],
                   "low": [y - 3 for y in ys]}
        return {"kind": "candlestick", "width": 800, "height": 400, "xAxis": {"format": "date"},
                "dataSets": [{"id": "s", "label": "S", "entries": entries}]}
    sets = [{"id": "s", "label": "S", "entries": {"x": xs, "y": ys}}]
    if chart == "bubble":
        sets[0]["entries"]["size"] = [1 + k % 5 for k in range(n)]
    if chart in ("grouped", "stacked", "area"):
        sets.append({"id": "t", "label": "T", "entries": {"x": xs, "y": ys[::-1]}})
    kind = {"line": "line", "bar": "bar", "grouped": "bar", "stacked": "bar", "scatter": "scatter", "bubble": "bubble",
            "area": "line"}[chart]
    out = {"kind": kind, "width": 800, "height": 400, "legend": {"enabled": True}, "dataSets": sets}
    if chart == "stacked":
        out["bars"] = {"stacked": True}
    if chart == "area":
        out["stacked"] = True
        for s in sets:
            s["line"] = {"fill": True}
    return out


class Edits:
    """The edits of one chart of `n` entries, each call the next one (the count is tracked)."""

    def __init__(self, chart, n):
        self.chart, self.count, self.next_x, self.k = chart, n, n, 0

    def make(self, op):
        self.k += 1
        c, n, k = self.chart, self.count, self.k
        y = 55 + k % 7
        if op in ("append", "window"):
            e = {"op": "appendEntries", "dataSet": "s", "entries": [entry(c, self.next_x, y)]}
            self.next_x += 1
            if op == "window":
                e["maxEntries"] = n
            else:
                self.count += 1
            return e
        if op in ("update-mid", "update-last"):
            i = n // 2 if op == "update-mid" else n - 1
            # The x it has (appends and removals moved the entries, not their x order).
            return {"op": "updateEntries", "dataSet": "s", "start": i, "entries": [entry(c, self.x_at[i], y)]}
        if op in ("remove-front", "remove-mid"):
            self.count -= 1
            return {"op": "removeEntries", "dataSet": "s", "start": 0 if op == "remove-front" else n // 2 - k % 50,
                    "count": 1}
        if op == "highlight":
            return {"op": "setHighlight", "highlights": [{"dataSet": "s", "index": (k * 7919) % (n // 2)}]}
        if op in ("hide", "show"):
            return {"op": "setVisibility", "dataSet": "s", "visible": op == "show"}
        if op == "pan":
            lo = x_of(c, n // 3 + k)
            return {"op": "setViewport", "xMin": lo, "xMax": lo + 500 * (x_of(c, 1) - x_of(c, 0))}
        if op == "title":
            return {"op": "mergeSpec", "patch": {"title": f"Title {k}"}}
        raise ValueError(op)


def measure(binary, chart, n, samples, warmup, ops):
    """{op: p50 seconds} for one chart of `n` entries in one daemon (`ops` in OPS order)."""
    d = msgpath.Daemon(binary)
    out = {}
    try:
        d.open("u", json.dumps(spec(chart, n), separators=(",", ":")).encode())
        edits = Edits(chart, n)
        for op in [o for o in OPS if o in ops]:
            if op in ("update-mid", "update-last"):
                # x of the entries now (earlier edits appended and removed).
                edits.x_at = d.call("chart/getSpec", {"uri": "u"})["spec"]["dataSets"][0]["entries"]["x"]
            times = []
            for _ in range(warmup + samples):
                if op in ("hide", "show"):
                    # The other state first, untimed: each sample hides a shown set or shows a hidden one.
                    d.roundtrip(d.update("u", [edits.make("show" if op == "hide" else "hide")]))
                dt, _ = d.roundtrip(d.update("u", [edits.make(op)]))
                times.append(dt)
            if op == "pan":
                d.roundtrip(d.update("u", [{"op": "setViewport", "xMin": None, "xMax": None}]))
            if op == "hide":
                d.roundtrip(d.update("u", [edits.make("show")]))
            out[op] = statistics.median(times[warmup:])
    finally:
        d.close()
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--chartd", default=".build/release/chartd")
    p.add_argument("--sizes", default="10k,1M")
    p.add_argument("--charts", default=",".join(CHARTS))
    p.add_argument("--ops", default=",".join(OPS), help="the edits timed, some of " + ", ".join(OPS))
    p.add_argument("--samples", type=int, default=21)
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--records", action="store_true", help="one JSON line per chart, size and edit on stdout")
    args = p.parse_args()
    sizes = [msgpath.parse_size(s) for s in args.sizes.split(",")]
    ops = [o for o in args.ops.split(",") if o]
    unknown = [o for o in ops if o not in OPS]
    if unknown:
        p.error(f"unknown edit {unknown[0]!r}; expected some of {', '.join(OPS)}")
    table = sys.stderr if args.records else sys.stdout
    print("| chart | edit | " + " | ".join(f"p50 at {n:,}" for n in sizes) + " | growth |", file=table)
    print("|---|---|" + "---|" * len(sizes) + "---|", file=table)
    for chart in args.charts.split(","):
        results = {n: measure(args.chartd, chart, n, args.samples, args.warmup, ops) for n in sizes}
        for op in [o for o in OPS if o in ops]:
            cells = [results[n][op] for n in sizes]
            growth = cells[-1] / cells[0]
            print(f"| {chart} | {op} | " + " | ".join(f"{c * 1e3:.3f} ms" for c in cells) + f" | {growth:.1f}× |",
                  file=table)
            if args.records:
                for n, c in zip(sizes, cells):
                    print(json.dumps({"chart": chart, "edit": op, "entries": n, "p50_ms": c * 1e3}))
        table.flush()


if __name__ == "__main__":
    main()
