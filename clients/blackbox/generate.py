"""Random chart specs and edits for the black-box checker, from protocol/spec/*.md: every kind,
odd numbers, hostile ids and labels, options and styles (colours in every form, dashes, gradients,
rounded bars, symbols, candles, value labels, formatters, themes, locales, padding), and edits of all 13 ops, some of them invalid."""

from __future__ import annotations

import random


KINDS = ["line", "bar", "scatter", "bubble", "candlestick", "pie", "radar", "combined"]
ODD_NUMBERS = [0, -0.0, 1e-300, -1e-300, 1e15, -1e15, 1e300, -1e300, 2 ** 53, 2 ** 63, 0.1, 123456789.123]
#: Colours in every form chart-spec.md lists, and three that are not colours.
COLOURS = ["#abc", "#abcd", "#4e79a7", "#4e79a780", "rgb(1, 2, 3)", "rgba(255,0,0,0.5)", "tomato", "rebeccapurple",
           "transparent", "hsl(210 40% 45% / 80%)", "RGB(100%, 50%, 0%)", "LightGoldenRodYellow", "not-a-colour", "#12",
           "stelblue"]


def gradient(rng: random.Random) -> dict:
    """A gradient of series.md, in its long or its short form."""
    if rng.random() < 0.5:
        return {"colors": rng.sample(COLOURS[:9], rng.choice([1, 2, 3]))}
    stops = [{"offset": o, "opacity": rng.choice([0, 0.35, 1])} for o in sorted(rng.sample([0, 0.25, 0.5, 1], 2))]
    if rng.random() < 0.5:
        stops[0]["color"] = rng.choice(COLOURS[:9])
    return {"stops": stops, "angle": rng.choice([0, 45, 90, 180, 270])}


# Powers of ten a data set's values are scaled by now and then, so that tick steps fall below 10⁻⁴
# and from 10⁹ up, where axes write their labels in scientific notation (spec/axes.md).
MAGNITUDES = [1e-12, 1e-8, 1e-6, 1e-5, 1e9, 1e12, 1e14]


def number(rng: random.Random, scale: float = 1):
    c = rng.random()
    if c < 0.55:
        return round(rng.uniform(-100, 100), rng.choice([0, 1, 2, 3])) * scale
    if c < 0.65:
        return rng.choice(ODD_NUMBERS)
    if c < 0.75:
        return None
    return rng.randint(-5, 5) * scale


def entries(rng: random.Random, kind: str, n: int, x0: float = 0):
    """`n` entries in one of the forms chart-spec.md allows for `kind`."""
    scale = rng.choice(MAGNITUDES) if rng.random() < 0.15 else 1
    if kind == "candlestick":
        out = []
        for i in range(n):
            o, c = rng.uniform(0, 10), rng.uniform(0, 10)
            out.append({"x": x0 + i, "open": o, "close": c, "high": max(o, c) + rng.random(), "low": min(o, c) - rng.random()})
        return out
    if kind == "bubble":
        return [{"x": x0 + i, "y": number(rng, scale), "size": rng.uniform(0, 5)} for i in range(n)]
    form = rng.random()
    if form < 0.1:
        # Rows with their own label and colour (chart-spec.md, entries).
        return [dict({"y": number(rng, scale)}, **({"label": rng.choice(["Jan", "", "<b>&amp;", "é" * 40])} if rng.random() < 0.7 else {}),
                     **({"color": rng.choice(COLOURS)} if rng.random() < 0.4 else {})) for _ in range(n)]
    if form < 0.4:
        return [number(rng, scale) for _ in range(n)]
    if form < 0.7:
        xs = sorted(rng.uniform(x0, x0 + n) for _ in range(n)) if rng.random() < 0.8 else [rng.uniform(-5, 5) for _ in range(n)]
        return [{"x": x, "y": number(rng, scale)} for x in xs]
    if form < 0.85:
        return [[x0 + i, number(rng, scale)] for i in range(n)]
    return {"x": [x0 + i for i in range(n)], "y": [number(rng, scale) for _ in range(n)]}


FORMATS = [{"type": "number", "decimals": 2}, {"type": "percent"}, {"type": "compact"},
           {"type": "number", "prefix": "$", "suffix": " kg"}, {"type": "category", "labels": ["a", None, "c"]},
           {"type": "date", "pattern": "MM/dd HH:mm"}, {"type": "number", "decimals": 40}]


def data_set(rng: random.Random, kind: str, i: int) -> dict:
    own = rng.choice(["line", "bar", "scatter", "bubble", "candlestick"]) if kind == "combined" else kind
    ds = {"id": rng.choice(["a", "b", "c", "x y", "é", "#e-0", "s-1"]) + str(i), "label": rng.choice(["A", "B", "", "<&>\"'"])}
    if kind == "combined":
        ds["kind"] = own
    ds["entries"] = entries(rng, own, rng.choice([0, 1, 2, 5, 20, 300]))
    if rng.random() < 0.2:
        ds["visible"] = False
    if rng.random() < 0.2:
        ds["axis"] = "right"
    if rng.random() < 0.2 and own in ("bar", "line"):
        ds["stack"] = "s"
    if rng.random() < 0.2 and own == "line":
        ds["line"] = {"mode": rng.choice(["linear", "stepped", "cubic", "cubicBezier", "horizontalBezier"]),
                      "fill": rng.random() < 0.5, "showCircles": rng.random() < 0.5, "width": rng.choice([0, 0.5, 1.5, 4])}
        if rng.random() < 0.3:
            ds["line"]["dash"] = rng.choice([[4, 2], [0, 3], [1000], [0, 0], [2, -1]])
        if rng.random() < 0.3:
            ds["line"]["fillGradient"] = gradient(rng)
    if rng.random() < 0.2 and own == "bar":
        bar = {"cornerRadius": rng.choice([0, 3, 1000]), "corners": rng.choice(["top", "both"]),
               "borderWidth": rng.choice([0, 1, 100]), "shadowColumn": rng.random() < 0.3}
        if rng.random() < 0.3:
            bar["cornerRadii"] = [rng.choice([0, 2, 8, 1000]) for _ in range(4)]
        if rng.random() < 0.4:
            bar["gradient"] = gradient(rng)
        ds["bar"] = bar
    if rng.random() < 0.2 and own == "scatter":
        ds["scatter"] = {"shape": rng.choice(["circle", "square", "triangle", "cross", "x", "chevronUp", "chevronDown", "star"]),
                         "size": rng.choice([0, 3, 8, 200, 201])}
    if rng.random() < 0.2 and own == "bubble":
        ds["bubble"] = {"maxDiameter": rng.choice([0, 10, 40, 1000]), "opacity": rng.choice([0, 0.6, 1])}
    if rng.random() < 0.3 and own == "candlestick":
        ds["candle"] = {"increasingColor": rng.choice(COLOURS[:9]), "increasingFilled": rng.random() < 0.5,
                        "decreasingFilled": rng.random() < 0.5, "ohlcTicks": rng.random() < 0.3,
                        "shadowWidth": rng.choice([0, 1.5, 100]), "barSpace": rng.choice([0, 0.1, 0.45])}
    if rng.random() < 0.2:
        ds["valueLabels"] = {"show": rng.random() < 0.8, "fontSize": rng.choice([1, 11, 40]),
                             "maxVisibleEntries": rng.choice([0, 3, 100]), "format": rng.choice(FORMATS)}
    if rng.random() < 0.1 and own == "bar":
        ds["stackLabels"] = rng.sample(["low", "mid", "high", "<&>"], rng.choice([1, 2, 3]))
    if rng.random() < 0.1:
        ds["entryOffset"] = rng.choice([0, 7, 2 ** 50, 2 ** 51])
    if rng.random() < 0.1 and kind == "pie":
        ds["hiddenEntries"] = rng.sample([0, 1, 2, 40], rng.choice([1, 2]))
    if rng.random() < 0.2:
        ds["color"] = rng.choice(COLOURS)
    if rng.random() < 0.1:
        ds["colors"] = rng.sample(COLOURS, rng.choice([1, 2, 3]))
    return ds


def chart_spec(rng: random.Random) -> dict:
    kind = rng.choice(KINDS)
    spec = {"kind": kind, "width": rng.choice([16, 200, 800, 1200]), "height": rng.choice([16, 150, 400]), "dataSets": []}
    taken = set()
    for i in range(rng.choice([0, 1, 2, 3])):
        ds = data_set(rng, kind, i)
        while ds["id"] in taken:
            ds["id"] += "_"
        taken.add(ds["id"])
        spec["dataSets"].append(ds)
    if rng.random() < 0.3:
        spec["title"] = rng.choice(["T", "Sales & <stuff>", "x" * 200])
    if rng.random() < 0.3:
        spec["largeData"] = {"mode": rng.choice(["auto", "lossless"]), "threshold": rng.choice([2, 10, 100]),
                             "chunkSize": rng.choice([16, 17, 50, 1000])}
    if rng.random() < 0.2:
        spec["viewport"] = {"xMin": rng.uniform(-2, 5), "xMax": rng.uniform(5, 50)}
    if rng.random() < 0.2:
        spec["xAxis"] = rng.choice([{"scale": "log"}, {"min": rng.uniform(-10, 0), "max": rng.uniform(1, 100)},
                                    {"granularity": rng.choice([0.5, 1, 7]), "labelRotation": rng.choice([0, 45, -90])},
                                    {"customLabels": [{"value": 1, "text": "one"}], "drawGrid": False},
                                    # Times (axes.md, Slots): bars and candles take the spacing of their x, or `slot`.
                                    {"format": "date"}, {"format": "date", "slot": rng.choice([0.25, 3])}])
    if rng.random() < 0.2:
        spec["leftAxis"] = rng.choice([{"scale": "log"}, {"inverted": True}, {"includeZero": False, "spaceTop": 0.3},
                                       {"labelCount": rng.choice([2, 5, 12]), "min": -20}])
    if rng.random() < 0.2:
        spec["stackMode"] = rng.choice(["normal", "percent"])
    if rng.random() < 0.3:
        spec["legend"] = {"enabled": rng.random() < 0.8, "orientation": rng.choice(["horizontal", "vertical"]),
                          "horizontalAlignment": rng.choice(["left", "center", "right"]), "inside": rng.random() < 0.3}
    if rng.random() < 0.2:
        spec["limitLines"] = [{"axis": "left", "value": rng.uniform(-50, 50), "label": "L", "inFront": rng.random() < 0.5,
                               "dash": rng.choice([[], [6, 2]]), "color": rng.choice(COLOURS[:9])}]
    if rng.random() < 0.15 and kind in ("line", "bar", "candlestick", "combined") and spec["dataSets"]:
        spec["panes"] = [{"weight": 2}, {"weight": 1}]
        spec["dataSets"][-1]["pane"] = 1
        if rng.random() < 0.5:
            # A line in the lower pane (axes.md, Limit lines: `pane`), as a label or a badge on its axis.
            spec.setdefault("limitLines", []).append({"value": rng.uniform(-50, 50), "pane": 1, "label": "P",
                                                      "labelPosition": rng.choice(["rightTop", "axis"])})
    if rng.random() < 0.2:
        spec["marker"] = {"enabled": True, "trigger": rng.choice(["entry", "axis"])}
        if rng.random() < 0.5:
            spec["marker"].update({"format": rng.choice(FORMATS), "showLabel": rng.random() < 0.5})
    if rng.random() < 0.15:
        spec["highlightStyle"] = {"color": rng.choice(COLOURS), "dash": rng.choice([[4, 3], [1], [0, 0]]),
                                  "lineWidth": rng.choice([0, 1, 50]), "verticalLine": rng.random() < 0.5}
    if rng.random() < 0.15:
        spec["theme"] = rng.choice(["light", "dark", "highContrast", "sepia"])
    if rng.random() < 0.1:
        spec["fontSize"] = rng.choice([4, 11, 96, 3])
    if rng.random() < 0.1:
        spec["padding"] = rng.choice([0, 40, {"left": 100, "top": 0}, 5000])
    if rng.random() < 0.1:
        spec["devicePixelRatio"] = rng.choice([0.25, 1, 3, 16, 0.1])
    if rng.random() < 0.1:
        spec["locale"] = {"decimalSeparator": ",", "groupingSeparator": rng.choice([".", " ", "\u202f"]), "useGrouping": True}
    if rng.random() < 0.1:
        spec["hiddenDataSetsAffectRange"] = True
    if rng.random() < 0.1:
        spec["description"] = rng.choice(["", "Sales <by> region & more", "d" * 300])
    if rng.random() < 0.15 and kind not in ("pie", "radar"):
        spec[rng.choice(["xAxis", "leftAxis", "rightAxis"])] = {"format": rng.choice(FORMATS)}
    if rng.random() < 0.2 and spec["dataSets"]:
        ds = rng.choice(spec["dataSets"])
        n = len(ds["entries"]["x"]) if isinstance(ds["entries"], dict) else len(ds["entries"])
        if n:
            spec["highlights"] = [{"dataSet": ds["id"], "index": rng.randrange(n)}]
    if kind == "pie" and rng.random() < 0.5:
        spec["pie"] = {"holeRadius": rng.choice([0, 0.3, 0.9]), "roundedSlices": rng.random() < 0.5,
                       "sliceSpace": rng.choice([0, 2]), "rotation": rng.choice([0, 90, 271]),
                       "maxAngle": rng.choice([360, 180])}
        if rng.random() < 0.5:
            spec["pie"].update({"transparentCircleRadius": rng.choice([0, 0.55, 1]),
                                "centerText": rng.choice(["Total\n42", "x" * 300, ""]),
                                "entryLabels": rng.choice(["inside", "outside", "none"]),
                                "valueLabels": rng.choice(["inside", "outside", "none"]),
                                "percentValues": rng.random() < 0.5, "selectionShift": rng.choice([0, 12, 100])})
    if kind == "radar" and rng.random() < 0.5:
        spec["radar"] = {"categories": ["a", "b", "c", "d"], "rotation": rng.choice([0, 45])}
        if rng.random() < 0.5:
            spec["radar"].update({"ringCount": rng.choice([1, 5, 25]), "drawWeb": rng.random() < 0.7,
                                  "skipWebLineCount": rng.choice([0, 1, 1000]), "drawRingLabels": rng.random() < 0.7})
    return spec


def edit(rng: random.Random, spec: dict) -> dict:
    """One edit of protocol/spec/edits.md for the document whose spec is `spec`; some invalid."""
    kind = spec.get("kind", "line")
    names = [d["id"] for d in spec.get("dataSets", [])]
    if not names and rng.random() < 0.7:
        return {"op": "addDataSet", "dataSet": data_set(rng, kind, rng.randint(0, 9))}
    target = rng.choice(names) if names and rng.random() > 0.05 else "nope"
    own = next((d.get("kind", kind) for d in spec.get("dataSets", []) if d["id"] == target), kind)
    own = "line" if own in ("combined", "pie", "radar") and kind != own else own
    op = rng.choice(["appendEntries"] * 5 + ["removeEntries"] * 2 + ["updateEntries"] * 2 + [
        "replaceEntries", "addDataSet", "removeDataSet", "replaceDataSet", "setVisibility", "setVisibility",
        "setHighlight", "setHighlight", "setViewport", "resize", "mergeSpec", "setSpec"])
    n = rng.choice([0, 1, 1, 2, 10])
    if op == "appendEntries":
        e = {"op": op, "dataSet": target, "entries": entries(rng, own, n, x0=rng.choice([0, 300, 1e6]))}
        if rng.random() < 0.3:
            e["maxEntries"] = rng.choice([1, 5, 100, 0, -1])
        return e
    if op == "removeEntries":
        return {"op": op, "dataSet": target, "start": rng.choice([0, 1, 5, 299, 10 ** 12, -1]),
                "count": rng.choice([0, 1, 3, 1000, 2 ** 62])}
    if op == "updateEntries":
        return {"op": op, "dataSet": target, "start": rng.choice([0, 1, 5, 299, 10 ** 12]), "entries": entries(rng, own, n)}
    if op == "replaceEntries":
        return {"op": op, "dataSet": target, "entries": entries(rng, own, rng.choice([0, 3, 40]))}
    if op == "addDataSet":
        e = {"op": op, "dataSet": data_set(rng, kind, rng.randint(0, 9))}
        if rng.random() < 0.5:
            e["index"] = rng.choice([0, 1, 2, 100])
        return e
    if op == "removeDataSet":
        return {"op": op, "dataSet": target}
    if op == "replaceDataSet":
        return {"op": op, "dataSet": dict(data_set(rng, kind, 0), id=target)}
    if op == "setVisibility":
        e = {"op": op, "dataSet": target, "visible": rng.random() < 0.5}
        if kind == "pie" and rng.random() < 0.5:
            e["entry"] = rng.choice([0, 1, 2, 50])
        return e
    if op == "setHighlight":
        highlights = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            h = {"dataSet": rng.choice(names or ["nope"]), "index": rng.choice([0, 1, 2, 10, 299, 5000])}
            if rng.random() < 0.2:
                h["stackIndex"] = rng.choice([0, 1])
            highlights.append(h)
        return {"op": op, "highlights": highlights}
    if op == "setViewport":
        e = {"op": op}
        if rng.random() < 0.7:
            e["xMin"] = rng.choice([None, -1e308, 0, 1, 2.5, 100])
        if rng.random() < 0.7:
            e["xMax"] = rng.choice([None, 1e308, 3, 10, 50, 1e6])
        if rng.random() < 0.3:
            e["autoScaleY"] = rng.random() < 0.5
        return e
    if op == "resize":
        return {"op": op, "width": rng.choice([16, 100, 640, 16384, 15, 1e9]), "height": rng.choice([16, 99, 480])}
    if op == "mergeSpec":
        return {"op": op, "patch": rng.choice([
            {"title": "M"}, {"title": None}, {"legend": {"enabled": False}}, {"legend": {"enabled": True}},
            {"kind": rng.choice(KINDS)}, {"stackMode": "percent"}, {"viewport": None}, {"width": 300},
            {"largeData": {"chunkSize": 16, "threshold": 3}}, {"highlights": []}, {"leftAxis": {"log": True}},
            {"xAxis": {"inverted": True}}])}
    return {"op": "setSpec", "spec": chart_spec(rng)}
