"""plotly + kaleido (headless Chromium) as a benchmark peer."""

from peer_data import tick_positions


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
