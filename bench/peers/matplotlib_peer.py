"""matplotlib (SVG backend) as a benchmark peer."""

import io

from peer_data import tick_positions


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
