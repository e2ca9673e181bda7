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

Each `run` is meant to be its own process (the driver does that) so that peak RSS belongs to one
peer and one workload.
"""

import argparse
import io
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import benchlib  # noqa: E402

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
# Workload data, read from the chartd spec (the one copy of the numbers)


class Data:
    """The numbers of one workload in peer-neutral form."""

    def __init__(self, wl):
        spec = wl["spec"]
        self.id = wl["id"]
        self.kind = spec["kind"]
        self.width = spec.get("width", 800)
        self.height = spec.get("height", 400)
        self.legend = spec.get("legend", {}).get("enabled", True)
        self.series = []  # (label, columns dict)
        for ds in spec["dataSets"]:
            self.series.append((ds.get("label", ds.get("id")), ds["entries"]))
        fmt = spec.get("xAxis", {}).get("format", {})
        self.categories = fmt.get("labels") if fmt.get("type") == "category" else None
        self.hole = spec.get("pie", {}).get("holeRadius", 0.5)


def tick_positions(n, max_ticks=10):
    """Indices for at most `max_ticks` evenly spaced category labels."""
    step = max(1, -(-n // max_ticks))
    return list(range(0, n, step))


# --------------------------------------------------------------------------------------------
# Peers. Each has render(data) -> bytes, and u1/u2 helpers that keep the peer's own objects
# between renders where the library allows it (the most a user could do to update faster).


class Matplotlib:
    name = "matplotlib"
    package = "matplotlib"

    def __init__(self, lossless=False):
        import matplotlib
        matplotlib.use("Agg")
        import numpy
        from matplotlib.figure import Figure
        self.np = numpy
        self.Figure = Figure
        if lossless:
            matplotlib.rcParams["path.simplify"] = False
            matplotlib.rcParams["agg.path.chunksize"] = 0
        self.lossless = lossless
        self.arrays = {}

    def note(self, data):
        if data.kind == "line" and max(len(c["x"]) for _, c in data.series) > 10_000:
            return "lossless (path.simplify off)" if self.lossless else "decimated (path.simplify)"
        return None

    def prepare(self, data):
        # Users of matplotlib hold numpy arrays; converting once keeps that cost out of renders.
        np = self.np
        self.arrays = {i: {k: (np.asarray(v, dtype=float) if k != "labels" else v) for k, v in c.items()}
                       for i, (_, c) in enumerate(data.series)}

    def figure(self, data):
        fig = self.Figure(figsize=(data.width / 100, data.height / 100), dpi=100)
        return fig, fig.add_subplot()

    def svg(self, fig):
        buf = io.BytesIO()
        fig.savefig(buf, format="svg")
        return buf.getvalue()

    def build(self, data):
        fig, ax = self.figure(data)
        a = self.arrays
        if data.kind == "line":
            lines = [ax.plot(a[i]["x"], a[i]["y"], label=label, linewidth=1)[0]
                     for i, (label, _) in enumerate(data.series)]
            if data.legend:
                ax.legend()
            return fig, ax, lines
        if data.kind == "bar":
            k = len(data.series)
            width = 0.8 / k
            for i, (label, _) in enumerate(data.series):
                ax.bar(a[i]["x"] + (i - (k - 1) / 2) * width, a[i]["y"], width=width, label=label)
            ax.set_xticks(range(len(data.categories)), data.categories)
            ax.legend()
        elif data.kind == "pie":
            c = data.series[0][1]
            ax.pie(a[0]["y"], labels=c["labels"], wedgeprops={"width": 1 - data.hole})
            ax.set_aspect("equal")
        elif data.kind == "candlestick":
            c = a[0]
            up = c["close"] >= c["open"]
            colors = self.np.where(up, "#2ca02c", "#d62728")
            ax.vlines(c["x"], c["low"], c["high"], colors=colors, linewidth=1)
            ax.bar(c["x"], self.np.abs(c["close"] - c["open"]), bottom=self.np.minimum(c["open"], c["close"]),
                   width=0.8, color=colors)
            ticks = tick_positions(len(data.categories))
            ax.set_xticks(ticks, [data.categories[t] for t in ticks])
        elif data.kind == "scatter":
            ax.scatter(a[0]["x"], a[0]["y"], s=4)
        return fig, ax, []

    def render(self, data):
        fig, _, _ = self.build(data)
        return self.svg(fig)

    def u1_start(self, data):
        # Spare capacity so that an append is a view, not a copy: the cheapest matplotlib update.
        n = len(self.arrays[0]["x"])
        xs = self.np.empty(n + 10_000)
        ys = self.np.empty(n + 10_000)
        xs[:n] = self.arrays[0]["x"]
        ys[:n] = self.arrays[0]["y"]
        fig, ax, lines = self.build(data)
        self.svg(fig)
        return {"fig": fig, "ax": ax, "line": lines[0], "xs": xs, "ys": ys, "n": n}

    def u1_step(self, st, x, y):
        n = st["n"]
        st["xs"][n] = x
        st["ys"][n] = y
        st["n"] = n + 1
        st["line"].set_data(st["xs"][:n + 1], st["ys"][:n + 1])
        st["ax"].relim()
        st["ax"].autoscale_view()
        return self.svg(st["fig"])

    def u2_start(self, data):
        fig, ax, lines = self.build(data)
        self.svg(fig)
        return {"fig": fig, "ax": ax, "lines": lines}

    def u2_step(self, st, index, hidden):
        st["lines"][index].set_visible(not hidden)
        st["ax"].relim(visible_only=True)
        st["ax"].autoscale_view()
        return self.svg(st["fig"])


class VLConvert:
    name = "vl-convert"
    package = "vl-convert-python"

    def __init__(self):
        import vl_convert
        self.vlc = vl_convert

    def note(self, data):
        return None

    def prepare(self, data):
        pass

    def base(self, data):
        return {
            "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "width": data.width, "height": data.height,
            "autosize": {"type": "fit", "contains": "padding"},
        }

    def spec(self, data, hidden=None):
        s = self.base(data)
        if data.kind == "line":
            values = []
            for label, c in data.series:
                values.extend({"x": x, "y": y, "s": label} for x, y in zip(c["x"], c["y"]))
            s["data"] = {"values": values}
            s["mark"] = {"type": "line", "strokeWidth": 1}
            labels = [label for label, _ in data.series]
            s["encoding"] = {
                "x": {"field": "x", "type": "quantitative"},
                "y": {"field": "y", "type": "quantitative", "scale": {"zero": False}},
            }
            if len(labels) > 1:
                # A fixed colour domain keeps the hidden series in the legend, as a toggle would.
                s["encoding"]["color"] = {"field": "s", "type": "nominal", "scale": {"domain": labels}}
            if hidden is not None:
                s["transform"] = [{"filter": {"not": {"field": "s", "equal": hidden}}}]
        elif data.kind == "bar":
            values = []
            for label, c in data.series:
                values.extend({"cat": data.categories[int(x)], "y": y, "s": label} for x, y in zip(c["x"], c["y"]))
            s["data"] = {"values": values}
            s["mark"] = "bar"
            s["encoding"] = {
                "x": {"field": "cat", "type": "nominal", "sort": data.categories},
                "xOffset": {"field": "s"},
                "y": {"field": "y", "type": "quantitative"},
                "color": {"field": "s", "type": "nominal"},
            }
        elif data.kind == "pie":
            c = data.series[0][1]
            s["data"] = {"values": [{"label": lab, "v": v} for lab, v in zip(c["labels"], c["y"])]}
            outer = min(data.width, data.height) * 0.4
            s["mark"] = {"type": "arc", "outerRadius": outer, "innerRadius": outer * data.hole}
            s["encoding"] = {"theta": {"field": "v", "type": "quantitative"},
                             "color": {"field": "label", "type": "nominal", "sort": None}}
        elif data.kind == "candlestick":
            c = data.series[0][1]
            s["params"] = [{"name": "dates", "value": data.categories}]
            s["data"] = {"values": [{"i": i, "o": o, "h": h, "l": lo, "c": cl}
                                    for i, o, h, lo, cl in zip(c["x"], c["open"], c["high"], c["low"], c["close"])]}
            s["encoding"] = {
                "x": {"field": "i", "type": "quantitative",
                      "axis": {"labelExpr": "dates[datum.value] || ''", "tickMinStep": 1}},
                "y": {"type": "quantitative", "scale": {"zero": False}},
                "color": {"condition": {"test": "datum.o < datum.c", "value": "#2ca02c"}, "value": "#d62728"},
            }
            s["layer"] = [
                {"mark": "rule", "encoding": {"y": {"field": "l"}, "y2": {"field": "h"}}},
                {"mark": {"type": "bar", "size": max(1, int(data.width * 0.8 / len(c["x"])))},
                 "encoding": {"y": {"field": "o"}, "y2": {"field": "c"}}},
            ]
        elif data.kind == "scatter":
            c = data.series[0][1]
            s["data"] = {"values": [{"x": x, "y": y} for x, y in zip(c["x"], c["y"])]}
            s["mark"] = {"type": "circle", "size": 8}
            s["encoding"] = {"x": {"field": "x", "type": "quantitative"},
                             "y": {"field": "y", "type": "quantitative"}}
        return s

    def svg(self, spec):
        return self.vlc.vegalite_to_svg(vl_spec=spec).encode("utf-8")

    def render(self, data):
        return self.svg(self.spec(data))

    def u1_start(self, data):
        st = {"spec": self.spec(data)}
        self.svg(st["spec"])
        return st

    def u1_step(self, st, x, y):
        st["spec"]["data"]["values"].append({"x": x, "y": y, "s": "Series"})
        return self.svg(st["spec"])

    def u2_start(self, data):
        st = {"data": data}
        self.render(data)
        return st

    def u2_step(self, st, index, hidden):
        label = st["data"].series[index][0]
        return self.svg(self.spec(st["data"], hidden=label if hidden else None))


class Pygal:
    name = "pygal"
    package = "pygal"

    def __init__(self):
        import pygal
        self.pygal = pygal

    def note(self, data):
        if data.kind == "candlestick":
            return "no candlestick chart type"
        if len(data.series) > 1 and data.kind == "line":
            return None
        return None

    def supports(self, data):
        return data.kind != "candlestick"

    def prepare(self, data):
        self.points = [list(zip(c["x"], c["y"])) for _, c in data.series] if data.kind in ("line", "scatter") else None

    def chart(self, data, skip=None):
        pg = self.pygal
        common = {"width": data.width, "height": data.height}
        if data.kind == "line":
            ch = pg.XY(show_dots=False, show_legend=data.legend, **common)
            for i, (label, _) in enumerate(data.series):
                if i != skip:
                    ch.add(label, self.points[i])
        elif data.kind == "bar":
            ch = pg.Bar(**common)
            ch.x_labels = data.categories
            for label, c in data.series:
                ch.add(label, c["y"])
        elif data.kind == "pie":
            ch = pg.Pie(inner_radius=data.hole, **common)
            c = data.series[0][1]
            for lab, v in zip(c["labels"], c["y"]):
                ch.add(lab, v)
        elif data.kind == "scatter":
            ch = pg.XY(stroke=False, show_legend=False, dots_size=1.5, **common)
            ch.add("Points", self.points[0])
        else:
            raise ValueError(data.kind)
        return ch

    def render(self, data):
        return self.chart(data).render()

    def u1_start(self, data):
        self.render(data)
        return {"data": data}

    def u1_step(self, st, x, y):
        # pygal keeps no render state: an update is a new chart over the grown list.
        self.points[0].append((x, y))
        return self.render(st["data"])

    def u2_start(self, data):
        self.render(data)
        return {"data": data}

    def u2_step(self, st, index, hidden):
        return self.chart(st["data"], skip=index if hidden else None).render()


class Plotly:
    name = "plotly+kaleido"
    package = "plotly"

    def __init__(self):
        import kaleido
        import plotly.graph_objects as go
        import plotly.io as pio
        import warnings
        warnings.filterwarnings("ignore")
        self.go = go
        self.pio = pio
        # A persistent headless Chromium: without it every image would start a new browser.
        kaleido.start_sync_server(silence_warnings=True)
        import atexit
        atexit.register(kaleido.stop_sync_server)

    def note(self, data):
        return None

    def prepare(self, data):
        pass

    def figure(self, data):
        go = self.go
        fig = go.Figure()
        if data.kind == "line":
            for label, c in data.series:
                fig.add_trace(go.Scatter(x=c["x"], y=c["y"], mode="lines", name=label, line={"width": 1}))
            fig.update_layout(showlegend=data.legend)
        elif data.kind == "bar":
            for label, c in data.series:
                fig.add_trace(go.Bar(x=[data.categories[int(x)] for x in c["x"]], y=c["y"], name=label))
            fig.update_layout(barmode="group")
        elif data.kind == "pie":
            c = data.series[0][1]
            fig.add_trace(go.Pie(labels=c["labels"], values=c["y"], hole=data.hole, sort=False))
        elif data.kind == "candlestick":
            c = data.series[0][1]
            fig.add_trace(go.Candlestick(x=c["x"], open=c["open"], high=c["high"], low=c["low"], close=c["close"]))
            ticks = tick_positions(len(data.categories))
            fig.update_layout(xaxis={"rangeslider": {"visible": False}, "tickvals": ticks,
                                     "ticktext": [data.categories[t] for t in ticks]})
        elif data.kind == "scatter":
            c = data.series[0][1]
            fig.add_trace(go.Scatter(x=c["x"], y=c["y"], mode="markers", marker={"size": 3}))
        return fig

    def svg(self, fig, data):
        return self.pio.to_image(fig, format="svg", width=data.width, height=data.height)

    def render(self, data):
        return self.svg(self.figure(data), data)

    def u1_start(self, data):
        c = data.series[0][1]
        fig = self.figure(data)
        self.svg(fig, data)
        return {"fig": fig, "data": data, "x": list(c["x"]), "y": list(c["y"])}

    def u1_step(self, st, x, y):
        st["x"].append(x)
        st["y"].append(y)
        st["fig"].data[0].x = st["x"]
        st["fig"].data[0].y = st["y"]
        return self.svg(st["fig"], st["data"])

    def u2_start(self, data):
        fig = self.figure(data)
        self.svg(fig, data)
        return {"fig": fig, "data": data}

    def u2_step(self, st, index, hidden):
        st["fig"].data[index].visible = "legendonly" if hidden else True
        return self.svg(st["fig"], st["data"])


PEERS = {
    "matplotlib": lambda: Matplotlib(),
    "matplotlib-lossless": lambda: Matplotlib(lossless=True),
    "vl-convert": VLConvert,
    "pygal": Pygal,
    "plotly+kaleido": Plotly,
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
        st = peer.u1_start(data)
        c = data.series[0][1]
        state = {"x": c["x"][-1], "y": c["y"][-1]}

        def step():
            state["x"] += 1
            state["y"] = round(state["y"] + 0.5, 2)
            return peer.u1_step(st, state["x"], state["y"])
        samples, size = sample_loop(step, args)
        benchlib.emit(record(args.peer, "U1", "U1", samples, size, note))
    elif wid == "U2":
        st = peer.u2_start(data)
        flip = {"hidden": False}

        def step():
            # Alternate hide / show of the second series: every sample is one legend toggle.
            flip["hidden"] = not flip["hidden"]
            return peer.u2_step(st, 1, flip["hidden"])
        samples, size = sample_loop(step, args)
        benchlib.emit(record(args.peer, "U2", "U2", samples, size, note))
    else:
        samples, size = sample_loop(lambda: peer.render(data), args)
        benchlib.emit(record(args.peer, wid, "render", samples, size, note))


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
    for name in ("run", "once", "cold"):
        p = sub.add_parser(name)
        p.add_argument("--peer", required=True, choices=sorted(PEERS))
        p.add_argument("--data", default=benchlib.DATA_DIR)
        if name != "cold":
            p.add_argument("--workload", required=True)
        if name == "run":
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


if __name__ == "__main__":
    main()
