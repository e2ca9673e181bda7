#!/usr/bin/env python3
"""Charts of many data sets over pipes: an edit of one entry of one set, as the set count grows.

Facts of a whole data set (a bubble set's largest size, the x gaps of bars on a date axis) are
kept by data revision in caches the daemon's documents share. An update of a bubble chart reads the
largest size of every set; once the sets outnumber what the cache keeps at first, the cache has to
grow to them, or each update reads every set's sizes again: the time of an edit of one entry should
not jump with the set count. The bars are a control (their gaps are read when the layout is made
again, which an edit of one y leaves alone).

    python3 bench/manysets.py BINARY [--kinds bubble,bar] [--sets 100,250,300,600,1000]
                              [--entries 2000] [--edits 40] [--documents 1]

Prints one line per kind and set count: open (one sample) and the median and max of the edits
after the first quarter. Each edit changes the y of entry `entries / 2` of the first set (x kept,
so no domain moves); with `--documents D` the sets are spread over D documents, edited in turn.
"""

import argparse
import statistics
import sys
import time

from chartd_client import Chartd

DAY = 86_400
START = 1_600_000_000


def spec(kind, sets, n):
    """`sets` data sets of `n` entries of `kind`: bubbles on a numeric axis, bars on a date axis."""
    data = []
    for s in range(sets):
        entries = {"y": [float((i * 7 + s) % 50 + 1) for i in range(n)]}
        if kind == "bubble":
            entries["x"] = list(range(n))
            entries["size"] = [float(i % 9 + 1) for i in range(n)]
        else:
            entries["x"] = [START + DAY * i for i in range(n)]
        data.append({"id": "s%d" % s, "label": "S%d" % s, "entries": entries})
    out = {"kind": kind, "width": 800, "height": 400, "legend": {"enabled": False}, "dataSets": data}
    if kind == "bar":
        out["xAxis"] = {"formatter": {"date": {"format": "yyyy-MM-dd"}}}
    return out


def edited_entry(kind, n, k):
    """Entry `n / 2` of the first set with another y (its x and size kept)."""
    i = n // 2
    entry = {"x": i if kind == "bubble" else START + DAY * i, "y": 10.0 + k % 3}
    if kind == "bubble":
        entry["size"] = float(i % 9 + 1)
    return entry


def measure(binary, kind, sets, n, edits, documents):
    client = Chartd(binary)
    try:
        uris = ["bench://many/%d" % d for d in range(documents)]
        per = [sets // documents + (1 if d < sets % documents else 0) for d in range(documents)]
        start = time.perf_counter()
        for uri, count in zip(uris, per):
            client.call("chart/open", {"uri": uri, "version": 0, "spec": spec(kind, count, n)})
        opened = time.perf_counter() - start
        versions = dict.fromkeys(uris, 0)
        times = []
        for k in range(edits):
            uri = uris[k % documents]
            versions[uri] += 1
            change = [{"op": "updateEntries", "dataSet": "s0", "start": n // 2, "entries": [edited_entry(kind, n, k)]}]
            start = time.perf_counter()
            client.call("chart/update", {"uri": uri, "version": versions[uri], "edits": change})
            times.append(time.perf_counter() - start)
        steady = times[len(times) // 4:]
        return opened, statistics.median(steady), max(steady)
    finally:
        client.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--kinds", default="bubble,bar")
    parser.add_argument("--sets", default="100,250,300,600,1000")
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--documents", type=int, default=1)
    args = parser.parse_args()
    for kind in args.kinds.split(","):
        for sets in (int(v) for v in args.sets.split(",")):
            opened, median, worst = measure(args.binary, kind, sets, args.entries, args.edits, args.documents)
            print("%-6s %5d sets x %6d in %d document(s)  open %8.1f ms  edit median %7.3f ms  max %7.3f ms"
                  % (kind, sets, args.entries, args.documents, opened * 1e3, median * 1e3, worst * 1e3))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
