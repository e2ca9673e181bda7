#!/usr/bin/env python3
"""Renders the benchmark workloads with the peers a user would pick instead of chartd.

Peers: matplotlib (SVG backend), vl-convert (Vega-Lite -> SVG in embedded V8), pygal, and
plotly + kaleido (headless Chromium; only when a `chromium` binary is present).

On first use it creates `bench/.venv` and installs the peers from PyPI, then re-runs itself there.

    run_peers.py setup                       # create the venv (idempotent), print the peers found
    run_peers.py peers                       # JSON list of usable peers and their versions
    run_peers.py run --peer P --workload W   # W in W1..W6, W2b, W5b, U1, U2; JSON lines on stdout
    run_peers.py cold --peer P --runs N      # fresh process per run producing W1; whole-process time
    run_peers.py once --peer P --workload W  # one render (used by `cold`); prints the SVG size
    run_peers.py scaling --peer P --size S   # scale-S line: open, append, legend toggle (full re-renders)

Each `run` is meant to be its own process (the driver does that) so that peak RSS belongs to one
peer and one workload.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
import benchlib  # noqa: E402
from peer_data import Data  # noqa: E402

REQUIREMENTS = ["matplotlib==3.11.2", "vl-convert-python==1.9.0.post1", "pygal==3.1.3"]
PLOTLY_REQUIREMENTS = ["plotly==7.1.0", "kaleido==1.5.0"]


# --------------------------------------------------------------------------------------------
# venv


def venv_python():
    return os.path.join(benchlib.VENV_DIR, "bin", "python")


def in_venv():
    return os.path.realpath(sys.prefix) == os.path.realpath(benchlib.VENV_DIR)


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        p = shutil.which(name)
        if p:
            return p
    return None


def ensure_venv():
    """Creates bench/.venv with the peers installed (only the first time)."""
    marker = os.path.join(benchlib.VENV_DIR, ".chartd-bench-installed")
    wanted = REQUIREMENTS + (PLOTLY_REQUIREMENTS if chromium_path() else []) + ["pillow"]
    if os.path.exists(marker):
        with open(marker, encoding="utf-8") as f:
            if f.read().split() == wanted:
                return
    if not os.path.exists(venv_python()):
        print("run_peers: creating bench/.venv", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", benchlib.VENV_DIR], check=True)
    print("run_peers: installing " + " ".join(wanted), file=sys.stderr, flush=True)
    subprocess.run([venv_python(), "-m", "pip", "install", "-q"] + wanted, check=True,
                   stdout=sys.stderr)
    with open(marker, "w", encoding="utf-8") as f:
        f.write(" ".join(wanted))


def reexec_in_venv():
    ensure_venv()
    os.execv(venv_python(), [venv_python(), os.path.abspath(__file__)] + sys.argv[1:])


# --------------------------------------------------------------------------------------------
# Peers: each has render(data) -> bytes, and u1/u2 helpers that keep the peer's own objects
# between renders where the library allows it (the most a user could do to update faster).
# They live in their own modules, imported only when used (each pulls in a big library).


def _matplotlib(lossless=False):
    from matplotlib_peer import Matplotlib
    return Matplotlib(lossless=lossless)


def _vlconvert():
    from vegalite_peer import VLConvert
    return VLConvert()


def _pygal():
    from pygal_peer import Pygal
    return Pygal()


def _plotly():
    from plotly_peer import Plotly
    return Plotly()


PEERS = {
    "matplotlib": _matplotlib,
    "matplotlib-lossless": lambda: _matplotlib(lossless=True),
    "vl-convert": _vlconvert,
    "pygal": _pygal,
    "plotly+kaleido": _plotly,
}


def available_peers():
    """Peer names usable here, with versions and notes for skipped ones."""
    from importlib import metadata
    out = []
    for name, pkg in [("matplotlib", "matplotlib"), ("vl-convert", "vl-convert-python"), ("pygal", "pygal"),
                      ("plotly+kaleido", "plotly")]:
        entry = {"peer": name}
        try:
            entry["version"] = metadata.version(pkg)
            if name == "plotly+kaleido":
                entry["version"] += " + kaleido " + metadata.version("kaleido")
        except metadata.PackageNotFoundError:
            entry["skipped"] = "not installed"
        if name == "plotly+kaleido" and not chromium_path():
            entry["skipped"] = "no chromium binary on this machine (kaleido needs one)"
        out.append(entry)
    return out


def peer_version(name):
    for p in available_peers():
        if p["peer"] == name.replace("-lossless", ""):
            return p.get("version")
    return None


# --------------------------------------------------------------------------------------------
# Measurement


def peak_rss_kib():
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000.0, out


def sample_loop(step, args):
    """Warm-up, then samples until `samples` are taken or `max_seconds` passed (>= min_samples)."""
    size = None
    for _ in range(args.warmup):
        _, out = timed(step)
        size = len(out)
    samples = []
    start = time.perf_counter()
    while len(samples) < args.samples:
        ms, out = timed(step)
        samples.append(ms)
        size = len(out)
        if len(samples) >= args.min_samples and time.perf_counter() - start > args.max_seconds:
            break
    return samples, size


def record(peer, workload, op, samples, size, note=None):
    r = {"side": "peer", "tool": peer, "version": peer_version(peer), "workload": workload, "op": op,
         "samples_ms": [round(s, 4) for s in samples], "bytes": size, "peak_rss_kib": peak_rss_kib()}
    r.update(benchlib.summary(samples))
    if note:
        r["note"] = note
    return r


def append_samples(peer, data, args, y_step):
    """Samples of appending one point to the first series (x + 1, y + y_step) and rendering again."""
    st = peer.u1_start(data)
    c = data.series[0][1]
    state = {"x": c["x"][-1], "y": c["y"][-1]}

    def step():
        state["x"] += 1
        state["y"] = round(state["y"] + y_step, 2)
        return peer.u1_step(st, state["x"], state["y"])
    return sample_loop(step, args)


def toggle_samples(peer, data, args):
    """Samples of hiding and showing the second series in turn: every sample is one legend toggle."""
    st = peer.u2_start(data)
    flip = {"hidden": False}

    def step():
        flip["hidden"] = not flip["hidden"]
        return peer.u2_step(st, 1, flip["hidden"])
    return sample_loop(step, args)


def cmd_run(args):
    peer = PEERS[args.peer]()
    wid = args.workload
    base = {"U1": "W2", "U2": "W1"}.get(wid, wid)
    data = Data(benchlib.load_workload(base, args.data))
    if hasattr(peer, "supports") and not peer.supports(data):
        benchlib.emit({"side": "peer", "tool": args.peer, "version": peer_version(args.peer), "workload": wid,
                       "op": "render" if wid == base else wid, "skipped": peer.note(data)})
        return
    peer.prepare(data)
    note = peer.note(data)
    if wid == "U1":
        samples, size = append_samples(peer, data, args, y_step=0.5)
        benchlib.emit(record(args.peer, "U1", "U1", samples, size, note))
    elif wid == "U2":
        samples, size = toggle_samples(peer, data, args)
        benchlib.emit(record(args.peer, "U2", "U2", samples, size, note))
    else:
        samples, size = sample_loop(lambda: peer.render(data), args)
        benchlib.emit(record(args.peer, wid, "render", samples, size, note))


def cmd_scaling(args):
    """One size of the scaling curve: open (full render), append one point, legend toggle of the
    reference line — the same operations chartd's scaling run times, each a full re-render here."""
    peer = PEERS[args.peer]()
    wid = f"scale-{args.size}"
    t0 = time.perf_counter()
    data = Data(benchlib.load_workload(wid, args.data))
    load_ms = (time.perf_counter() - t0) * 1000.0
    peer.prepare(data)
    note = peer.note(data)
    samples, size = sample_loop(lambda: peer.render(data), args)
    r = record(args.peer, wid, "scale-open", samples, size, note)
    r["load_ms"] = round(load_ms, 1)
    benchlib.emit(r)
    if min(samples) > args.max_seconds * 1000.0:
        return  # one render took longer than the time limit: the updates would too
    samples, size = append_samples(peer, data, args, y_step=0)
    benchlib.emit(record(args.peer, wid, "scale-append", samples, size, note))
    samples, size = toggle_samples(peer, data, args)
    benchlib.emit(record(args.peer, wid, "scale-toggle", samples, size, note))


def cmd_once(args):
    peer = PEERS[args.peer]()
    data = Data(benchlib.load_workload(args.workload, args.data))
    peer.prepare(data)
    out = peer.render(data)
    if args.save:
        with open(args.save, "wb") as f:
            f.write(out)
    print(len(out))


def cmd_cold(args):
    """Whole-process time of a fresh interpreter that imports the peer and renders W1 once."""
    samples = []
    size = None
    for i in range(args.runs + 1):
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "once", "--peer", args.peer,
                            "--workload", "W1", "--data", args.data], capture_output=True, text=True)
        ms = (time.perf_counter() - t0) * 1000.0
        if p.returncode != 0:
            benchlib.emit({"side": "peer", "tool": args.peer, "workload": "W1", "op": "cold",
                           "error": p.stderr.strip()[-400:]})
            return
        size = int(p.stdout.strip().splitlines()[-1])
        if i > 0:  # the first run warms the OS file cache
            samples.append(ms)
    r = record(args.peer, "W1", "cold", samples, size, "whole process: interpreter, imports, read W1, render")
    r.pop("peak_rss_kib")
    benchlib.emit(r)


def main():
    ap = argparse.ArgumentParser(description="peer renderers for the chartd benchmark")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("setup")
    sub.add_parser("peers")
    for name in ("run", "once", "cold", "scaling"):
        p = sub.add_parser(name)
        p.add_argument("--peer", required=True, choices=sorted(PEERS))
        p.add_argument("--data", default=benchlib.DATA_DIR)
        if name in ("run", "once"):
            p.add_argument("--workload", required=True)
        if name == "scaling":
            p.add_argument("--size", required=True, help="1k, 10k, 100k, 1M or 10M (bench/data/scale-SIZE.json)")
        if name in ("run", "scaling"):
            p.add_argument("--samples", type=int, default=9)
            p.add_argument("--min-samples", type=int, default=5)
            p.add_argument("--warmup", type=int, default=1)
            p.add_argument("--max-seconds", type=float, default=60)
        if name == "cold":
            p.add_argument("--runs", type=int, default=5)
        if name == "once":
            p.add_argument("--save", help="also write the SVG to this file")
    args = ap.parse_args()

    if not in_venv():
        reexec_in_venv()
    if args.cmd == "setup":
        for p in available_peers():
            print(f"  {p['peer']}: {p.get('version', '-')} {p.get('skipped', '')}", file=sys.stderr)
    elif args.cmd == "peers":
        benchlib.emit({"peers": available_peers()})
    elif args.cmd == "run":
        cmd_run(args)
    elif args.cmd == "once":
        cmd_once(args)
    elif args.cmd == "cold":
        cmd_cold(args)
    elif args.cmd == "scaling":
        cmd_scaling(args)


if __name__ == "__main__":
    main()
