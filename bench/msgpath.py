#!/usr/bin/env python3
"""Message-path latency and pipelined throughput of chartd, next to a pipe echo through `cat`.

Measures, as a client would (ndjson framing, one request at a time, Python), p50 and p99 of

- echo: the same client code talking to `cat` (the floor: two pipe hops and Python's own cost),
- chart/synchronize (a request that does no work),
- appending one point to a line of each size (default 1k / 100k / 1M; y inside the range, so no
  domain moves),
- highlight of one entry of each line of 1M points or more (or of the largest line),
- hiding and showing that line itself (its own data set, not a small reference line),

each sample of an operation interleaved with an echo sample so both see the same machine state.
The latency part runs in up to three placements (`--placements`), because where the scheduler puts
the client and the peer decides the cost of a round trip more than either program does (on a
virtual machine, waking a process on another CPU costs tens of microseconds): "scheduled" (left to
the scheduler), "same" (client, `cat` and daemon pinned to one CPU) and "split" (the client on one
CPU, `cat` and the daemon on another). Records of the pinned runs carry `@same` or `@split` in
their op name, and the echo they are compared with was measured in the same placement;
the daemon's RSS once each line's open has settled (VmRSS) and its peak (VmHWM), one daemon per size;
then pipelined throughput of mixed updates (append, highlight, toggle of a small reference line) as
requests and as notifications followed by one chart/synchronize, on 1 and on 5 documents, with the
daemon's RSS before and after.

    python3 bench/msgpath.py [--chartd .build/release/chartd] [--sizes 1k,100k,1M,10M] [--samples 300]
    python3 bench/msgpath.py --records ...   # JSON lines on stdout (scripts/bench), the table on stderr
    python3 bench/msgpath.py --ab OLD_BINARY NEW_BINARY   # alternate two binaries, same run

Output: a table on stdout; `--json FILE` also writes every summary. Standard library only.
"""

import argparse
import contextlib
import itertools
import json
import os
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import emit, size_name, summary  # noqa: E402

#: chartd's default maxEntriesPerDataSet; a line of that size holds APPEND_ROOM fewer points so that
#: the appends measured on it stay under the limit.
MAX_ENTRIES = 10_000_000
APPEND_ROOM = 1_000
#: Lines of at least this many points get the highlight and the hide/show of their own set.
LARGE = 1_000_000


#: CPU sets by placement: (the client's, the peers'); None leaves both to the scheduler.
PLACEMENTS = {"scheduled": None, "same": ({0}, {0}), "split": ({0}, {1})}
#: The placement peers are started in (see `placed`).
_placement = None


@contextlib.contextmanager
def placed(name):
    """Within the block, this process runs on the placement's client CPUs and starts peers on its
    peer CPUs (children inherit the affinity they are started with)."""
    global _placement
    saved = os.sched_getaffinity(0)
    _placement = PLACEMENTS[name]
    if _placement:
        os.sched_setaffinity(0, _placement[0])
    try:
        yield
    finally:
        _placement = None
        os.sched_setaffinity(0, saved)


def placements_available(names):
    """The placements this machine can run: "split" needs CPUs 0 and 1."""
    cpus = os.sched_getaffinity(0)
    return [n for n in names if PLACEMENTS[n] is None or set().union(*PLACEMENTS[n]) <= cpus]


class Peer:
    """One ndjson peer (chartd or cat); requests are answered by a line each."""

    def __init__(self, argv, echo=False):
        self.echo = echo  # `cat`: the answer is the request itself
        # Buffered pipes: readline on an unbuffered pipe reads one byte per system call.
        if _placement:
            os.sched_setaffinity(0, _placement[1])
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
        finally:
            if _placement:
                os.sched_setaffinity(0, _placement[0])
        self.next_id = 1

    def take_id(self):
        rid = self.next_id
        self.next_id += 1
        return rid

    def encode(self, method, params, notification=False):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notification:
            msg["id"] = self.take_id()
        return json.dumps(msg, separators=(",", ":")).encode() + b"\n"

    def roundtrip(self, line, rid=None):
        """Writes one encoded request, reads lines until its answer; returns (seconds, answer).

        `rid` saves parsing a large request to learn its id."""
        rid = json.loads(line).get("id") if rid is None else rid
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

    def status_kib(self, field):
        """A field of /proc/<pid>/status in KiB (VmRSS = now, VmHWM = peak)."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def rss_kib(self):
        return self.status_kib("VmRSS")

    def thread_cpu_ns(self):
        """Nanoseconds on a CPU so far, by thread id (/proc/<pid>/task/*/schedstat)."""
        out = {}
        root = f"/proc/{self.proc.pid}/task"
        for tid in os.listdir(root):
            try:
                with open(f"{root}/{tid}/schedstat") as f:
                    out[tid] = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                pass  # a thread that ended meanwhile
        return out

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def parse_size(text):
    """"1k" → 1000, "10M" → 10,000,000, "5000" → 5000."""
    scale = {"k": 1_000, "M": 1_000_000}.get(text[-1:], 1)
    return int(float(text[:-1] if scale > 1 else text) * scale)


def walk_text(n, seed):
    """y of a random walk kept inside [5, 95], first point 0 and last 100, as JSON numbers joined by commas.

    Built in chunks of formatted text, so that 10M points take seconds and no list of 10M floats."""
    rng = random.Random(seed)
    r = rng.random

    def step(y, d):
        y += d
        return 95.0 if y > 95.0 else (5.0 if y < 5.0 else y)

    parts, y, done, chunk = [], 50.0, 0, 1 << 16
    while done < n:
        k = min(chunk, n - done)
        ys = list(itertools.accumulate((2 * r() - 1 for _ in range(k)), step, initial=y))[1:]
        y = ys[-1]
        if done == 0:
            ys[0] = 0.0
        if done + k == n:
            ys[-1] = 100.0
        parts.append(",".join(map("{:.2f}".format, ys)))
        done += k
    return ",".join(parts)


def line_spec(n, seed=1, reference=False, large_data=None):
    """The chart spec of a line of `n` points (plus a 1,000-point reference line) as JSON bytes.

    y stays inside [5, 95] and the first and last points are 0 and 100, so appends near 50 move no domain.
    `large_data`: the spec's `largeData` object (`{"mode": "lossless"}` draws every point)."""
    sets = ['{"id":"s","label":"Series","entries":{"x":[' + ",".join(map(str, range(n)))
            + '],"y":[' + walk_text(n, seed) + "]}}"]
    if reference:
        ref = {"id": "ref", "label": "Reference",
               "entries": {"x": [i * n // 1000 for i in range(1000)], "y": [50.0] * 1000}}
        sets.append(json.dumps(ref, separators=(",", ":")))
    large = "" if large_data is None else ',"largeData":' + json.dumps(large_data, separators=(",", ":"))
    return ('{"kind":"line","width":800,"height":400,"legend":{"enabled":' + ("true" if reference else "false")
            + "}" + large + ',"dataSets":[' + ",".join(sets) + "]}").encode()


class Daemon(Peer):
    def __init__(self, binary, wrapper=(), options=()):
        """`wrapper`: a command the daemon runs under (bench/instructions.py runs it under valgrind);
        `options`: more of the daemon's own options."""
        super().__init__([*wrapper, binary, "--framing", "ndjson", *options])
        # Declares what chartd's own clients declare: it keeps each region's previous markup, so a
        # data set shown again comes back as `restored` ids (protocol/patch.md), not as its markup,
        # and it applies spliced fragments, so an append sends the changed end of a path.
        self.call("initialize", {"processId": None,
                                 "capabilities": {"chart": {"previousMarkup": True, "markupSplices": True}}})
        self.proc.stdin.write(self.encode("initialized", {}, notification=True))
        self.versions = {}

    def open(self, uri, spec):
        """chart/open of `spec` (JSON bytes, put into the message as they are); returns the seconds it took."""
        rid = self.take_id()
        head = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "chart/open",
                           "params": {"uri": uri, "version": 1, "spec": None}}, separators=(",", ":"))
        at = head.rindex("null")
        line = head[:at].encode() + spec + head[at + 4:].encode() + b"\n"
        dt, _ = self.roundtrip(line, rid)
        self.versions[uri] = 1
        return dt

    def update(self, uri, edits, notification=False):
        self.versions[uri] += 1
        return self.encode("chart/update", {"uri": uri, "version": self.versions[uri], "edits": edits}, notification)


def interleaved(echo, daemon, make_line, samples, warmup):
    """Seconds of `make_line(k)` round trips and of echo round trips taken alternately."""
    ops, echoes = [], []
    echo_line = echo.encode("chart/synchronize", None)
    for k in range(warmup + samples):
        line = make_line(k)
        e, _ = echo.roundtrip(echo_line)
        d, _ = daemon.roundtrip(line)
        if k >= warmup:
            ops.append(d)
            echoes.append(e)
    return ops, echoes


def record(op, label, **fields):
    """One result record in the shape scripts/bench collects (see Run.command)."""
    return {"side": "chartd", "tool": "chartd", "workload": "msgpath", "op": op, "label": label, **fields}


def latency_record(op, label, ops, echoes, **fields):
    """A latency record: the operation's samples and those of the echo taken between them, in ms."""
    ms = [round(s * 1e3, 4) for s in ops]
    ems = [round(s * 1e3, 4) for s in echoes]
    e = summary(ems)
    return record(op, label, **summary(ms), samples=len(ms), echo_median_ms=e["median_ms"],
                  echo_p99_ms=e["p99_ms"], samples_ms=ms, echo_samples_ms=ems, **fields)


def settled_memory(d):
    """(VmRSS, VmHWM) in KiB once the daemon has answered a chart/synchronize and rested a moment."""
    d.call("chart/synchronize", None)
    time.sleep(0.3)
    return d.status_kib("VmRSS"), d.status_kib("VmHWM")


def size_latency(binary, echo, n, samples, warmup, largest, out):
    """One fresh daemon for a line of `n` points: open and memory, appends, and on a large line the
    highlight and the hide and show of the line itself."""
    name = size_name(n)
    entries = min(n, MAX_ENTRIES - APPEND_ROOM)
    if entries < n:  # the appends have to fit under the entry limit
        samples = min(samples, APPEND_ROOM - warmup - 1)
    spec = line_spec(entries, seed=n)
    d = Daemon(binary)
    try:
        uri = f"bench://line/{name}"
        open_s = d.open(uri, spec)
        del spec
        rss, peak = settled_memory(d)
        out(record(f"open-{name}", f"open a line of {entries:,} points", entries=entries,
                   open_ms=round(open_s * 1e3, 3), daemon_rss_kib=rss, daemon_peak_rss_kib=peak))
        # x grows past the last point: the nice x domain has room for it at these sizes.
        ops, echoes = interleaved(echo, d, lambda k: d.update(uri, [
            {"op": "appendEntries", "dataSet": "s",
             "entries": [{"x": entries + k, "y": 50.0 + (0.25 if k % 2 else -0.25)}]}]), samples, warmup)
        out(latency_record(f"append-{name}", f"append 1 point, line of {entries:,}", ops, echoes, entries=entries))
        if n < LARGE and not largest:
            return
        ops, echoes = interleaved(echo, d, lambda k: d.update(uri, [
            {"op": "setHighlight", "highlights": [{"dataSet": "s", "index": (k * 7919 + 13) % entries}]}]),
            samples, warmup)
        out(latency_record(f"highlight-{name}", f"highlight, line of {entries:,}", ops, echoes, entries=entries))
        toggles(echo, d, uri, entries, name, max(20, samples), out)
    finally:
        d.close()


def toggles(echo, d, uri, entries, name, count, out):
    """Hide and show of the line's own data set, alternately, each interleaved with an echo."""
    got = {False: ([], []), True: ([], [])}
    for k in range(count + 2):
        for visible in (False, True):
            o, e = interleaved(echo, d, lambda _k: d.update(uri, [
                {"op": "setVisibility", "dataSet": "s", "visible": visible}]), 1, 0)
            if k >= 2:
                got[visible][0].extend(o)
                got[visible][1].extend(e)
    for visible, what in ((False, "hide"), (True, "show")):
        out(latency_record(f"{what}-{name}", f"{what} the {entries:,}-point set itself", *got[visible],
                           entries=entries))


def latency(binary, sizes, samples, warmup, out, placement="scheduled"):
    echo = Peer(["cat"], echo=True)
    pooled = []
    suffix = "" if placement == "scheduled" else f"@{placement}"

    def keep(r):
        pooled.extend(r.get("echo_samples_ms", []))
        if suffix:
            r = dict(r, op=r["op"] + suffix, placement=placement)
        out(r)
    try:
        d = Daemon(binary)
        try:
            # The first round trips of a fresh client, `cat` and daemon are slow on both sides (caches,
            # clock ramp-up): 30 warm-up samples were not enough to keep this first block's echo at
            # the level of the later ones, so it warms up on a second's worth of round trips.
            interleaved(echo, d, lambda k: d.encode("chart/synchronize", None), 5_000, 0)
            keep(latency_record("synchronize", "chart/synchronize (no work)",
                                *interleaved(echo, d, lambda k: d.encode("chart/synchronize", None), samples, warmup)))
        finally:
            d.close()
        for i, n in enumerate(sizes):
            size_latency(binary, echo, n, samples, warmup, i == len(sizes) - 1, keep)
    finally:
        echo.close()
    out(record("echo" + suffix, "pipe echo through `cat` (every echo sample above)", **summary(pooled),
               samples=len(pooled), **({"placement": placement} if suffix else {})))


def throughput(binary, docs, count, notifications, n_points, out):
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
        cpu0 = d.thread_cpu_ns()

        def write():
            d.proc.stdin.write(data)
            d.proc.stdin.flush()

        t0 = time.perf_counter()
        w = threading.Thread(target=write)
        w.start()
        while True:
            reply = d.proc.stdout.readline()
            if not reply:
                raise RuntimeError("chartd exited")
            msg = json.loads(reply)
            if "error" in msg:
                raise RuntimeError(f"error: {json.dumps(msg['error'])[:300]}")
            if msg.get("method") == "window/logMessage":
                raise RuntimeError(f"rejected: {reply[:300]!r}")
            if msg.get("id") == last_id:
                break
        dt = time.perf_counter() - t0
        cpu1 = d.thread_cpu_ns()
        w.join()
        # The daemon's CPU time per update, and its busiest thread's (the worker's, which applies them
        # in order): the rate cannot pass one update per the busiest thread's time.
        spent = [cpu1[t] - cpu0.get(t, 0) for t in cpu1]
        form = "notifications" if notifications else "requests"
        label = (f"{'notifications + one chart/synchronize' if notifications else 'requests'}, "
                 f"{docs} document{'s' if docs > 1 else ''}")
        # What stays: read after a moment of rest (the daemon hands freed memory back when idle).
        time.sleep(0.3)
        out(record(f"pipelined-{form}-{docs}", label, per_s=round(count / dt, 1), count=count, docs=docs,
                   points=n_points, seconds=round(dt, 3), rss_kib_before=rss0, rss_kib_after=d.rss_kib(),
                   cpu_us=round(sum(spent) / count / 1000, 1), busiest_thread_us=round(max(spent, default=0) / count / 1000, 1)))
    finally:
        d.close()


def run(binary, args, results, out=None):
    """Every measurement on one binary, appended to `results` (and handed to `out`) as it is made."""
    def keep(r):
        results.append(r)
        if out:
            out(r)
    for placement in placements_available(args.placements):
        with placed(placement):
            latency(binary, args.sizes, args.samples, args.warmup, keep, placement)
    for notifications in (False, True):
        for docs in (1, 5):
            throughput(binary, docs, args.count, notifications, 10_000, keep)
    return results


def us(v_ms):
    return f"{v_ms * 1e3:,.0f}" if v_ms is not None else "–"


def show(label, results, f=sys.stdout):
    print(f"## {label}", file=f)
    print("| placement | operation | p50 µs | p99 µs | echo p50 µs | p50 / echo |", file=f)
    print("|---|---|---|---|---|---|", file=f)
    for r in results:
        where = r.get("placement", "scheduled")
        if r.get("echo_median_ms"):
            print(f"| {where} | {r['label']} | {us(r['median_ms'])} | {us(r['p99_ms'])} | "
                  f"{r['echo_median_ms'] * 1e3:.1f} | {r['median_ms'] / r['echo_median_ms']:.1f}× |", file=f)
        elif r["op"].split("@")[0] == "echo":
            print(f"| {where} | {r['label']} | {us(r['median_ms'])} | {us(r['p99_ms'])} | | 1× |", file=f)
    print(file=f)
    print("| line | open ms | daemon RSS after open (MiB) | peak RSS (MiB) |", file=f)
    print("|---|---|---|---|", file=f)
    for r in results:
        if "daemon_rss_kib" in r:
            print(f"| {r['entries']:,} | {r['open_ms']:,.1f} | {r['daemon_rss_kib'] / 1024:.1f} | "
                  f"{r['daemon_peak_rss_kib'] / 1024:.1f} |", file=f)
    print(file=f)
    print("| pipelined | updates/s | RSS before → after (MiB) |", file=f)
    print("|---|---|---|", file=f)
    for r in results:
        if "per_s" in r:
            print(f"| {r['label']} ({r['count']:,} mixed) | {r['per_s']:,.0f} | "
                  f"{r['rss_kib_before'] / 1024:.1f} → {r['rss_kib_after'] / 1024:.1f} |", file=f)
    print(file=f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chartd", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                     ".build", "release", "chartd"))
    ap.add_argument("--ab", nargs=2, metavar=("OLD", "NEW"), help="alternate two binaries (rounds of each)")
    ap.add_argument("--rounds", type=int, default=2, help="A/B rounds")
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--count", type=int, default=30_000, help="pipelined updates per throughput run")
    ap.add_argument("--sizes", default="1k,100k,1M",
                    help="line sizes for appends (1k,100k,1M,10M); lines of 1M or more (or the largest) also get "
                         "highlight and hide/show; 10M holds 9,999,000 points")
    ap.add_argument("--quick", action="store_true", help="sizes 1k,100k")
    ap.add_argument("--placements", default="scheduled,same,split",
                    help="where client and peers run for the latency part: scheduled (left to the scheduler), "
                         "same (one CPU), split (client on CPU 0, peers on CPU 1)")
    ap.add_argument("--records", action="store_true",
                    help="one JSON line per summary on stdout (scripts/bench), the table on stderr")
    ap.add_argument("--json", help="write the summaries here")
    args = ap.parse_args()
    if args.records and args.ab:
        ap.error("--records measures one binary: leave out --ab")
    args.sizes = [parse_size(s) for s in ("1k,100k" if args.quick else args.sizes).split(",") if s.strip()]
    args.placements = [p.strip() for p in args.placements.split(",") if p.strip()]
    unknown = [p for p in args.placements if p not in PLACEMENTS]
    if unknown:
        ap.error(f"unknown placement {unknown[0]!r}: one of {', '.join(PLACEMENTS)}")
    out = {}
    if args.ab:
        for r in range(args.rounds):
            for label, binary in (("old", args.ab[0]), ("new", args.ab[1])):
                res = run(binary, args, [])
                show(f"{label} (round {r + 1}) {binary}", res)
                out.setdefault(label, []).append(res)
    else:
        res = []
        try:
            run(args.chartd, args, res, emit if args.records else None)
        except Exception as e:  # noqa: BLE001 - a record says what failed; the records so far stand
            if not args.records:
                raise
            emit(record("error", "msgpath", error=f"{type(e).__name__}: {e}"[:300]))
            sys.exit(1)
        finally:
            show(args.chartd, res, sys.stderr if args.records else sys.stdout)
        out["run"] = [res]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
