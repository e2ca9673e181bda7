#!/usr/bin/env python3
"""Message-path latency and pipelined throughput of chartd, next to a pipe echo through `cat`.

Measures, as a client would (ndjson framing, one request at a time, Python), p50 and p99 of

- echo: the same client code talking to `cat` (the floor: two pipe hops and Python's own cost),
- chart/synchronize (a request that does no work),
- appending one point to a line of 1k / 100k / 1M points (y inside the range, so no domain moves),
- highlight of one entry of the 1M line,
- hiding and showing the 1M line itself (its own data set, not a small reference line),

each sample of an operation interleaved with an echo sample so both see the same machine state;
then pipelined throughput of mixed updates (append, highlight, toggle of a small reference line) as
requests and as notifications followed by one chart/synchronize, on 1 and on 5 documents, with the
daemon's RSS before and after.

    python3 bench/msgpath.py [--chartd .build/release/chartd] [--samples 300] [--quick]
    python3 bench/msgpath.py --ab OLD_BINARY NEW_BINARY   # alternate two binaries, same run

Output: a table on stdout; `--json FILE` also writes every summary. Standard library only.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import percentile, median  # noqa: E402


class Peer:
    """One ndjson peer (chartd or cat); requests are answered by a line each."""

    def __init__(self, argv, echo=False):
        self.echo = echo  # `cat`: the answer is the request itself
        # Buffered pipes: readline on an unbuffered pipe reads one byte per system call.
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1

    def encode(self, method, params, notification=False):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notification:
            msg["id"] = self.next_id
            self.next_id += 1
        return json.dumps(msg, separators=(",", ":")).encode() + b"\n"

    def roundtrip(self, line):
        """Writes one encoded request, reads lines until its answer; returns (seconds, answer)."""
        rid = json.loads(line).get("id")
        t0 = time.perf_counter()
        self.proc.stdin.write(line)
        self.proc.stdin.flush()
        while True:
            reply = self.proc.stdout.readline()
            if not reply:
                raise RuntimeError("peer exited")
            msg = json.loads(reply)
            if msg.get("id") == rid and (self.echo or "method" not in msg):
                break
        dt = time.perf_counter() - t0
        if "error" in msg:
            raise RuntimeError(f"error: {json.dumps(msg['error'])[:300]}")
        return dt, msg

    def call(self, method, params):
        return self.roundtrip(self.encode(method, params))[1].get("result")

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def line_spec(n, seed=1, reference=False):
    rng = random.Random(seed)
    y, ys = 50.0, []
    for _ in range(n):
        y = min(95.0, max(5.0, y + rng.uniform(-1, 1)))
        ys.append(round(y, 2))
    # y kept inside [5, 95] and the first point at 0 and 100, so appends near 50 move no domain.
    ys[0], ys[-1] = 0.0, 100.0
    sets = [{"id": "s", "label": "Series", "entries": {"x": list(range(n)), "y": ys}}]
    if reference:
        sets.append({"id": "ref", "label": "Reference",
                     "entries": {"x": [i * n // 1000 for i in range(1000)], "y": [50.0] * 1000}})
    return {"kind": "line", "width": 800, "height": 400, "legend": {"enabled": reference}, "dataSets": sets}


class Daemon(Peer):
    def __init__(self, binary):
        super().__init__([binary, "--framing", "ndjson"])
        self.call("initialize", {"processId": None, "capabilities": {}})
        self.proc.stdin.write(self.encode("initialized", {}, notification=True))
        self.versions = {}

    def open(self, uri, spec):
        self.call("chart/open", {"uri": uri, "version": 1, "spec": spec})
        self.versions[uri] = 1

    def update(self, uri, edits, notification=False):
        self.versions[uri] += 1
        return self.encode("chart/update", {"uri": uri, "version": self.versions[uri], "edits": edits}, notification)


def interleaved(echo, daemon, make_line, samples, warmup):
    """p50/p99 (µs) of `make_line(k)` round trips and of echo round trips taken alternately."""
    ops, echoes = [], []
    echo_line = echo.encode("chart/synchronize", None)
    for k in range(warmup + samples):
        line = make_line(k)
        e, _ = echo.roundtrip(echo_line)
        d, _ = daemon.roundtrip(line)
        if k >= warmup:
            ops.append(d * 1e6)
            echoes.append(e * 1e6)
    return ops, echoes


def stats(xs):
    return {"p50": median(xs), "p99": percentile(xs, 99), "n": len(xs)}


def latency(binary, sizes, samples, warmup, results):
    echo = Peer(["cat"], echo=True)
    d = Daemon(binary)
    try:
        def record(name, ops, echoes):
            results.append({"op": name, "us": stats(ops), "echo_us": stats(echoes)})

        record("chart/synchronize", *interleaved(echo, d, lambda k: d.encode("chart/synchronize", None), samples, warmup))
        for n in sizes:
            uri = f"bench://append/{n}"
            d.open(uri, line_spec(n, seed=n))
            edits = lambda k, n=n: [{"op": "appendEntries", "dataSet": "s",
                                     "entries": [{"x": n + k, "y": 50.0 + (0.25 if k % 2 else -0.25)}]}]
            # x grows past the last point: the nice x domain has room for it at these sizes
            # (n - 1 → n + samples stays under the next tick's value).
            record(f"append {n:,}", *interleaved(echo, d, lambda k: d.update(uri, edits(k)), samples, warmup))
            d.call("chart/close", {"uri": uri})
        big = sizes[-1]
        uri = f"bench://big/{big}"
        d.open(uri, line_spec(big, seed=7))
        record(f"highlight {big:,}", *interleaved(echo, d, lambda k: d.update(uri, [
            {"op": "setHighlight", "highlights": [{"dataSet": "s", "index": (k * 7919 + 13) % big}]}]), samples, warmup))
        hide, show, he, se = [], [], [], []
        toggles = max(20, samples // 10)
        for k in range(toggles + 2):
            for visible, out, eout in ((False, hide, he), (True, show, se)):
                o, e = interleaved(echo, d, lambda _k: d.update(uri, [
                    {"op": "setVisibility", "dataSet": "s", "visible": visible}]), 1, 0)
                if k >= 2:
                    out += o
                    eout += e
        record(f"hide {big:,} (its own set)", hide, he)
        record(f"show {big:,} (its own set)", show, se)
    finally:
        d.close()
        echo.close()


def throughput(binary, docs, count, notifications, n_points, results):
    """Pipelined mixed updates: a writer thread sends them all, the reader takes every answer."""
    d = Daemon(binary)
    try:
        uris = [f"bench://tp/{i}" for i in range(docs)]
        for i, uri in enumerate(uris):
            d.open(uri, line_spec(n_points, seed=i, reference=True))
        lines = []
        for k in range(count):
            uri = uris[k % docs]
            kind = k % 3
            if kind == 0:
                edits = [{"op": "appendEntries", "dataSet": "s",
                          "entries": [{"x": n_points + k // docs, "y": 50.0 + (k % 7) * 0.1}]}]
            elif kind == 1:
                edits = [{"op": "setHighlight", "highlights": [{"dataSet": "s", "index": (k * 7919) % n_points}]}]
            else:
                edits = [{"op": "setVisibility", "dataSet": "ref", "visible": (k // 3) % 2 == 1}]
            lines.append(d.update(uri, edits, notification=notifications))
        last = d.encode("chart/synchronize", None)
        lines.append(last)
        last_id = json.loads(last)["id"]
        data = b"".join(lines)
        rss0 = d.rss_kib()

        def write():
            d.proc.stdin.write(data)
            d.proc.stdin.flush()

        t0 = time.perf_counter()
        w = threading.Thread(target=write)
        w.start()
        answers = 0
        while True:
            reply = d.proc.stdout.readline()
            if not reply:
                raise RuntimeError("chartd exited")
            msg = json.loads(reply)
            if "error" in msg:
                raise RuntimeError(f"error: {json.dumps(msg['error'])[:300]}")
            if msg.get("method") == "window/logMessage":
                raise RuntimeError(f"rejected: {reply[:300]!r}")
            if "id" in msg:
                answers += 1
                if msg["id"] == last_id:
                    break
        dt = time.perf_counter() - t0
        w.join()
        form = "notifications + synchronize" if notifications else "requests"
        results.append({"op": f"pipelined {form}, {docs} doc{'s' if docs > 1 else ''}", "per_s": count / dt,
                        "count": count, "rss_kib": [rss0, d.rss_kib()]})
    finally:
        d.close()


def run(binary, args):
    results = []
    sizes = [1000, 100_000] if args.quick else [1000, 100_000, 1_000_000]
    latency(binary, sizes, args.samples, args.warmup, results)
    for notifications in (False, True):
        for docs in (1, 5):
            throughput(binary, docs, args.count, notifications, 10_000, results)
    return results


def show(label, results):
    print(f"## {label}")
    print("| operation | p50 µs | p99 µs | echo p50 µs | p50 / echo |")
    print("|---|---|---|---|---|")
    for r in results:
        if "us" in r:
            u, e = r["us"], r["echo_us"]
            print(f"| {r['op']} | {u['p50']:.0f} | {u['p99']:.0f} | {e['p50']:.1f} | {u['p50'] / e['p50']:.1f}× |")
    print()
    print("| pipelined | updates/s | RSS before → after (MiB) |")
    print("|---|---|---|")
    for r in results:
        if "per_s" in r:
            a, b = r["rss_kib"]
            print(f"| {r['op']} ({r['count']:,} mixed) | {r['per_s']:,.0f} | {a / 1024:.1f} → {b / 1024:.1f} |")
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chartd", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                     ".build", "release", "chartd"))
    ap.add_argument("--ab", nargs=2, metavar=("OLD", "NEW"), help="alternate two binaries (rounds of each)")
    ap.add_argument("--rounds", type=int, default=2, help="A/B rounds")
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--count", type=int, default=30_000, help="pipelined updates per throughput run")
    ap.add_argument("--quick", action="store_true", help="no 1M size")
    ap.add_argument("--json", help="write the summaries here")
    args = ap.parse_args()
    out = {}
    if args.ab:
        for r in range(args.rounds):
            for label, binary in (("old", args.ab[0]), ("new", args.ab[1])):
                res = run(binary, args)
                show(f"{label} (round {r + 1}) {binary}", res)
                out.setdefault(label, []).append(res)
    else:
        res = run(args.chartd, args)
        show(args.chartd, res)
        out["run"] = [res]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
