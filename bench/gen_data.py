#!/usr/bin/env python3
"""Writes the benchmark workloads as JSON files (standard library only, fixed seeds).

Every file is `{"id", "what", "kind", "spec"}` where `spec` is a complete chartd chart spec.
The spec is the single copy of the data: the peer scripts read the entries out of it, so
chartd and every peer draw exactly the same numbers.

    python3 bench/gen_data.py [--out bench/data] [--max-scale 10000000]

Files that already exist with the current generator version are kept.
"""

import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import size_name  # noqa: E402

# Bump when the content of any file changes, so old files are regenerated.
GENERATOR_VERSION = 5

WIDTH, HEIGHT = 800, 400

# Scaling sizes (line, one long series plus a 1,000-point reference series).
SCALING_SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]


def random_walk(rng, n, start=100.0, step=1.0):
    """A random walk rounded to 2 decimals (keeps the JSON compact and exact)."""
    out = []
    v = start
    gauss = rng.gauss
    for _ in range(n):
        v += gauss(0.0, step)
        out.append(round(v, 2))
    return out


class Raw:
    """A list of numbers written as-is (integers without a fraction), fast for big arrays."""

    def __init__(self, values):
        self.values = values


def write_json(path, obj):
    """Writes `obj`; `Raw` number lists are joined directly (json.dumps is slow for 10M floats)."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        _emit(f, obj)
        f.write("\n")
    os.replace(tmp, path)


def _num(v):
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
        return str(int(v))
    return repr(v)


def _emit(f, obj):
    if isinstance(obj, Raw):
        f.write("[")
        vals = obj.values
        chunk = 100_000
        for i in range(0, len(vals), chunk):
            part = ",".join(map(_num, vals[i:i + chunk]))
            if i:
                f.write(",")
            f.write(part)
        f.write("]")
    elif isinstance(obj, dict):
        f.write("{")
        first = True
        for k, v in obj.items():
            if not first:
                f.write(",")
            first = False
            f.write(json.dumps(k))
            f.write(":")
            _emit(f, v)
        f.write("}")
    elif isinstance(obj, list):
        f.write("[")
        for i, v in enumerate(obj):
            if i:
                f.write(",")
            _emit(f, v)
        f.write("]")
    elif isinstance(obj, float):
        f.write(_num(obj))
    else:
        f.write(json.dumps(obj))


def line_spec(series, legend=True):
    """A line chart spec; `series` is [(id, label, xs, ys)]."""
    return {
        "kind": "line",
        "width": WIDTH,
        "height": HEIGHT,
        "legend": {"enabled": legend},
        "dataSets": [
            {"id": sid, "label": label, "entries": {"x": Raw(xs), "y": Raw(ys)}}
            for sid, label, xs, ys in series
        ],
    }


def w1():
    rng = random.Random(1)
    xs = list(range(1_000))
    series = [(sid, label, xs, random_walk(rng, 1_000, start=100 + 20 * i))
              for i, (sid, label) in enumerate([("a", "Alpha"), ("b", "Beta"), ("c", "Gamma")])]
    return "line, 3 series x 1,000 points, legend", line_spec(series)


def long_line(n, seed):
    rng = random.Random(seed)
    return line_spec([("s", "Series", list(range(n)), random_walk(rng, n))], legend=False)


def w2():
    return "line, 1 series x 100,000 points", long_line(100_000, 2)


def w2b():
    return "line, 1 series x 1,000,000 points", long_line(1_000_000, 3)


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def w3():
    rng = random.Random(4)
    data_sets = []
    for sid, label in [("north", "North"), ("south", "South"), ("east", "East"), ("west", "West")]:
        ys = [round(rng.uniform(20, 100), 1) for _ in MONTHS]
        data_sets.append({"id": sid, "label": label, "entries": {"x": list(range(12)), "y": ys}})
    spec = {
        "kind": "bar",
        "width": WIDTH,
        "height": HEIGHT,
        "bars": {"grouped": True},
        "xAxis": {"format": {"type": "category", "labels": MONTHS}, "granularity": 1},
        "dataSets": data_sets,
    }
    return "grouped bars, 4 series x 12 categories, legend", spec


def w4():
    rng = random.Random(5)
    labels = ["Rent", "Food", "Travel", "Energy", "Health", "Leisure", "Savings", "Other"]
    ys = [round(rng.uniform(5, 40), 1) for _ in labels]
    spec = {
        "kind": "pie",
        "width": WIDTH,
        "height": HEIGHT,
        "pie": {"holeRadius": 0.5},
        "dataSets": [{"id": "budget", "label": "Budget",
                      "entries": {"x": list(range(len(labels))), "y": ys, "labels": labels}}],
    }
    return "donut, 8 slices, hole 50 %", spec


def candles(n, seed):
    """OHLC sticks on consecutive days from 2024-01-01, x = index, labels MM/dd."""
    rng = random.Random(seed)
    opens, highs, lows, closes, labels = [], [], [], [], []
    price = 100.0
    # Day-by-day calendar without the datetime module's locale concerns: plain UTC dates.
    import datetime
    day = datetime.date(2024, 1, 1)
    for _ in range(n):
        o = price
        c = round(o + rng.gauss(0, 2), 2)
        h = round(max(o, c) + abs(rng.gauss(0, 1)), 2)
        lo = round(min(o, c) - abs(rng.gauss(0, 1)), 2)
        opens.append(round(o, 2))
        closes.append(c)
        highs.append(h)
        lows.append(lo)
        labels.append(day.strftime("%m/%d"))
        day += datetime.timedelta(days=1)
        price = c
    spec = {
        "kind": "candlestick",
        "width": WIDTH,
        "height": HEIGHT,
        "legend": {"enabled": False},
        "xAxis": {"format": {"type": "category", "labels": labels}, "granularity": 1},
        "dataSets": [{"id": "price", "label": "Price",
                      "entries": {"x": list(range(n)), "open": opens, "high": highs, "low": lows,
                                  "close": closes}}],
    }
    return spec


def w5():
    return "candlestick, 60 OHLC sticks, x labels MM/dd", candles(60, 6)


def w5b():
    return "candlestick, 1,000 OHLC sticks, x labels MM/dd", candles(1_000, 7)


def w6():
    rng = random.Random(8)
    n = 10_000
    xs = [round(rng.gauss(0, 1), 3) for _ in range(n)]
    ys = [round(x * 0.6 + rng.gauss(0, 0.8), 3) for x in xs]
    spec = {
        "kind": "scatter",
        "width": WIDTH,
        "height": HEIGHT,
        "legend": {"enabled": False},
        "dataSets": [{"id": "points", "label": "Points", "entries": {"x": Raw(xs), "y": Raw(ys)}}],
    }
    return "scatter, 10,000 points", spec


# chartd's limit is 10,000,000 entries per data set; the largest size leaves room for the appends
# the scaling run makes, so "10M" holds 9,999,900 points.
MAX_ENTRIES = 10_000_000
APPEND_ROOM = 100


def scaling(n):
    """One long line plus a 1,000-point reference line over the same x range.

    The reference series lets the scaling run measure a legend toggle whose cost should not grow
    with the long series (hiding it moves no axis).
    """
    rng = random.Random(100 + int(math.log10(n)))
    n = min(n, MAX_ENTRIES - APPEND_ROOM)
    ys = random_walk(rng, n)
    ref_n = 1_000
    step = n / ref_n
    ref_x = [int(i * step) for i in range(ref_n)]
    ref_y = [ys[x] for x in ref_x]
    spec = line_spec([("s", "Series", list(range(n)), ys), ("ref", "Reference", ref_x, ref_y)])
    return f"line, {n:,} points + 1,000-point reference series", spec


WORKLOADS = {
    "W1": w1, "W2": w2, "W2b": w2b, "W3": w3, "W4": w4, "W5": w5, "W5b": w5b, "W6": w6,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "data"))
    ap.add_argument("--max-scale", type=int, default=SCALING_SIZES[-1],
                    help="largest scaling size to generate")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    manifest_path = os.path.join(args.out, "manifest.json")
    old = {}
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            old = json.load(f)
    fresh = old.get("version") == GENERATOR_VERSION
    files = dict(old.get("files", {})) if fresh else {}

    jobs = [(wid, fn) for wid, fn in WORKLOADS.items()]
    jobs += [(f"scale-{size_name(n)}", (lambda n=n: scaling(n))) for n in SCALING_SIZES if n <= args.max_scale]
    for wid, fn in jobs:
        name = f"{wid}.json"
        path = os.path.join(args.out, name)
        if fresh and wid in files and os.path.exists(path):
            continue
        what, spec = fn()
        print(f"gen_data: writing {name} ({what})", file=sys.stderr, flush=True)
        write_json(path, {"id": wid, "what": what, "kind": spec["kind"], "spec": spec})
        files[wid] = {"file": name, "what": what, "bytes": os.path.getsize(path)}
        # Record progress so an interrupted run keeps what it finished.
        write_json(manifest_path, {"version": GENERATOR_VERSION, "files": files})
    write_json(manifest_path, {"version": GENERATOR_VERSION, "files": files})


if __name__ == "__main__":
    main()
