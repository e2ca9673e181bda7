#!/usr/bin/env python3
"""Round-trip cost of the Python client: append one point, p50 over many calls.

    CHARTD=/path/to/chartd python3 clients/bench_roundtrip.py [--calls 300]

Compares the client (threads, futures, mirror patching, spec replay) with a bare loop that writes
one LSP frame and blocks reading the answer on the same daemon workload; the difference is the
client's own overhead.
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "python"))
import chartd  # noqa: E402


def spec():
    return {"kind": "line", "width": 800, "height": 400, "dataSets": [{"id": "a", "entries": [[i, (i * 7) % 13] for i in range(1000)]}]}


def percentiles(samples):
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]
    return {"p50": statistics.median(s), "p90": pick(0.9), "p99": pick(0.99)}


class RawPipe:
    """The least a caller can do: one frame out, block until one frame back."""

    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.id = 0

    def call(self, method, params):
        self.id += 1
        body = json.dumps({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        while True:
            length = None
            while True:
                line = self.p.stdout.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(self.p.stdout.read(length))
            if message.get("id") == self.id:
                return message

    def close(self):
        self.call("shutdown", None)
        self.p.stdin.write(b'Content-Length: 33\r\n\r\n{"jsonrpc":"2.0","method":"exit"}')
        self.p.stdin.close()
        self.p.wait(5)


def bench(binary, calls, warmup):
    """Alternates a bare call and a client call, so both see the same machine noise."""
    raw = RawPipe(binary)
    raw.call("initialize", {"processId": os.getpid(), "capabilities": {}})
    raw.call("chart/open", {"uri": "bench://raw", "version": 0, "spec": spec()})
    raw_samples, client_samples = [], []
    with chartd.Client(binary) as client:
        doc = client.open("bench://py", spec())
        for i in range(warmup + calls):
            point = [[1000 + i, i % 11]]
            t0 = time.perf_counter()
            answer = raw.call("chart/update", {"uri": "bench://raw", "version": i + 1, "edits": [{"op": "appendEntries", "dataSet": "a", "entries": point}]})
            t1 = time.perf_counter()
            doc.append_entries("a", point)
            t2 = time.perf_counter()
            assert "result" in answer, answer
            if i >= warmup:
                raw_samples.append(t1 - t0)
                client_samples.append(t2 - t1)
        assert doc.svg == doc.render().svg
    raw.close()
    return raw_samples, client_samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--binary", default=None)
    args = parser.parse_args()
    binary = chartd.find_binary(args.binary)
    raw_samples, client_samples = bench(binary, args.calls, args.warmup)
    raw, client = percentiles(raw_samples), percentiles(client_samples)
    paired = statistics.median(c - r for c, r in zip(client_samples, raw_samples))
    us = lambda v: "%7.0f µs" % (v * 1e6)
    print("append one point to a 1,000-point line, %d calls (python %s)" % (args.calls, sys.version.split()[0]))
    print("  bare pipe loop : p50 %s  p90 %s  p99 %s" % (us(raw["p50"]), us(raw["p90"]), us(raw["p99"])))
    print("  chartd.Client  : p50 %s  p90 %s  p99 %s" % (us(client["p50"]), us(client["p90"]), us(client["p99"])))
    print("  client overhead: median of paired differences %s" % us(paired))


if __name__ == "__main__":
    main()
