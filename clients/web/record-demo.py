#!/usr/bin/env python3
"""Records a stream of chartd patches for every chart kind (for demo.html and the browser test).

    CHARTD=/path/to/chartd python3 clients/web/record-demo.py [--steps 40] [--out clients/web/demo-stream.json]

Each chart is opened, then edited step by step (live appends with a sliding window, in-place updates
of the last candle, legend toggles, highlights, viewport, resize, data sets added and removed); every
step is one ``chart/update`` whose patch is recorded. The stream holds each chart's first full render,
full renders at a few checkpoints and its last full render, so a player can check it reached the
same picture.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "python"))

import chartd  # noqa: E402
from chartd import edits as E  # noqa: E402

SPECS = json.loads((HERE.parent / "testing" / "specs.json").read_text())

#: Labels that would be markup if a client ever parsed text as HTML.
HOSTILE = ['<script>window.__pwned=1</script>', '<img src=x onerror="window.__pwned=2">', ']]> & "quotes" \' <b>']


def _walk(rng: random.Random, value: float) -> float:
    return round(value + rng.uniform(-1, 1), 2)


def line_steps(rng, n):
    t, a, b = 3, 2.5, 3.5
    for i in range(n):
        t += 1
        a, b = _walk(rng, a), _walk(rng, b)
        edits = [E.append_entries("a", [[t, a]], max_entries=40), E.append_entries("b", [[t, b]], max_entries=40)]
        if i % 15 == 14:
            edits.append(E.set_visibility("b", (i // 15) % 2 == 1))
        if i % 7 == 6:
            edits.append(E.highlight("a", 3))
        if i % 11 == 10:
            edits.append(E.set_highlight([]))
        if i == 20:
            edits.append(E.add_data_set({"id": "c", "label": "Gamma", "entries": [[t - 1, 1.0], [t, 2.0]]}))
        if i == 40:
            edits.append(E.remove_data_set("c"))
        if i == 25:
            edits.append(E.merge_spec({"title": "Random walks (live)"}))
        if i == 30:
            edits.append(E.set_viewport(t - 20, t))
        if i == 45:
            edits.append(E.set_viewport(None, None))
        if i == 50:
            edits.append(E.resize(720, 340))
        if i == 60:
            edits.append(E.resize(640, 320))
        yield edits


def bar_steps(rng, n):
    count = 4
    for i in range(n):
        edits = [E.update_entries("q1", rng.randrange(count), [round(rng.uniform(1, 9), 1)])]
        if i % 5 == 4:
            edits.append(E.append_entries("q1", [round(rng.uniform(1, 9), 1)], max_entries=8))
            edits.append(E.append_entries("q2", [round(rng.uniform(1, 9), 1)], max_entries=8))
            count = min(8, count + 1)
        if i % 9 == 8:
            edits.append(E.set_visibility("q2", (i // 9) % 2 == 1))
        if i % 6 == 5:
            edits.append(E.highlight("q1", rng.randrange(count)))
        yield edits


def scatter_steps(rng, n):
    count = 3
    for i in range(n):
        edits = [E.append_entries("pts", [{"x": round(rng.uniform(0, 10), 2), "y": round(rng.uniform(0, 10), 2)}])]
        count += 1
        if i % 10 == 9:
            edits.append(E.remove_entries("pts", 0, 2))
            count -= 2
        if i % 8 == 7:
            edits.append(E.highlight("pts", count - 1))
        yield edits


def bubble_steps(rng, n):
    x = 3
    for i in range(n):
        x += 1
        edits = [E.append_entries("bub", {"x": [x], "y": [round(rng.uniform(0, 5), 2)], "size": [round(rng.uniform(5, 50), 1)]}, max_entries=15)]
        if i % 12 == 11:
            edits.append(E.highlight("bub", 2))
        yield edits


def candle_steps(rng, n):
    """A live K-line: ticks move the last candle; every 4th tick opens a new one (window of 30)."""
    x, o = 2, 10.9
    h, l, c = o, o, o
    count = 3
    for i in range(n):
        if i % 4 == 0:
            x, o = x + 1, c
            h = l = c = o
            c = _walk(rng, o)
            h, l = max(h, c), min(l, c)
            edits = [E.append_entries("btc", [{"x": x, "open": o, "high": h, "low": l, "close": c}], max_entries=30)]
            count = min(30, count + 1)
        else:
            c = _walk(rng, c)
            h, l = max(h, c), min(l, c)
            edits = [E.update_entries("btc", count - 1, [{"x": x, "open": o, "high": h, "low": l, "close": c}])]
        if i % 10 == 9:
            edits.append(E.highlight("btc", count - 1))
        yield edits


def pie_steps(rng, n):
    labels = ["North", "South", "West"]
    for i in range(n):
        k = rng.randrange(len(labels))  # an update replaces the whole entry: keep its label
        edits = [E.update_entries("share", k, [{"y": round(rng.uniform(5, 60), 1), "label": labels[k]}])]
        if i % 13 == 12:
            labels = labels + ["East"] if len(labels) == 3 else labels[:3]
            edits = [E.replace_entries("share", {"y": [round(rng.uniform(5, 60), 1) for _ in labels], "labels": labels})]
        if i % 7 == 6:
            edits.append(E.highlight("share", rng.randrange(len(labels))))
        yield edits


def combined_steps(rng, n):
    x, avg = 3, 13.0
    for i in range(n):
        x += 1
        avg = _walk(rng, avg)
        edits = [E.append_entries("vol", [[x, round(rng.uniform(2, 9), 1)]], max_entries=12), E.append_entries("avg", [[x, avg]], max_entries=12)]
        if i % 10 == 9:
            edits.append(E.set_visibility("avg", (i // 10) % 2 == 1))
        yield edits


def hostile_spec():
    return {
        "kind": "line",
        "width": 640,
        "height": 320,
        "title": HOSTILE[0],
        "dataSets": [
            {"id": "h1", "label": HOSTILE[1], "entries": [[0, 1], [1, 2]]},
            {"id": "<h2>", "label": HOSTILE[2], "entries": [[0, 2], [1, 1]]},
        ],
    }


def hostile_steps(rng, n):
    for i in range(n):
        label = HOSTILE[i % len(HOSTILE)] + " #%d" % i
        edits = [E.append_entries("h1", [[i + 2, round(rng.uniform(0, 3), 2)]], max_entries=20)]
        if i == n - 1:  # end with every hostile text on screen
            yield edits + [E.merge_spec({"title": HOSTILE[0]}), E.replace_data_set({"id": "<h2>", "label": HOSTILE[2], "entries": [[0, 2], [1, 1]]})]
            return
        if i % 3 == 0:
            edits.append(E.merge_spec({"title": label}))
        if i % 4 == 1:
            edits.append(E.replace_data_set({"id": "<h2>", "label": label, "entries": [[0, 2], [1, rng.uniform(0, 3)]]}))
        if i % 5 == 2:
            edits.append(E.highlight("<h2>", 1))
        yield edits


KINDS = {
    "line": line_steps,
    "bar": bar_steps,
    "scatter": scatter_steps,
    "bubble": bubble_steps,
    "candlestick": candle_steps,
    "pie": pie_steps,
    "combined": combined_steps,
}


def record(client: chartd.Client, steps: int = 40, seed: int = 7, hostile: bool = False, checkpoint_every: int = 25) -> dict:
    """Plays the scripted edits against ``client``; returns the stream (charts + patch steps)."""
    rng = random.Random(seed)
    plans = [(kind, SPECS[kind], gen(rng, steps)) for kind, gen in KINDS.items()]
    if hostile:
        plans.append(("hostile", hostile_spec(), hostile_steps(rng, steps)))
    charts, docs, generators = [], [], []
    for n, (kind, spec, gen) in enumerate(plans):
        doc = client.open("demo://%s" % kind, spec)
        charts.append({"uri": doc.uri, "kind": kind, "initial": {"version": doc.version, "svg": doc.svg}, "checkpoints": {}})
        docs.append(doc)
        generators.append(gen)
    stream_steps = []
    for i in range(steps):
        for n, (doc, gen) in enumerate(zip(docs, generators)):
            edits = next(gen)
            patch = doc.update(edits)
            stream_steps.append({"chart": n, "edits": edits, "patch": patch.raw})
            if (i + 1) % checkpoint_every == 0:
                charts[n]["checkpoints"][str(doc.version)] = doc.render().svg
    for chart, doc in zip(charts, docs):
        mirrored = doc.svg
        render = doc.render()
        if render.svg != mirrored:  # the client's own patched copy must already be the full render
            raise AssertionError("%s: patched mirror differs from chart/render" % doc.uri)
        chart["final"] = {"version": render.version, "svg": render.svg}
    return {"format": "chartd-patch-stream/1", "server": client.server_info.version, "charts": charts, "steps": stream_steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=40, help="edit steps per chart")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hostile", action="store_true", help="add a chart whose labels are markup")
    parser.add_argument("--binary", help="chartd binary (default: $CHARTD or PATH)")
    parser.add_argument("--out", default=str(HERE / "demo-stream.json"))
    args = parser.parse_args()
    with chartd.Client(args.binary) as client:
        stream = record(client, args.steps, args.seed, args.hostile)
    pathlib.Path(args.out).write_text(json.dumps(stream, separators=(",", ":")))
    print("wrote %s: %d charts, %d patches" % (args.out, len(stream["charts"]), len(stream["steps"])))


if __name__ == "__main__":
    main()
