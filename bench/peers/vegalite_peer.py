"""vl-convert (Vega-Lite compiled and rendered in embedded V8) as a benchmark peer."""


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
