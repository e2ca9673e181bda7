#!/usr/bin/env python3
"""Overload: ten clients' worth of work pipelined through one daemon.

Ten producer threads (the "clients") each own four documents and send a mix of pipelined requests —
sliding-window appends, highlights, legend toggles, renders and hit tests — without waiting for
answers, through one ndjson connection. A reader thread takes the answers. Checked: every request
is answered exactly once and in the order it was written, no update is refused, and at the end each
document's SVG equals a render from scratch of its spec (chart/getSpec → chart/renderSpec).
Reported: throughput and latency percentiles (write → answer), as a JSON line and a table.

    python3 bench/overload.py [--requests 200000] [--chartd PATH]

Standard library only.
"""

import argparse
import faulthandler
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    faulthandler.dump_traceback_later(int(os.environ.get("OVERLOAD_DEBUG_AFTER", "0")) or 10**6)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=200_000)
    ap.add_argument("--clients", type=int, default=10)
    ap.add_argument("--docs-per-client", type=int, default=4)
    ap.add_argument("--window", type=int, default=16, help="requests a client keeps in flight")
    ap.add_argument("--chartd", default=os.environ.get("CHARTD") or str(ROOT / ".build/release/chartd"))
    args = ap.parse_args()

    proc = subprocess.Popen([args.chartd, "--framing", "ndjson"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    write_lock = threading.RLock()
    sent_at = {}
    order = []          # ids in the order they were written
    answers = []        # (id, time, message)
    next_id = [0]
    owner = {}
    outstanding = [0] * args.clients
    room = threading.Condition()

    def send(method, params, rid=None, client=None):
        with write_lock:
            if rid is None:
                next_id[0] += 1
                rid = next_id[0]
            line = json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params},
                              separators=(",", ":")) + "\n"
            order.append(rid)
            sent_at[rid] = time.perf_counter()
            if client is not None:
                owner[rid] = client
            proc.stdin.write(line.encode())
        return rid

    done = threading.Event()
    expected_total = [None]

    def reader():
        for line in proc.stdout:
            m = json.loads(line)
            if "id" in m and "method" not in m:
                answers.append((m["id"], time.perf_counter(), m))
                c = owner.pop(m["id"], None)
                if c is not None:
                    with room:
                        outstanding[c] -= 1
                        room.notify_all()
                if expected_total[0] is not None and len(answers) >= expected_total[0]:
                    done.set()
    threading.Thread(target=reader, daemon=True).start()

    def call(method, params):
        rid = send(method, params)
        proc.stdin.flush()
        while not any(a[0] == rid for a in answers[-4:]):
            time.sleep(0.001)
        return next(a[2] for a in reversed(answers) if a[0] == rid)

    call("initialize", {"processId": os.getpid()})
    uris = []
    window = 300
    for c in range(args.clients):
        for k in range(args.docs_per_client):
            uri = f"mem:client{c}/doc{k}"
            kind = ["line", "bar", "scatter", "combined"][k % 4]
            sets = [{"id": f"s{s}", "kind": ["line", "bar", "scatter"][s], "entries": [float(i % 17) for i in range(window)]}
                    for s in range(3)]
            call("chart/open", {"uri": uri, "version": 1, "spec": {"kind": kind, "width": 640, "height": 360, "dataSets": sets}})
            uris.append(uri)
    first_measured = next_id[0] + 1

    per_client = args.requests // args.clients
    versions = {u: 1 for u in uris}

    def client(c):
        rng = random.Random(c)
        mine = uris[c * args.docs_per_client:(c + 1) * args.docs_per_client]
        for n in range(per_client):
            with room:
                while outstanding[c] >= args.window:
                    with write_lock:
                        proc.stdin.flush()
                    room.wait(0.05)
                outstanding[c] += 1
            uri = rng.choice(mine)
            r = rng.random()
            s = f"s{rng.randrange(3)}"
            if r < 0.80:
                if r < 0.55:
                    edit = {"op": "appendEntries", "dataSet": s, "entries": [round(rng.uniform(0, 16), 2)], "maxEntries": window}
                elif r < 0.70:
                    edit = {"op": "setHighlight", "highlights": [{"dataSet": s, "index": rng.randrange(window)}]}
                else:
                    edit = {"op": "setVisibility", "dataSet": s, "visible": rng.random() < 0.7}
                with write_lock:
                    versions[uri] += 1
                    v = versions[uri]
                    send("chart/update", {"uri": uri, "version": v, "edits": [edit]}, client=c)
            elif r < 0.90:
                send("chart/hitTest", {"uri": uri, "x": rng.uniform(0, 640), "y": rng.uniform(0, 360)}, client=c)
            else:
                send("chart/render", {"uri": uri}, client=c)
            if n % 64 == 0:
                with write_lock:
                    proc.stdin.flush()
        with write_lock:
            proc.stdin.flush()

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(c,)) for c in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected_total[0] = len(order)
    if len(answers) < expected_total[0]:
        done.wait(600)
    elapsed = time.perf_counter() - start

    got = [a[0] for a in answers]
    in_order = got == order[:len(got)] and len(got) == len(order)
    errors = [a[2] for a in answers if "error" in a[2]]
    latencies = sorted((t - sent_at[i]) * 1000 for i, t, _ in answers if i >= first_measured)
    measured = len(latencies)

    def pct(p):
        return latencies[min(measured - 1, int(p / 100 * measured))]

    mismatches = 0
    for uri in uris:
        rendered = call("chart/render", {"uri": uri})["result"]
        spec = call("chart/getSpec", {"uri": uri})["result"]
        fresh = call("chart/renderSpec", {"spec": spec["spec"], "idPrefix": spec["idPrefix"]})["result"]
        if rendered["svg"] != fresh["svg"] or rendered["version"] != versions[uri]:
            mismatches += 1
    with open(f"/proc/{proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    daemon_cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    proc.stdin.close()
    proc.wait(timeout=30)

    result = {"bench": "overload", "clients": args.clients, "documents": len(uris), "requests": measured,
              "seconds": round(elapsed, 3), "per_second": round(measured / elapsed),
              "p50_ms": round(pct(50), 3), "p99_ms": round(pct(99), 3), "max_ms": round(latencies[-1], 3),
              "daemon_cpu_s": round(daemon_cpu, 2), "in_order": in_order, "errors": len(errors), "svg_mismatches": mismatches}
    print(json.dumps(result))
    print(f"overload: {args.clients} clients, {len(uris)} documents, {measured:,} pipelined requests in {elapsed:.1f} s "
          f"= {measured / elapsed:,.0f}/s; latency p50 {pct(50):.2f} ms, p99 {pct(99):.2f} ms with up to {args.clients * args.window} in flight; "
          f"daemon CPU {daemon_cpu:.1f} s; in order: {in_order}; errors: {len(errors)}; final SVG ≠ fresh render: {mismatches}", file=sys.stderr)
    sys.exit(0 if in_order and not errors and not mismatches else 1)


if __name__ == "__main__":
    main()
