"""Small helpers shared by the benchmark scripts (standard library only)."""

import json
import math
import os
import sys

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(BENCH_DIR)
DATA_DIR = os.path.join(BENCH_DIR, "data")
VENV_DIR = os.path.join(BENCH_DIR, ".venv")


def percentile(samples, p):
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    s = sorted(samples)
    if not s:
        return None
    rank = max(1, math.ceil(p / 100.0 * len(s)))
    return s[min(rank, len(s)) - 1]


def median(samples):
    s = sorted(samples)
    if not s:
        return None
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def summary(samples_ms):
    """median / p99 / min of a list of milliseconds, rounded for reading."""
    if not samples_ms:
        return {"median_ms": None, "p99_ms": None, "min_ms": None}
    return {
        "median_ms": round(median(samples_ms), 4),
        "p99_ms": round(percentile(samples_ms, 99), 4),
        "min_ms": round(min(samples_ms), 4),
    }


def emit(record, out=None):
    """Writes one JSON line (a result record) and flushes."""
    out = out or sys.stdout
    out.write(json.dumps(record, separators=(",", ":")) + "\n")
    out.flush()


def load_workload(wid, data_dir=DATA_DIR):
    with open(os.path.join(data_dir, f"{wid}.json"), encoding="utf-8") as f:
        return json.load(f)


def size_name(n):
    """1000 -> "1k", 10,000,000 -> "10M" (workload and op names)."""
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1_000 and n % 1_000 == 0:
        return f"{n // 1_000}k"
    return str(n)
