#!/usr/bin/env python3
"""Instructions the chartd daemon executes for one update, counted by valgrind's callgrind.

Wall time on a shared virtual machine moves by half from one minute to the next; the number of
instructions an update executes does not. This runs the real daemon (ndjson framing, one request at
a time, as `bench/msgpath.py` does) under `valgrind --tool=callgrind` twice per operation, with
LOW and HIGH updates after the same open and warm-up, and reports (HIGH run - LOW run) / (HIGH -
LOW): the instructions of one update in the steady state, every one-time cost (loading, first
calls, the open) cancelled out. Swift's hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING)
so that two runs of one binary give the same count.

Operations, on a line of --points points plus a 1,000-point reference line (the pipelined mix of
msgpath.py): append one point to the line, highlight one of its entries, highlight the entry
already highlighted (a pointer resting on it), toggle the reference line, chart/synchronize (no
work), an update with no edits (the fixed cost of an update), and the mix of the first, second and
fourth; one append to a line of --lossless-points points drawn without M4
(`largeData.mode: "lossless"`, a region per chunk of entries), which should cost what an append to
the short line does, however many chunks the line has; and the append over the default framing
(`Content-Length` headers, as editors and chartd-bench speak; `append-lsp`). Instructions are not time: a cache miss
costs no instruction; compare builds with it, and read time from msgpath.py.

    python3 bench/instructions.py [--chartd .build/release/chartd] [--ops append,highlight,...]
    python3 bench/instructions.py --ab OLD_BINARY NEW_BINARY      # the same operations, both builds
    python3 bench/instructions.py --top 25 --ops append            # where one append's go (self)
    python3 bench/instructions.py --records --top 12                # JSON lines for scripts/bench

Prints SKIP and exits 0 when valgrind is not installed. Standard library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import msgpath  # noqa: E402

OPS = ["append", "highlight", "highlight-same", "toggle", "synchronize", "empty", "mixed", "append-lossless", "append-lsp"]


class LSPDaemon(msgpath.Daemon):
    """msgpath's Daemon over the default framing (`Content-Length` headers), as editors and
    chartd-bench speak to chartd: the same messages, each body behind its header."""

    def __init__(self, binary, wrapper=(), options=()):
        msgpath.Peer.__init__(self, [*wrapper, binary, *options])
        self.call("initialize", {"processId": None,
                                 "capabilities": {"chart": {"previousMarkup": True, "markupSplices": True}}})
        self.proc.stdin.write(self.encode("initialized", {}, notification=True))
        self.versions = {}

    @staticmethod
    def frame(body):
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def encode(self, method, params, notification=False):
        return self.frame(msgpath.Peer.encode(self, method, params, notification).rstrip(b"\n"))

    def open(self, uri, spec):
        rid = self.take_id()
        head = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "chart/open",
                           "params": {"uri": uri, "version": 1, "spec": None}}, separators=(",", ":"))
        at = head.rindex("null")
        self.roundtrip(self.frame(head[:at].encode() + spec + head[at + 4:].encode()), rid)
        self.versions[uri] = 1

    def roundtrip(self, frame, rid=None):
        rid = json.loads(frame[frame.index(b"\r\n\r\n") + 4:]).get("id") if rid is None else rid
        self.proc.stdin.write(frame)
        self.proc.stdin.flush()
        while True:
            length = None
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    raise RuntimeError("peer exited")
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            msg = json.loads(self.proc.stdout.read(length))
            if msg.get("id") == rid and "method" not in msg:
                if "error" in msg:
                    raise RuntimeError(f"error: {json.dumps(msg['error'])[:300]}")
                return 0.0, msg


def edits_for(op, k, n_points):
    """The edits of update k of `op` (None: a chart/synchronize)."""
    if op == "mixed":
        op = ["append", "highlight", "toggle"][k % 3]
    if op in ("append", "append-lossless", "append-lsp"):
        return [{"op": "appendEntries", "dataSet": "s", "entries": [{"x": n_points + k, "y": 50.0 + (k % 7) * 0.1}]}]
    if op == "highlight":
        return [{"op": "setHighlight", "highlights": [{"dataSet": "s", "index": (k * 7919) % n_points}]}]
    if op == "highlight-same":
        # A pointer resting on one entry: a client that sends the highlight on every move.
        return [{"op": "setHighlight", "highlights": [{"dataSet": "s", "index": 7919 % n_points}]}]
    if op == "toggle":
        return [{"op": "setVisibility", "dataSet": "ref", "visible": k % 2 == 1}]
    if op == "empty":
        return []
    return None


def spec_for(op, args):
    """(the spec opened for `op`, its line's points)."""
    if op == "append-lossless":
        n = args.lossless_points
        return msgpath.line_spec(n, seed=0, reference=True, large_data={"mode": "lossless"}), n
    return msgpath.line_spec(args.points, seed=0, reference=True), args.points


def no_polling(binary):
    """The option that turns off the reader's poll for input, where the binary has it: the
    instructions of a poll are waiting, not work, and would count as much as the client is slow."""
    usage = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
    return ["--busy-poll-us", "0"] if "--busy-poll-us" in usage else []


def run(binary, op, updates, spec, n_points, warmup, out):
    """One daemon: open `spec`, `warmup` updates of `op`, then `updates` more; returns the callgrind file."""
    try:
        kind = LSPDaemon if op == "append-lsp" else msgpath.Daemon
        d = kind(binary, wrapper=["env", "SWIFT_DETERMINISTIC_HASHING=1", "valgrind", "--tool=callgrind",
                                  "-q", f"--callgrind-out-file={out}"], options=no_polling(binary))
    except RuntimeError as e:
        raise SystemExit(f"{binary} did not answer under valgrind ({e}); builds that park their main thread "
                         "in dispatchMain() cannot run under it")
    try:
        d.open("u", spec)
        for k in range(warmup + updates):
            edits = edits_for(op, k, n_points)
            d.roundtrip(d.encode("chart/synchronize", None) if edits is None else d.update("u", edits))
    finally:
        d.close()
    return out


def self_costs(path):
    """Instructions by function (self cost) and the total, from callgrind_annotate."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", "--auto=no", path],
                          capture_output=True, text=True, check=True).stdout
    costs, total = {}, 0
    for line in text.splitlines():
        m = re.match(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*)$", line)
        if not m:
            continue
        n, name = int(m.group(1).replace(",", "")), m.group(2)
        if name.startswith("PROGRAM TOTALS"):
            total = n
            continue
        name = name.split(" [")[0]
        name = name.split(":", 1)[1] if ":" in name else name  # drop the source file
        costs[name] = costs.get(name, 0) + n
    return costs, total


def per_update(binary, op, args, tmp):
    """(instructions per update, {function: self instructions per update})."""
    spec, n = spec_for(op, args)
    low = run(binary, op, args.low, spec, n, args.warmup, os.path.join(tmp, f"{op}-low.out"))
    high = run(binary, op, args.high, spec, n, args.warmup, os.path.join(tmp, f"{op}-high.out"))
    (a, ta), (b, tb) = self_costs(low), self_costs(high)
    span = args.high - args.low
    return (tb - ta) / span, {k: (b[k] - a.get(k, 0)) / span for k in b}


def most(costs, n):
    """The `n` functions with the most self instructions, demangled: [(name, instructions)]."""
    names = sorted(costs, key=lambda k: -costs[k])[:n]
    return [(shown, costs[name]) for name, shown in zip(names, demangle(names))]


def demangle(names):
    if not shutil.which("swift"):
        return names
    out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True, text=True)
    lines = out.stdout.splitlines()
    return lines if len(lines) == len(names) else names


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--chartd", default=".build/release/chartd")
    p.add_argument("--ab", nargs=2, metavar=("OLD", "NEW"), help="count both binaries")
    p.add_argument("--ops", default=",".join(OPS))
    p.add_argument("--points", type=int, default=10_000)
    p.add_argument("--lossless-points", type=int, default=500_000, help="points of the line of append-lossless")
    p.add_argument("--warmup", type=int, default=30)
    p.add_argument("--low", type=int, default=60)
    p.add_argument("--high", type=int, default=240)
    p.add_argument("--top", type=int, default=0, help="also list the functions with the most self instructions")
    p.add_argument("--records", action="store_true", help="one JSON line per operation (scripts/bench)")
    args = p.parse_args()
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        why = "valgrind (callgrind) is not installed (Debian: apt-get install valgrind)"
        print(json.dumps({"tool": "chartd", "workload": "instructions", "op": "instructions", "skipped": why})
              if args.records else f"SKIP: {why}")
        return 0
    ops = [o for o in args.ops.split(",") if o]
    unknown = [o for o in ops if o not in OPS]
    if unknown:
        p.error(f"unknown op {unknown[0]!r}; expected some of {', '.join(OPS)}")
    binaries = args.ab or [args.chartd]
    with tempfile.TemporaryDirectory() as tmp:
        results = {b: {op: per_update(b, op, args, tmp) for op in ops} for b in binaries}
    if args.records:
        for b in binaries:
            for op in ops:
                total, costs = results[b][op]
                print(json.dumps({"tool": "chartd", "workload": "instructions", "op": f"instructions-{op}",
                                  "binary": os.path.basename(b), "low": args.low,
                                  "points": args.lossless_points if op == "append-lossless" else args.points,
                                  "high": args.high, "instructions": round(total),
                                  "top": [[name, round(n)] for name, n in most(costs, args.top)]}))
        return 0
    head = "| operation | " + " | ".join(f"instructions per update ({os.path.basename(b)})" for b in binaries)
    print(head + (" | change |" if len(binaries) == 2 else " |"))
    print("|---" * (len(binaries) + 1 + (len(binaries) == 2)) + "|")
    for op in ops:
        counts = [results[b][op][0] for b in binaries]
        row = f"| {op} | " + " | ".join(f"{c:,.0f}" for c in counts)
        if len(binaries) == 2:
            row += f" | {100 * (counts[1] - counts[0]) / counts[0]:+.1f} %"
        print(row + " |")
    if args.top:
        for b in binaries:
            for op in ops:
                total, costs = results[b][op]
                print(f"\n{os.path.basename(b)}, {op}: {total:,.0f} instructions per update; the most by function (self):")
                for name, n in most(costs, args.top):
                    print(f"  {n:9,.0f}  {name[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
