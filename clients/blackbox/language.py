"""The language-server half of the black-box checker (blackbox.py --language-server), written from
protocol/language-server.md alone: random incremental edits of a spec file's text, and after each
the diagnostics against a fresh didOpen, completions, hovers and symbols inside the text, quick
fixes that mend what they name, colour swatches and presentations, formatting that changes only
whitespace and settles, folding ranges against the brackets, selection ranges that nest, inlay
hints against its own reading of the axis's dates and categories (hints.py), definition,
references, document highlights and rename of data set names against its own reading of where
each name is written (names.py), and the live preview's patches.
"""

from __future__ import annotations

import json
import random
import re

from generate import chart_spec
from hints import inlay_hint_failures
from names import name_failures
from svgcheck import problems as svg_problems
from wire import Daemon, SvgCopy, follow_pushed_patches, without_prefix


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
          '"kidn": "bar", ', '"kind": "area", ', '"kind": "spline", ', '"kind": "lien", ', '"titel": "T", ',
          # Keys of another object, written where iOS Charts has them: the fix moves them there.
          '"showCircles": true, ', '"increasingColor": "#00aa00", ', '"limitLines": [{"value": 1}], ', '"barWidth": 0.5, ',
          # Times: a date axis, and x in milliseconds or Unix seconds (their fixes divide, or add the axis).
          '"xAxis": {"format": "date"}, ', '1780272000000', '1780272000']


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


#: A highlight's `dataSet` string, up to its first character (when ASCII).
_NAMED = re.compile(r'("dataSet": ?")([ -!#-\[\]-~])')


def edited_spec(rng: random.Random) -> dict:
    """A spec to type: `chart_spec`'s, a third of them on an x axis that writes dates or categories
    (what inlay hints are for), and half of them highlighting entries of their data sets by name,
    some of those twice and one of no data set (what definition, references and rename follow)."""
    spec = chart_spec(rng)
    ids = [d["id"] for d in spec.get("dataSets", []) if isinstance(d, dict) and isinstance(d.get("id"), str)]
    if ids and spec.get("kind") not in ("pie", "radar") and rng.random() < 0.5:
        named = [rng.choice(ids) for _ in range(rng.choice([1, 2, 3]))] + (["nobody"] if rng.random() < 0.3 else [])
        spec["highlights"] = [{"dataSet": n, "index": 0} for n in named]
    if rng.random() < 0.35:
        spec["xAxis"] = dict(spec.get("xAxis") or {}, format=rng.choice(
            [{"type": "date", "pattern": "MM/dd HH:mm"}, {"type": "date"}, {"type": "category", "labels": ["a", None, "c", "d"]}]))
    return spec


def check_language_server(binary: str, seed: int, steps: int) -> tuple[list[str], dict]:
    rng = random.Random(seed)
    daemon = Daemon(binary, {})
    failures: list[str] = []
    counts = {"versions": 0, "diagnostics": 0, "completions": 0}
    uri = "file:///blackbox/edited.chart.json"
    text = json.dumps(edited_spec(rng), indent=rng.choice([None, 2]), ensure_ascii=False).replace('"A"', '"Aé😀"', 1)
    # A highlight naming its data set in an escaped spelling, which names the same data set.
    text = _NAMED.sub(lambda m: m.group(1) + "\\u%04x" % ord(m.group(2)), text, count=1)
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
        # A related place is in the diagnostic's own document, whose URI differs between the
        # edited text and the fresh open of it: compare ranges and messages only.
        def same_place(d):
            related = [{"range": r["location"]["range"], "message": r.get("message")} for r in d.get("relatedInformation") or []]
            return dict(d, relatedInformation=related) if related else d
        return sorted(json.dumps(same_place(d), sort_keys=True) for d in diagnostics)

    for step in range(steps):
        changes = []
        for _ in range(rng.choice([1, 1, 2, 4])):
            c = rng.random()
            if c < 0.03:
                text = json.dumps(edited_spec(rng), ensure_ascii=False)
                changes.append({"text": text})
                continue
            numbers = list(_NUMBER_IN_TEXT.finditer(text)) if c < 0.5 else []
            if numbers:
                # An edit that keeps the JSON valid: a number typed over another one.
                m = rng.choice(numbers)
                a, b, new = m.start(1), m.end(1), rng.choice(["0", "7", "-3.5", "1e3", "12.25"])
            elif c < 0.6:
                # The whole text replaced through a range (an editor's "replace all"): valid again.
                a, b, new = 0, len(text), json.dumps(edited_spec(rng), indent=2, ensure_ascii=False)
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
        failures += [("seed %d step %d: " % (seed, step)) + f
                     for f in inlay_hint_failures(daemon, uri, text, last["diagnostics"], counts, position, offset)]
        failures += [("seed %d step %d: " % (seed, step)) + f
                     for f in name_failures(daemon, rng, uri, text, counts, position, offset)]
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
    """Document symbols lie inside the text — a flat list of SymbolInformation in this document, as
    this client does not announce hierarchicalDocumentSymbolSupport (language-server.md, document
    symbols), each container named by an earlier symbol; and a quick fix (language-server.md, code
    actions), applied to the text, leaves fewer diagnostics with the code, message and path of the
    one it fixes."""
    failures = []
    r = daemon.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    seen = set()
    for symbol in r.get("result") or []:
        counts["symbols"] = counts.get("symbols", 0) + 1
        location = symbol.get("location") or {}
        container = symbol.get("containerName")
        if ("children" in symbol or "selectionRange" in symbol or location.get("uri") != uri
                or not location.get("range") or not within(text, location["range"])
                or (container is not None and container not in seen)):
            failures.append("a document symbol is not SymbolInformation in this text: %s" % json.dumps(symbol)[:300])
            break
        seen.add(symbol.get("name"))
    if not diagnostics:
        return failures
    return failures + fix_failures(daemon, rng, uri, text, diagnostics, counts)


def fix_failures(daemon: Daemon, rng: random.Random, uri: str, text: str, diagnostics: list, counts: dict) -> list[str]:
    """A few quick fixes of the whole text, each applied: fewer diagnostics with that code, message and path."""
    failures = []
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
            title = action.get("title") or ""
            if title.startswith("Move "):
                counts["moves"] = counts.get("moves", 0) + 1
                failures += moved_failures(text, mended, fixed)
            elif title.startswith("Write x as seconds") or title.startswith("Draw x as Unix times"):
                counts["time fixes"] = counts.get("time fixes", 0) + 1
    return failures


def moved_failures(text: str, mended: str, fixed: dict) -> list[str]:
    """A move (language-server.md, quick fixes): the value at the diagnostic's path is, in the mended
    text, at the one place its message names, and no longer where it was."""
    home = (fixed.get("message") or "").partition("belongs at ")[2]
    try:
        before, after = json.loads(text), json.loads(mended)
    except ValueError:
        return ["a move leaves text that is not JSON: %s" % mended[:300]]
    missing = object()
    path = (fixed.get("data") or {}).get("path")
    was, now = resolve(before, path, missing), resolve(after, home, missing)
    # Of a key given twice the text keeps the last; the move takes the one the diagnostic is on.
    if not home or " or " in home or now is missing or was is missing or now != was:
        return ["a move to %r gives %s" % (home, mended[:300])]
    return []


def resolve(value, pointer, missing):
    """The value a JSON Pointer names in `value`, or `missing`."""
    if not isinstance(pointer, str) or not (pointer == "" or pointer.startswith("/")):
        return missing
    for token in pointer.split("/")[1:] if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return missing
    return value


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
        for first, last in bracket_lines(text):  # in the order the brackets open: outermost first
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
