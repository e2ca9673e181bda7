#!/usr/bin/env python3
"""A black-box checker of chartd, written from protocol/*.md alone (standard library only).

It shares no code with chartd or its clients: its own LSP framing, its own copy of the SVG kept
current by applying patches as protocol/patch.md says, its own random specs and edits. What it
holds chartd to, after every accepted `chart/update`:

- the patch applies to the copy of `baseVersion`, and the copy equals `chart/render` (also after a
  burst of `chart/update` notifications, applying the `chart/patch`es pushed);
- `chart/render` equals `chart/renderSpec` of `chart/getSpec`'s spec (a render from scratch),
  up to the document's id prefix;
- `chart/render` (and `chart/open`'s SVG) is a valid SVG document by the SVG specification's own
  grammars (svgcheck.py): no `nan` where a number goes, path data a viewer reads to its end, no
  negative size, every `url(#…)` naming an element of the right kind;
- `chart/hitTest`: the centre of every legend item's hit rectangle hits that item; the centre of
  every bar, candle body, scatter symbol, line circle and bubble inside the plot hits an entry; the
  middle of every pie slice hits that slice; and a point inside the plot or along the x axis's
  labels hits the x (and in the plot the left axis's y) value that the axes' own tick labels put
  there;

and after every rejected one: the error is `-32602` with diagnostics (`-32801` with the current
version for a stale one; `-32803 unknownDocument` for a document that is not open; for an edit
holding a number beyond a double's range, such as 1e400, the diagnostic's path is that number's
pointer, transport.md), and the document is as it was. For the language server (`*.chart.json`): after random incremental
`didChange`s, the diagnostics equal those of a fresh `didOpen` of the same text; every range in
diagnostics, completions, hovers and document symbols lies inside the text; every colour swatch covers a
JSON string (a hexadecimal one with the colour its digits say), and a picked colour's presentation,
written there, reads back as that colour; a quick fix, applied,
leaves fewer diagnostics like the one it fixes; formatting edits replace whitespace with whitespace,
keep what the text says (Python's json, numbers as written) and settle; folding ranges are the
multi-line brackets; selection ranges nest (language.py); and the live preview's pushed patches
keep a copy equal to `chart/render` and a valid SVG, which, while the text has no error, is a render
from scratch of the text's spec.

    blackbox.py CHARTD [--seeds 1-50] [--steps 800] [--language-server | --determinism | --texts]

`--determinism` runs the documents check twice per seed, in two daemons (each with its own hash
seed), without notification bursts, and requires every answer to be the same byte for byte.
`--texts` opens one random chart full of long texts per seed and has librsvg paint its frame's
texts (texts.py): no text's ink leaves the canvas, and no two overlap.

prints one line per failure and a summary; exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import chart_spec, edit  # noqa: E402
from hits import axis_hit_failures, hit_test_failures, legend_boxes, y_axis_hit_failures  # noqa: E402
from svgcheck import problems as svg_problems  # noqa: E402
from language import check_language_server  # noqa: E402
from texts import font_is_metric_compatible, text_failures  # noqa: E402
from wire import LITERAL, Daemon, SvgCopy, follow_pushed_patches, without_prefix  # noqa: E402


# ---- the protocol check ------------------------------------------------------------------------


def burst_failures(daemon: Daemon, rng: random.Random, uri: str, doc: dict, spec: dict) -> list[str]:
    """A burst of `chart/update` notifications (methods.md: read together they may be merged, each
    checked against the document as the ones before it left it): the `chart/patch`es pushed, applied
    in order, take the copy to `chart/render`."""
    daemon.notifications.clear()
    version = doc["version"]
    for _ in range(rng.choice([1, 2, 3, 5])):
        version += 1
        daemon.notify("chart/update", {"uri": uri, "version": version, "edits": [edit(rng, spec)]})
    daemon.call("chart/synchronize", None)
    failures, _ = follow_pushed_patches(daemon, uri, doc, "after a burst of update notifications")
    daemon.notifications.clear()
    return failures


def check_documents(binary: str, seed: int, steps: int, bursts: bool = True,
                    answers: list | None = None) -> tuple[list[str], dict]:
    """Random documents and updates; the failures found and what was done. Without `bursts`, no
    notifications are sent (whether they are merged depends on timing); `answers` receives the
    body of every answer."""
    rng = random.Random(seed)
    capabilities = {k: True for k in ("previousMarkup", "markupSplices") if rng.random() < 0.5}
    daemon = Daemon(binary, capabilities, answers)
    failures: list[str] = []
    counts = {"opened": 0, "accepted": 0, "rejected": 0}
    documents: dict[str, dict] = {}

    def fail(step, what, edits=None):
        failures.append("seed %d step %d: %s%s" % (seed, step, what, "" if edits is None else " after " + json.dumps(edits)[:400]))

    for step in range(steps):
        if not documents or rng.random() < 0.05:
            uri = "mem://d%d" % rng.randint(0, 3)
            if uri in documents:
                daemon.call("chart/close", {"uri": uri})
                del documents[uri]
            r = daemon.call("chart/open", {"uri": uri, "version": 1, "spec": chart_spec(rng)})
            if "result" in r:
                counts["opened"] += 1
                documents[uri] = {"version": 1, "copy": SvgCopy(r["result"]["svg"])}
                for problem in svg_problems(r["result"]["svg"])[:3]:
                    fail(step, "chart/open gave an invalid SVG: " + problem)
            continue
        if rng.random() < 0.02:
            # A document that is not open: -32803 unknownDocument for an update and a render.
            for method, params in (("chart/update", {"uri": "mem://closed", "version": 9, "edits": []}),
                                   ("chart/render", {"uri": "mem://closed"})):
                error = daemon.call(method, params).get("error") or {}
                if error.get("code") != -32803 or (error.get("data") or {}).get("kind") != "unknownDocument":
                    fail(step, "%s of a document that is not open was answered %s" % (method, json.dumps(error)[:300]))
            continue
        uri = rng.choice(sorted(documents))
        doc = documents[uri]
        spec = daemon.call("chart/getSpec", {"uri": uri})["result"]["spec"]
        if rng.random() < 0.15 and bursts:
            counts["bursts"] = counts.get("bursts", 0) + 1
            for what in burst_failures(daemon, rng, uri, doc, spec):
                fail(step, what)
            continue
        edits = [edit(rng, spec) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        before = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
        stale = rng.random() < 0.05  # a version not greater than the document's (transport.md, -32801)
        version = doc["version"] - rng.choice([0, 1]) if stale else doc["version"] + rng.choice([1, 1, 1, 2])
        huge = None  # (the number's text, its pointer into params) when an edit holds one out of range
        if not stale and rng.random() < 0.03:
            at = rng.randrange(len(edits) + 1)
            names = [d.get("id", d.get("label")) for d in spec.get("dataSets", [])]
            edits.insert(at, {"op": "appendEntries", "dataSet": rng.choice(names or ["none"]), "entries": [1, LITERAL]})
            huge = (rng.choice(["1e400", "-2e308", "1" + "0" * 400]), "/edits/%d/entries/1" % at)
            counts["out of range"] = counts.get("out of range", 0) + 1
        r = daemon.call("chart/update", {"uri": uri, "version": version, "edits": edits}, huge and huge[0])
        if huge and ("error" not in r or r["error"].get("code") != -32602
                     or [d.get("path") for d in (r["error"].get("data") or {}).get("diagnostics", [])] != [huge[1]]):
            fail(step, "an edit holding %s was answered %s, not -32602 at %s"
                 % (huge[0][:12], json.dumps(r.get("error") or r.get("result"))[:300], huge[1]), edits)
        if "error" in r:
            counts["rejected"] += 1
            error = r["error"]
            after = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
            if after != before:
                fail(step, "a rejected update changed the document", edits)
            if stale:
                if error.get("code") != -32801 or (error.get("data") or {}).get("currentVersion") != doc["version"]:
                    fail(step, "a stale version %d (the document is at %d) was answered %s"
                         % (version, doc["version"], json.dumps(error)[:300]))
            elif error.get("code") != -32602 or not (error.get("data") or {}).get("diagnostics"):
                fail(step, "an update was rejected with %s, not -32602 with diagnostics" % json.dumps(error)[:300], edits)
            continue
        if stale:
            fail(step, "an update with the stale version %d (the document is at %d) was accepted" % (version, doc["version"]))
        counts["accepted"] += 1
        patch, base = r["result"], doc["version"]
        doc["version"] = version
        full = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]["svg"]
        try:
            if (patch["baseVersion"], patch["version"]) != (base, version):
                raise AssertionError("the patch takes version %s to %s, not %s to %s"
                                     % (patch["baseVersion"], patch["version"], base, version))
            doc["copy"].apply(patch)
            if doc["copy"].svg() != full:
                raise AssertionError("the patched copy differs from chart/render")
        except AssertionError as e:
            fail(step, str(e), edits)
            doc["copy"] = SvgCopy(daemon.call("chart/render", {"uri": uri})["result"]["svg"])
            continue
        for problem in svg_problems(full)[:3]:
            fail(step, "chart/render gave an invalid SVG: " + problem, edits)
        spec_now = daemon.call("chart/getSpec", {"uri": uri})["result"]["spec"]
        fresh = daemon.call("chart/renderSpec", {"spec": spec_now})
        if "error" in fresh:
            fail(step, "chart/getSpec's spec does not render: %s" % json.dumps(fresh["error"])[:300], edits)
        elif without_prefix(fresh["result"]["svg"]) != without_prefix(full):
            fail(step, "chart/render differs from a render from scratch of chart/getSpec's spec", edits)
        boxes = legend_boxes(full)
        for what in hit_test_failures(daemon, uri, full, boxes, spec_now.get("kind")):
            fail(step, what, edits)
        for what in axis_hit_failures(daemon, uri, full, spec_now, rng, boxes):
            fail(step, what, edits)
        for what in y_axis_hit_failures(daemon, uri, full, spec_now, rng, boxes):
            fail(step, what, edits)
    counts["hit tests"] = daemon.calls.get("chart/hitTest", 0)
    if daemon.close() != 0:
        failures.append("seed %d: chartd did not exit with 0 after shutdown and exit" % seed)
    return failures, counts


# ---- the language-server check -----------------------------------------------------------------


def check_determinism(binary: str, seed: int, steps: int) -> tuple[list[str], dict]:
    """The documents check twice, in two daemons: every answer must be the same, byte for byte
    (replay.md: replies hold no clock value and no randomness). Bursts of notifications are left
    out: whether they are merged depends on timing (replay.md)."""
    runs: list[list[bytes]] = [[], []]
    failures, counts = [], {}
    for answers in runs:
        found, counts = check_documents(binary, seed, steps, bursts=False, answers=answers)
        failures += found
    for k, (a, b) in enumerate(zip(*runs)):
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            failures.append("seed %d: answer %d differs between two daemons at byte %d: %r vs %r"
                            % (seed, k, at, a[max(0, at - 40):at + 80], b[max(0, at - 40):at + 80]))
            break
    if len(runs[0]) != len(runs[1]):
        failures.append("seed %d: %d answers, then %d" % (seed, len(runs[0]), len(runs[1])))
    counts["answers compared"] = len(runs[1])
    return failures, counts


def check_texts(binary: str, seed: int, _steps: int) -> tuple[list[str], dict]:
    """The text-ink check of one random chart (texts.py); fails when it cannot be judged here."""
    if not font_is_metric_compatible():
        return ["seed %d: fontconfig has no font with Helvetica's advances (Debian: fonts-liberation2)" % seed], {}
    checked = text_failures(binary, seed)
    if checked is None:
        return ["seed %d: rsvg-convert is not installed (Debian: librsvg2-bin)" % seed], {}
    failures, n = checked
    return failures, {"texts": n}


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("chartd")
    p.add_argument("--seeds", default="1-20", help="a seed or a range of seeds, e.g. 1-300")
    p.add_argument("--steps", type=int, default=800)
    p.add_argument("--language-server", action="store_true", help="check the language server instead of documents")
    p.add_argument("--determinism", action="store_true",
                   help="run the documents check twice per seed (no bursts) and compare every answer")
    p.add_argument("--texts", action="store_true",
                   help="paint the frame texts of one random chart per seed and check that they stay apart")
    args = p.parse_args()
    check = (check_language_server if args.language_server
             else check_determinism if args.determinism
             else check_texts if args.texts else check_documents)
    all_failures = []
    for seed in seed_range(args.seeds):
        failures, counts = check(args.chartd, seed, args.steps)
        print("seed %d: %s, %d failures" % (seed, counts, len(failures)), flush=True)
        for f in failures:
            print("FAIL " + f, flush=True)
        all_failures += failures
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
