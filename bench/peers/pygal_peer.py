"""pygal as a benchmark peer."""


class Pygal:
    name = "pygal"
    package = "pygal"

    def __init__(self):
        import pygal
        self.pygal = pygal

    def note(self, data):
        if data.kind == "candlestick":
            return "no candlestick chart type"
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
