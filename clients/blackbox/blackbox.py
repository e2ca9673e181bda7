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
leaves fewer diagnostics like the one it fixes; and the live preview's pushed patches
keep a copy equal to `chart/render` and a valid SVG, which, while the text has no error, is a render
from scratch of the text's spec.

    blackbox.py CHARTD [--seeds 1-50] [--steps 800] [--language-server | --determinism]

`--determinism` runs the documents check twice per seed, in two daemons (each with its own hash
seed), without notification bursts, and requires every answer to be the same byte for byte.

prints one line per failure and a summary; exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import chart_spec, edit  # noqa: E402
from hits import axis_hit_failures, hit_test_failures, legend_boxes, y_axis_hit_failures  # noqa: E402
from svgcheck import problems as svg_problems  # noqa: E402
from wire import LITERAL, Daemon, SvgCopy, without_prefix  # noqa: E402


# ---- the protocol check ------------------------------------------------------------------------


def follow_pushed_patches(daemon: Daemon, uri: str, tracked: dict, what: str) -> tuple[list[str], dict]:
    """Applies the `chart/patch`es pushed for `uri` (in `daemon.notifications`) in order to the copy
    `tracked` keeps (`copy`, `version`); then the copy must equal `chart/render`, which is returned.
    After a failure the copy starts again from a render."""
    failures = []
    for n in daemon.notifications:
        if n.get("method") != "chart/patch" or n["params"]["uri"] != uri:
            continue
        patch = n["params"]
        if patch["baseVersion"] != tracked["version"] or patch["version"] <= tracked["version"]:
            failures.append("%s: a pushed patch takes version %s to %s; the copy is at %s"
                            % (what, patch["baseVersion"], patch["version"], tracked["version"]))
            break
        try:
            tracked["copy"].apply(patch)
        except AssertionError as e:
            failures.append("%s: a pushed patch does not apply: %s" % (what, e))
            break
        tracked["version"] = patch["version"]
        tracked["patches"] = tracked.get("patches", 0) + 1
    full = daemon.call("chart/render", {"uri": uri, "keepPreviousMarkup": True})["result"]
    if not failures and (full["version"] != tracked["version"] or full["svg"] != tracked["copy"].svg()):
        failures.append("%s: the copy (version %s) differs from chart/render (version %s)"
                        % (what, tracked["version"], full["version"]))
    if failures:
        tracked["copy"] = SvgCopy(daemon.call("chart/render", {"uri": uri})["result"]["svg"])
        tracked["version"] = full["version"]
    return failures, full


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
        for what in hit_test_failures(daemon, uri, full, boxes):
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


def utf16_units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def position(text: str, offset: int) -> dict:
    before = text[:offset]
    return {"line": before.count("\n"), "character": utf16_units(before[before.rfind("\n") + 1:])}


def offset(text: str, pos: dict) -> int:
    """The string index of an LSP position (UTF-16 columns) inside `text`."""
    start = 0
    for _ in range(pos["line"]):
        start = text.index("\n", start) + 1
    line = text[start:].split("\n", 1)[0]
    units = 0
    for k, ch in enumerate(line):
        if units >= pos["character"]:
            return start + k
        units += utf16_units(ch)
    return start + len(line)


def applied(text: str, edits: list) -> str:
    """`text` with LSP text edits (non-overlapping, as a workspace edit's are) applied."""
    spans = sorted(((offset(text, e["range"]["start"]), offset(text, e["range"]["end"]), e["newText"]) for e in edits),
                   reverse=True)
    for a, b, new in spans:
        text = text[:a] + new + text[b:]
    return text


def within(text: str, span: dict) -> bool:
    lines = text.split("\n")
    for p in (span["start"], span["end"]):
        if not (0 <= p["line"] < len(lines) and 0 <= p["character"] <= utf16_units(lines[p["line"]])):
            return False
    return (span["start"]["line"], span["start"]["character"]) <= (span["end"]["line"], span["end"]["character"])


_NUMBER_IN_TEXT = re.compile(r"[\[,:]\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?=\s*[\],}])")
# A key or a string value of letters only ("title", "line"): where a typo is a near miss.
_WORD_IN_TEXT = re.compile(r'"([A-Za-z]{4,})"')
PIECES = ['"', "{", "}", "[", "]", ",", ":", " ", "\n", "1", "-", "e", '"kind"', '"line"', "null", "true", "😀", "é",
          '"dataSets": [', '"entries": [1, 2]', '"width": 99999', "\\u00", '\\"',
          # Near misses that language-server.md's quick fixes mend: a misspelt key or value, another library's kind.
          '"kidn": "bar", ', '"kind": "area", ', '"kind": "spline", ', '"kind": "lien", ', '"titel": "T", ']


def typo(rng: random.Random, text: str):
    """(start, end, replacement) of a typo in one of the text's keys or word values that keeps the
    JSON valid, two adjacent letters swapped ("title" → "tilte"): the near miss language-server.md's
    quick fixes mend. None when the text has no such word."""
    words = list(_WORD_IN_TEXT.finditer(text))
    if not words:
        return None
    m = rng.choice(words)
    word = m.group(1)
    k = rng.randrange(len(word) - 1)
    return m.start(1), m.end(1), word[:k] + word[k + 1] + word[k] + word[k + 2:]


def preview_failures(daemon: Daemon, uri: str, preview: dict, text: str, diagnostics: list) -> list[str]:
    """The preview's pushed patches, applied in order, give `chart/render`; when the text's last
    diagnostics hold no error, the preview is a render from scratch of the text's spec."""
    failures, full = follow_pushed_patches(daemon, uri, preview, "the preview")
    if failures:
        return failures
    failures += ["the preview is an invalid SVG: " + p for p in svg_problems(full["svg"])[:3]]
    if diagnostics and not any(d.get("severity") == 1 for d in diagnostics[-1]["diagnostics"]):
        try:
            spec = json.loads(text)
            json.dumps(spec, allow_nan=False)
        except ValueError:
            return failures
        fresh = daemon.call("chart/renderSpec", {"spec": spec})
        preview["from scratch"] = preview.get("from scratch", 0) + 1
        if "error" in fresh or without_prefix(fresh["result"]["svg"]) != without_prefix(full["svg"]):
            failures.append("the preview of a text without errors is not a render from scratch of its spec %s"
                            % json.dumps(text)[:300])
    return failures


def check_language_server(binary: str, seed: int, steps: int) -> tuple[list[str], dict]:
    rng = random.Random(seed)
    daemon = Daemon(binary, {})
    failures: list[str] = []
    counts = {"versions": 0, "diagnostics": 0, "completions": 0}
    uri = "file:///blackbox/edited.chart.json"
    text = json.dumps(chart_spec(rng), indent=rng.choice([None, 2]), ensure_ascii=False).replace('"A"', '"Aé😀"', 1)
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "chart-json", "version": 1, "text": text}})
    version = 1
    # The live preview that follows the text (methods.md, chart/preview): its pushed patches keep a
    # copy, and while the text reads as a spec it shows that spec.
    opened = daemon.call("chart/preview", {"textDocument": {"uri": uri}})
    preview = {"copy": SvgCopy(opened["result"]["svg"]), "version": opened["result"]["version"]} if "result" in opened else None
    if preview is None:
        failures.append("seed %d: chart/preview answered %s" % (seed, json.dumps(opened)[:300]))

    def published(for_uri):
        return [n["params"] for n in daemon.notifications
                if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == for_uri]

    def comparable(diagnostics):
        return sorted(json.dumps(d, sort_keys=True) for d in diagnostics)

    for step in range(steps):
        changes = []
        for _ in range(rng.choice([1, 1, 2, 4])):
            c = rng.random()
            if c < 0.03:
                text = json.dumps(chart_spec(rng), ensure_ascii=False)
                changes.append({"text": text})
                continue
            numbers = list(_NUMBER_IN_TEXT.finditer(text)) if c < 0.5 else []
            if numbers:
                # An edit that keeps the JSON valid: a number typed over another one.
                m = rng.choice(numbers)
                a, b, new = m.start(1), m.end(1), rng.choice(["0", "7", "-3.5", "1e3", "12.25"])
            elif c < 0.6:
                # The whole text replaced through a range (an editor's "replace all"): valid again.
                a, b, new = 0, len(text), json.dumps(chart_spec(rng), indent=2, ensure_ascii=False)
            elif c < 0.68 and (swap := typo(rng, text)):
                a, b, new = swap
            else:
                a = rng.randint(0, len(text))
                b = min(len(text), a + rng.choice([0, 0, 1, 2, 5, 30]))
                new = "".join(rng.choice(PIECES) for _ in range(rng.choice([0, 1, 1, 2, 3])))
            changes.append({"range": {"start": position(text, a), "end": position(text, b)}, "text": new})
            text = text[:a] + new + text[b:]
        version += 1
        daemon.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})
        for method in ("textDocument/completion", "textDocument/hover"):
            r = daemon.call(method, {"textDocument": {"uri": uri}, "position": position(text, rng.randint(0, len(text)))})
            if "error" in r:
                failures.append("seed %d step %d: %s answered %s" % (seed, step, method, r["error"]))
                continue
            result = r["result"]
            if method.endswith("completion"):
                items = result if isinstance(result, list) else (result or {}).get("items", [])
                counts["completions"] += len(items)
                for item in items:
                    edit_ = item.get("textEdit")
                    if edit_ and not within(text, edit_.get("range") or edit_["replace"]):
                        failures.append("seed %d step %d: a completion's textEdit lies outside the text: %s" % (seed, step, edit_))
                        break
            elif result and result.get("range") and not within(text, result["range"]):
                failures.append("seed %d step %d: a hover range lies outside the text: %s" % (seed, step, result["range"]))
        daemon.call("chart/synchronize", None)
        mine = published(uri)
        if preview is not None:
            failures += [("seed %d step %d: " % (seed, step)) + f for f in preview_failures(daemon, uri, preview, text, mine)]
        if not mine:
            daemon.notifications.clear()
            continue
        last = mine[-1]
        counts["versions"] += 1
        counts["diagnostics"] += len(last["diagnostics"])
        if last.get("version") != version:
            failures.append("seed %d step %d: the last diagnostics are of version %s, not %s" % (seed, step, last.get("version"), version))
        if any(not within(text, d["range"]) for d in last["diagnostics"]):
            failures.append("seed %d step %d: a diagnostic's range lies outside the text" % (seed, step))
        failures += [("seed %d step %d: " % (seed, step)) + f
                     for f in symbol_and_fix_failures(daemon, rng, uri, text, last["diagnostics"], counts)]
        failures += [("seed %d step %d: " % (seed, step)) + f for f in colour_failures(daemon, rng, uri, text, counts)]
        failures += [("seed %d step %d: " % (seed, step)) + f for f in layout_failures(daemon, rng, uri, text, counts)]
        fresh = diagnostics_of(daemon, text)
        daemon.notifications.clear()
        if fresh is None or comparable(fresh) != comparable(last["diagnostics"]):
            failures.append("seed %d step %d: the diagnostics after incremental changes differ from a fresh didOpen of "
                            "the same text %s" % (seed, step, json.dumps(text)[:300]))
            break
    if preview is not None:
        counts.update({"preview patches": preview.get("patches", 0), "preview from scratch": preview.get("from scratch", 0)})
    if daemon.close() != 0:
        failures.append("seed %d: chartd did not exit with 0 after shutdown and exit" % seed)
    return failures, counts


def diagnostics_of(daemon: Daemon, text: str) -> list | None:
    """The diagnostics of `text` opened fresh under a scratch URI (closed again after); None when
    none were published."""
    scratch = "file:///blackbox/scratch.chart.json"

    def about_scratch(n):
        return n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == scratch

    kept = list(daemon.notifications)
    daemon.notifications.clear()
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": scratch, "languageId": "chart-json", "version": 1, "text": text}})
    daemon.call("chart/synchronize", None)
    found = [n["params"]["diagnostics"] for n in daemon.notifications if about_scratch(n)]
    daemon.notify("textDocument/didClose", {"textDocument": {"uri": scratch}})
    daemon.call("chart/synchronize", None)
    # What came meanwhile about other documents stays for their checks.
    daemon.notifications[:] = kept + [n for n in daemon.notifications if not about_scratch(n)]
    return found[-1] if found else None


def symbol_and_fix_failures(daemon: Daemon, rng: random.Random, uri: str, text: str, diagnostics: list,
                            counts: dict) -> list[str]:
    """Document symbols lie inside the text, each selection range inside its range; and a quick fix
    (language-server.md, code actions), applied to the text, leaves fewer diagnostics with the code,
    message and path of the one it fixes."""
    failures = []
    r = daemon.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    pending = list(r.get("result") or [])
    while pending:
        symbol = pending.pop()
        counts["symbols"] = counts.get("symbols", 0) + 1
        outer, inner = symbol.get("range"), symbol.get("selectionRange")
        if not outer or not within(text, outer) or not inner or not within(text, inner) or not (
                (outer["start"]["line"], outer["start"]["character"]) <= (inner["start"]["line"], inner["start"]["character"])
                and (inner["end"]["line"], inner["end"]["character"]) <= (outer["end"]["line"], outer["end"]["character"])):
            failures.append("a document symbol's ranges do not nest inside the text: %s" % json.dumps(symbol)[:300])
            break
        pending += symbol.get("children") or []
    if not diagnostics:
        return failures
    # The fixes of the whole text, a few of them tried (each costs a fresh open).
    whole = {"start": {"line": 0, "character": 0}, "end": position(text, len(text))}
    r = daemon.call("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": whole,
                                                 "context": {"diagnostics": diagnostics}})
    actions = r.get("result") or []
    for action in rng.sample(actions, min(3, len(actions))):
        counts["quick fixes"] = counts.get("quick fixes", 0) + 1
        edits = ((action.get("edit") or {}).get("changes") or {}).get(uri, [])
        if not edits or any(not within(text, e["range"]) for e in edits):
            failures.append("quick fix %r has no edit of the text, or one outside it: %s"
                            % (action.get("title"), json.dumps(edits)[:300]))
            continue
        mended = applied(text, edits)
        after = diagnostics_of(daemon, mended)
        if after is None:
            failures.append("no diagnostics were published for the text quick fix %r gives" % action.get("title"))
            continue
        for fixed in action.get("diagnostics") or []:
            key = diagnostic_key(fixed)
            if sum(diagnostic_key(x) == key for x in after) >= sum(diagnostic_key(x) == key for x in diagnostics):
                failures.append("quick fix %r leaves %r as often as before in %s"
                                % (action.get("title"), fixed.get("message"), json.dumps(mended)[:300]))
    return failures


#: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (chart-spec.md), read here without chartd.
_HEX_COLOUR = re.compile(r"\s*#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\s*")


def hex_components(text: str) -> list[int] | None:
    """[r, g, b, alpha as 0 … 255] of a hexadecimal colour, or None for any other text."""
    m = _HEX_COLOUR.fullmatch(text)
    if not m:
        return None
    digits = m.group(1)
    if len(digits) <= 4:
        digits = "".join(d * 2 for d in digits)
    values = [int(digits[i:i + 2], 16) for i in range(0, len(digits), 2)]
    return values + [255] * (4 - len(values))


def colours_of(daemon: Daemon, text: str) -> list:
    """`textDocument/documentColor` of `text` opened fresh under a scratch URI (closed again after)."""
    scratch = "file:///blackbox/colours.chart.json"
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": scratch, "languageId": "chart-json", "version": 1, "text": text}})
    found = daemon.call("textDocument/documentColor", {"textDocument": {"uri": scratch}}).get("result") or []
    daemon.notify("textDocument/didClose", {"textDocument": {"uri": scratch}})
    daemon.call("chart/synchronize", None)
    daemon.notifications[:] = [n for n in daemon.notifications if (n.get("params") or {}).get("uri") != scratch]
    return found


def colour_failures(daemon: Daemon, rng: random.Random, uri: str, text: str, counts: dict) -> list[str]:
    """Colours (language-server.md): every swatch covers a JSON string, quotes included, in document
    order, with components 0 … 1, and a hexadecimal one has the colour its digits say; the same list
    as a fresh open of the text gives; and a presentation of a picked colour, written in place of a
    swatch, reads back as that colour."""
    failures = []
    r = daemon.call("textDocument/documentColor", {"textDocument": {"uri": uri}})
    if "error" in r:
        return ["textDocument/documentColor answered %s" % r["error"]]
    swatches = r["result"]
    counts["colours"] = counts.get("colours", 0) + len(swatches)
    last_start = -1
    for s in swatches:
        if not within(text, s["range"]):
            return ["a colour's range lies outside the text: %s" % json.dumps(s)]
        a, b = offset(text, s["range"]["start"]), offset(text, s["range"]["end"])
        try:
            written = json.loads(text[a:b])
        except ValueError:
            written = None
        if not isinstance(written, str) or text[a] != '"':
            return ["a colour's range does not cover a JSON string: %r" % text[a:b][:80]]
        if a <= last_start:
            failures.append("colours are not in document order at %r" % text[a:b])
        last_start = a
        c = s["color"]
        got = [c["red"], c["green"], c["blue"], c["alpha"]]
        if any(not 0 <= v <= 1 for v in got):
            failures.append("colour %r has a component outside 0 … 1: %s" % (written, got))
        want = hex_components(written)
        if want is not None and [round(v * 255) for v in got] != want:
            failures.append("colour %r reads as %s, its digits say %s" % (written, [round(v * 255) for v in got], want))
    if rng.random() < 0.25 and swatches:
        if colours_of(daemon, text) != swatches:
            failures.append("the colours after incremental changes differ from a fresh didOpen of the same text")
        target = rng.choice(swatches)
        picked = [rng.randint(0, 255) for _ in range(3)] + [rng.choice([255, 255, 128, 0, rng.randint(0, 255)])]
        r = daemon.call("textDocument/colorPresentation", {
            "textDocument": {"uri": uri}, "range": target["range"],
            "color": dict(zip(["red", "green", "blue", "alpha"], [v / 255 for v in picked]))})
        options = r.get("result") or []
        if "error" in r or not options:
            return failures + ["textDocument/colorPresentation answered %s" % json.dumps(r)[:300]]
        option = rng.choice(options)
        counts["colour presentations"] = counts.get("colour presentations", 0) + 1
        edit_ = option.get("textEdit") or {}
        if edit_.get("range") != target["range"]:
            return failures + ["a presentation's edit replaces %s, not the swatch's range" % edit_.get("range")]
        mended = applied(text, [edit_])
        at = offset(text, target["range"]["start"])
        back = [s for s in colours_of(daemon, mended) if offset(mended, s["range"]["start"]) == at]
        got = [round(v * 255) for v in ([back[0]["color"][k] for k in ("red", "green", "blue")] if back else [])]
        alpha = back[0]["color"]["alpha"] if back else None
        if got != picked[:3] or alpha is None or abs(alpha * 255 - picked[3]) > 0.6:
            failures.append("presentation %r of %s reads back as %s (alpha %s)" % (option.get("label"), picked, got, alpha))
    return failures


def json_meaning(text: str):
    """What a JSON text says, numbers as written and members as ordered pairs (duplicates kept);
    None when Python's json module does not read it."""
    try:
        return json.loads(text, parse_float=str, parse_int=str, parse_constant=str, object_pairs_hook=list)
    except ValueError:
        return None


def bracket_lines(text: str) -> list[tuple[int, int]]:
    """(line of `{`/`[`, line of its partner) of every object and array, in order of the opening."""
    out, stack, line, in_string, escaped = [], [], 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            stack.append(len(out))
            out.append([line, None])
        elif ch in "]}" and stack:
            out[stack.pop()][1] = line
        if ch == "\n":
            line += 1
    return [(a, b) for a, b in out if b is not None]


def formatted_of(daemon: Daemon, text: str, options: dict) -> list | None:
    """`textDocument/formatting` of `text` opened fresh under a scratch URI (closed again after)."""
    scratch = "file:///blackbox/format.chart.json"
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": scratch, "languageId": "chart-json", "version": 1, "text": text}})
    r = daemon.call("textDocument/formatting", {"textDocument": {"uri": scratch}, "options": options})
    daemon.notify("textDocument/didClose", {"textDocument": {"uri": scratch}})
    daemon.call("chart/synchronize", None)
    daemon.notifications[:] = [n for n in daemon.notifications if (n.get("params") or {}).get("uri") != scratch]
    return r.get("result")


def layout_failures(daemon: Daemon, rng: random.Random, uri: str, text: str, counts: dict) -> list[str]:
    """Formatting, folding and selection (language-server.md), now and then: the formatting edits
    replace whitespace with whitespace, the result says what the text said (Python's json module,
    numbers as written, members in order) and formats to itself; folding ranges are the multi-line
    brackets found here; every selection range holds the position and lies inside the next."""
    if rng.random() >= 0.3:
        return []
    failures = []
    options = {"tabSize": rng.choice([0, 1, 2, 4, 8]), "insertSpaces": rng.random() < 0.8}
    r = daemon.call("textDocument/formatting", {"textDocument": {"uri": uri}, "options": options})
    if "error" in r:
        return ["textDocument/formatting answered %s" % r["error"]]
    edits, meaning = r["result"], json_meaning(text)
    counts["formatting edits"] = counts.get("formatting edits", 0) + len(edits)
    if edits and meaning is None:
        failures.append("formatting edits a text that is not JSON: %s" % json.dumps(text)[:200])
    elif edits:
        for e in edits:
            a, b = offset(text, e["range"]["start"]), offset(text, e["range"]["end"])
            if not within(text, e["range"]) or text[a:b].strip(" \t\r\n") or e["newText"].strip(" \t\r\n"):
                return failures + ["a formatting edit changes more than whitespace: %r → %r" % (text[a:b][:80], e["newText"][:80])]
        out = applied(text, edits)
        if json_meaning(out) != meaning:
            failures.append("formatting changes what the text says: %s → %s" % (json.dumps(text)[:200], json.dumps(out)[:200]))
        elif formatted_of(daemon, out, options) != []:
            failures.append("formatting a formatted text gives edits again: %s" % json.dumps(out)[:300])
    folds = daemon.call("textDocument/foldingRange", {"textDocument": {"uri": uri}}).get("result")
    if meaning is not None and folds is not None:
        want, starts = [], set()
        for first, last in sorted(bracket_lines(text)):
            if last - 1 > first and first not in starts:
                want.append({"startLine": first, "endLine": last - 1})
                starts.add(first)
        if sorted(folds, key=lambda f: f["startLine"]) != want:
            failures.append("folding ranges %s, the brackets say %s" % (json.dumps(folds)[:200], json.dumps(want)[:200]))
    positions = [position(text, rng.randrange(len(text) + 1)) for _ in range(3)]
    r = daemon.call("textDocument/selectionRange", {"textDocument": {"uri": uri}, "positions": positions})
    chains = r.get("result")
    if not isinstance(chains, list) or len(chains) != len(positions):
        return failures + ["textDocument/selectionRange answered %s" % json.dumps(r)[:300]]
    key = lambda p: (p["line"], p["character"])  # noqa: E731
    for p, s in zip(positions, chains):
        counts["selection ranges"] = counts.get("selection ranges", 0) + 1
        if not (key(s["range"]["start"]) <= key(p) <= key(s["range"]["end"])):
            failures.append("selection range %s does not hold its position %s" % (s["range"], p))
        while s.get("parent"):
            inner, outer = s["range"], s["parent"]["range"]
            if not within(text, outer) or key(outer["start"]) > key(inner["start"]) or key(inner["end"]) > key(outer["end"]):
                failures.append("selection range %s does not hold the one before, %s" % (outer, inner))
                break
            s = s["parent"]
    return failures


def diagnostic_key(d: dict) -> tuple:
    """What tells one diagnostic from another for a quick fix: code, message and path. The path
    too, because an unknown row key is reported at the first row that has it (chart-spec.md,
    entries), so mending that row moves the same warning to the next one."""
    return d.get("code"), d.get("message"), (d.get("data") or {}).get("path")


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
    args = p.parse_args()
    check = (check_language_server if args.language_server
             else check_determinism if args.determinism else check_documents)
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
