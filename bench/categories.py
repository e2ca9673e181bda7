#!/usr/bin/env python3
"""One `chart/open` of a bar chart with a million labelled categories: time and peak memory.

Each entry of the one data set has a value and a label ("category 123456"); the labels make the x
axis categorical. The message is sent in one of three forms — row objects `{"y": v, "label": s}`,
rows with x, or columns `{"y": […], "labels": […]}` — to a fresh daemon over ndjson, and the reply
is awaited. Reported (a JSON line): message bytes, wall time from the first byte written to the
answer, the daemon's resident memory before and at its peak (VmHWM), and the peak growth per entry
and per message byte.

    python3 bench/categories.py [--form rows|xrows|columns] [--entries 1000000] [--chartd PATH]

Standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def message(form, n):
    values = [((i * 7919) % 1000) / 10 for i in range(n)]
    labels = [f"category {i}" for i in range(n)]
    if form == "rows":
        entries = [{"y": v, "label": s} for v, s in zip(values, labels)]
    elif form == "xrows":
        entries = [{"x": i, "y": v, "label": s} for i, (v, s) in enumerate(zip(values, labels))]
    else:
        entries = {"y": values, "labels": labels}
    spec = {"kind": "bar", "dataSets": [{"id": "a", "entries": entries}]}
    req = {"jsonrpc": "2.0", "id": 1, "method": "chart/open", "params": {"uri": "m:cat", "version": 1, "spec": spec}}
    return (json.dumps(req, separators=(",", ":")) + "\n").encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--form", choices=["rows", "xrows", "columns"], default="rows")
    ap.add_argument("--entries", type=int, default=1_000_000)
    ap.add_argument("--chartd", default=os.environ.get("CHARTD") or str(ROOT / ".build/release/chartd"))
    args = ap.parse_args()
    body = message(args.form, args.entries)
    proc = subprocess.Popen([args.chartd, "--framing", "ndjson"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None}}
    proc.stdin.write((json.dumps(init) + "\n").encode())
    proc.stdin.flush()
    proc.stdout.readline()
    time.sleep(0.2)
    base = status_kib(proc.pid, "VmHWM:")
    start = time.perf_counter()
    proc.stdin.write(body)
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    seconds = time.perf_counter() - start
    peak = status_kib(proc.pid, "VmHWM:")
    proc.stdin.close()
    proc.wait()
    if "result" not in answer:
        sys.exit(f"categories: the open failed: {json.dumps(answer)[:500]}")
    growth = (peak - base) * 1024
    print(json.dumps({"form": args.form, "entries": args.entries, "message_bytes": len(body),
                      "seconds": round(seconds, 3), "base_mib": round(base / 1024, 1), "peak_mib": round(peak / 1024, 1),
                      "peak_bytes_per_entry": round(growth / args.entries), "peak_per_message_byte": round(growth / len(body), 2)}))


if __name__ == "__main__":
    main()
