"""Inlay hints as language-server.md describes them, worked out here without chartd: on an x axis
with a `date` or `category` formatter, one hint per entry whose x the axis names, right after the
entry's written x (or after the entry where x is its index), labelled as the axis writes x."""

from __future__ import annotations

import json
import math
import re
import time

_NUMBER_BEFORE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$")


def axis_label(fmt, x: float) -> str | None:
    """The text the x axis writes for `x`, or None where this checker does not model the formatter
    (then nothing is checked). "" where the axis writes nothing (no hint)."""
    kind = fmt if isinstance(fmt, str) else (fmt or {}).get("type") if isinstance(fmt, dict) else None
    if kind == "category":
        labels = fmt.get("labels") if isinstance(fmt, dict) else None
        if not isinstance(labels, list):
            return None
        r = round(x)
        if abs(x - r) > 1e-9 * max(1.0, abs(x)) or not 0 <= r < len(labels):
            return ""
        return labels[r] if isinstance(labels[r], str) else ""
    if kind == "date":
        pattern = fmt.get("pattern") if isinstance(fmt, dict) else None
        if not abs(x) < 1e11:
            return None
        if pattern is None:
            return automatic_date(x)
        strf = {"MM/dd HH:mm": "%m/%d %H:%M", "yyyy-MM-dd": "%Y-%m-%d"}.get(pattern)
        if strf is None:
            return None
        return time.strftime(strf, time.gmtime(math.floor(x)))
    return None


def automatic_date(x: float) -> str | None:
    """A value under a `date` formatter without a pattern (axes.md): its date, then its time of day
    as far as it is not zero — to the minute, the second or the millisecond, rounded to the
    millisecond first. None for a time exactly half a millisecond off (rounding ties)."""
    ms = x * 1000
    if abs(ms - math.floor(ms) - 0.5) < 1e-9:
        return None
    ms = math.floor(ms + 0.5)
    seconds, millis = divmod(ms, 1000)
    text = time.strftime("%Y-%m-%d", time.gmtime(seconds))
    if ms % 86_400_000 == 0:
        return text
    text += time.strftime(" %H:%M", time.gmtime(seconds))
    if ms % 60_000 == 0:
        return text
    text += time.strftime(":%S", time.gmtime(seconds))
    return text if millis == 0 else text + ".%03d" % millis


def expected_hints(spec) -> list[tuple[float, str, str]] | None:
    """(x, label, what the text before the hint ends with: "x" a number equal to x, "}" the row) for
    every hint the spec asks for, in document order; None where the spec is outside what is modelled."""
    if not isinstance(spec, dict) or spec.get("kind", "line") in ("pie", "radar"):
        return [] if isinstance(spec, dict) else None
    fmt = (spec.get("xAxis") or {}).get("format") if isinstance(spec.get("xAxis"), dict) else None
    if fmt == "date":  # the string form (axes.md, formatters): no pattern
        fmt = {"type": "date"}
    if not (isinstance(fmt, dict) and fmt.get("type") in ("date", "category")):
        return []
    out = []
    for ds in spec.get("dataSets") or []:
        entries = ds.get("entries") if isinstance(ds, dict) else None
        if isinstance(entries, dict):
            xs = entries.get("x")
            places = [(x, "x") for x in xs] if isinstance(xs, list) else []
        elif isinstance(entries, list):
            places = []
            for j, e in enumerate(entries):
                if e is None or isinstance(e, (int, float)) and not isinstance(e, bool):
                    places.append((float(j), "value"))
                elif isinstance(e, list) and len(e) == 2:
                    places.append((e[0], "x"))
                elif isinstance(e, dict):
                    places.append((e["x"], "x") if "x" in e else (float(j), "}"))
                else:
                    return None
        else:
            continue
        for x, ends in places:
            if not isinstance(x, (int, float)) or isinstance(x, bool):
                return None
            label = axis_label(fmt, float(x))
            if label is None:
                return None
            if label:
                out.append((float(x), label, ends))
    return out


def inlay_hint_failures(daemon, uri: str, text: str, diagnostics: list, counts: dict, position, offset) -> list[str]:
    """The hints of the whole text against `expected_hints`, while the text reads as a spec (no error
    among its diagnostics); none at all while it does not."""
    end = position(text, len(text))
    r = daemon.call("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                               "range": {"start": {"line": 0, "character": 0}, "end": end}})
    if "error" in r:
        return ["textDocument/inlayHint answered %s" % json.dumps(r["error"])[:200]]
    hints = r.get("result") or []
    counts["inlay hints"] = counts.get("inlay hints", 0) + len(hints)
    if any(d.get("severity") == 1 for d in diagnostics):
        return [] if not hints else ["inlay hints for a text that does not read as a spec: %s" % json.dumps(hints)[:200]]
    try:
        expected = expected_hints(json.loads(text))
    except ValueError:
        return []
    if expected is None:
        return []
    if [h.get("label") for h in hints] != [label for _, label, _ in expected]:
        return ["inlay hint labels %s, expected %s in %s" % ([h.get("label") for h in hints][:8],
                                                               [label for _, label, _ in expected][:8], json.dumps(text)[:200])]
    for h, (x, label, ends) in zip(hints, expected):
        before = text[:offset(text, h["position"])]
        m = _NUMBER_BEFORE.search(before)
        ok = (before.endswith("}") if ends == "}" else
              before.endswith("null") or m is not None if ends == "value" else
              m is not None and float(m.group()) == x)
        if not ok or h.get("paddingLeft") is not True:
            return ["the inlay hint %r is not right after its entry's x (%s): …%r" % (label, ends, before[-30:])]
    return []
