#!/usr/bin/env python3
"""Stacked lines over pipes: chart/open and a one-point append for S sets of n entries each.

A stack of S sets draws each set on the piles of the sets below it; this measures what that costs
as S and n grow, in normal and percent mode, aligned (every set at the same x) or not.

    python3 bench/stacks.py BINARY [--shapes 20x100000,100x2000,1000x200] [--modes normal,percent]
                            [--appends 15] [--misaligned]

Prints one line per shape and mode: open (one sample, the spec already encoded) and the append's
median and max over the samples (each append adds one point to every set, as a table row does).
"""

import argparse
import json
import random
import statistics
import sys
import time

from chartd_client import Chartd


def spec(sets, n, mode, misaligned, rng):
    data = []
    for s in range(sets):
        xs = list(range(n))
        if misaligned and s % 2 == 1:
            xs = [x + 0.5 for x in xs]  # every other set between the others' x: no aligned column
        data.append({"id": "s%d" % s, "stack": "all", "line": {"fill": True},
                     "entries": {"x": xs, "y": [round(rng.uniform(0, 10), 2) for _ in range(n)]}})
    return {"kind": "line", "stackMode": mode, "width": 800, "height": 400, "legend": {"enabled": False},
            "dataSets": data}


def measure(binary, sets, n, mode, appends, misaligned):
    rng = random.Random(sets * 7919 + n)
    client = Chartd(binary)
    try:
        params = {"uri": "bench://stack", "version": 0, "spec": spec(sets, n, mode, misaligned, rng)}
        start = time.perf_counter()
        client.call("chart/open", params)
        opened = time.perf_counter() - start
        times = []
        for k in range(appends):
            # Each set's next x: one past its last (between the others' for the shifted sets).
            edits = [{"op": "appendEntries", "dataSet": "s%d" % s,
                      "entries": {"x": [n + k + (0.5 if misaligned and s % 2 else 0)], "y": [round(rng.uniform(0, 10), 2)]}}
                     for s in range(sets)]
            start = time.perf_counter()
            client.call("chart/update", {"uri": "bench://stack", "version": k + 1, "edits": edits})
            times.append(time.perf_counter() - start)
        return opened, statistics.median(times), max(times)
    finally:
        client.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--shapes", default="20x100000,100x2000,1000x200")
    parser.add_argument("--modes", default="normal,percent")
    parser.add_argument("--appends", type=int, default=15)
    parser.add_argument("--misaligned", action="store_true")
    args = parser.parse_args()
    for shape in args.shapes.split(","):
        sets, n = (int(v) for v in shape.split("x"))
        for mode in args.modes.split(","):
            opened, median, worst = measure(args.binary, sets, n, mode, args.appends, args.misaligned)
            print("%5d sets x %7d %-7s%s  open %8.1f ms  append (all sets) median %8.2f ms  max %8.2f ms"
                  % (sets, n, mode, " misaligned" if args.misaligned else "", opened * 1e3, median * 1e3, worst * 1e3))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
