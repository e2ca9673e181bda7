#!/usr/bin/env python3
"""What a round trip over pipes costs beyond the peer's own work, by placement (issue 13).

A client that blocks in `read` while its peer works leaves its CPU idle; on a virtual machine an
idle virtual CPU halts, and waking it again can cost more than the work. This times round trips
from the same Python client as bench/msgpath.py (write a line, read a line, `json.loads` it) to
`chartd-bench echo-peer`, a line echo that busy-works a fixed number of microseconds per line,
sleeping in `read` between lines or polling its input as chartd's reader does (`--busy-poll-us`),
with client and peer on one CPU ("same") or on two ("split"). The p50 minus the work is what the
pipes, the two processes and the wake-ups cost: what no server can save, whatever it does.

    python3 bench/wakeup.py [--bench .build/release/chartd-bench] [--works 0,3,6,12,24] [--samples 2000]
    python3 bench/wakeup.py --records ...   # JSON lines on stdout (scripts/bench), the table on stderr

Standard library only.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import emit, summary  # noqa: E402
import msgpath  # noqa: E402


def measure(bench, work_us, spin, samples, warmup):
    """Milliseconds of `samples` round trips to an echo peer working `work_us` per line."""
    argv = [bench, "echo-peer", "--work-us", str(work_us)] + (["--spin"] if spin else [])
    peer = msgpath.Peer(argv, echo=True)
    line = peer.encode("chart/synchronize", None)
    try:
        out = []
        for k in range(warmup + samples):
            dt, _ = peer.roundtrip(line)
            if k >= warmup:
                out.append(round(dt * 1e3, 4))
        return out
    finally:
        peer.close()


def run(args, out=None):
    results = []
    for placement in msgpath.placements_available(args.placements):
        with msgpath.placed(placement):
            for spin in (False, True):
                for work in args.works:
                    ms = measure(args.bench, work, spin, args.samples, args.warmup)
                    r = {"side": "chartd", "tool": "echo-peer", "workload": "wakeup",
                         "op": f"wakeup-{placement}-{'poll' if spin else 'sleep'}-{work}",
                         "placement": placement, "peer_polls": spin, "work_us": work, "samples": len(ms),
                         **summary(ms)}
                    results.append(r)
                    if out:
                        out(r)
    return results


def show(results, f):
    print("| placement | peer between lines | work per line µs | round trip p50 µs | p99 µs | p50 beyond the work µs |", file=f)
    print("|---|---|---|---|---|---|", file=f)
    for r in results:
        p50 = r["median_ms"] * 1e3
        print(f"| {r['placement']} | {'polls its input' if r['peer_polls'] else 'sleeps in read'} | {r['work_us']} "
              f"| {p50:.1f} | {r['p99_ms'] * 1e3:.1f} | {p50 - r['work_us']:.1f} |", file=f)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=os.path.join(root, ".build", "release", "chartd-bench"))
    ap.add_argument("--works", default="0,3,6,12,24", help="microseconds of work per line, comma-separated")
    ap.add_argument("--placements", default="same,split")
    ap.add_argument("--samples", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--records", action="store_true", help="JSON lines on stdout, the table on stderr")
    args = ap.parse_args()
    args.works = [int(w) for w in args.works.split(",") if w.strip()]
    args.placements = [p.strip() for p in args.placements.split(",") if p.strip()]
    if not os.path.exists(args.bench):
        print(f"SKIP: {args.bench} is not built (swift build -c release)", file=sys.stderr)
        return
    results = run(args, emit if args.records else None)
    show(results, sys.stderr if args.records else sys.stdout)


if __name__ == "__main__":
    main()
