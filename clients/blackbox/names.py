"""Data set names as language-server.md ("Data set ids") describes them, worked out here without
chartd: a data set is named by its `id`, or by its `label` when it has no `id`, and named again by
`highlights[i].dataSet`. On any string naming one, definition goes to the name of the first data
set so named, references list every string naming it, document highlights mark them (3 on the
name, 2 on each highlight), and rename rewrites the `id` and every highlight naming it — refused
(-32803) for a name taken from a label, for no such data set, and for a new name that is empty or
another data set's id. Checked while the text is JSON this module reads on its own; while it is
not, a rename anywhere is refused as not JSON."""

from __future__ import annotations

import json
import random

CANNOT_RENAME = -32803
#: New names tried: plain, with quotes and a backslash to escape, beyond the BMP.
NEW_NAMES = ["renamed", 'Nord "N"', "a\\b", "é😀", "s-1"]


class Node:
    """A JSON value with where its text starts and ends (string indices, quotes included)."""

    def __init__(self, value, start: int, end: int, members=None, items=None):
        self.value, self.start, self.end = value, start, end
        self.members = members  # key -> Node, the last of a key given twice (as the reader takes it)
        self.items = items


class _Reader:
    def __init__(self, text: str):
        self.text, self.at = text, 0

    def space(self):
        while self.at < len(self.text) and self.text[self.at] in " \t\r\n":
            self.at += 1

    def elements(self, close: str):
        """Steps into a container (at its opening bracket) and yields once per element, the
        cursor at it; steps past the closing bracket after the last (the text is JSON already)."""
        self.at += 1
        self.space()
        if self.text[self.at] == close:
            self.at += 1
            return
        while True:
            yield
            self.space()
            self.at += 1  # a comma, or the closing bracket
            if self.text[self.at - 1] == close:
                return

    def value(self) -> Node:
        self.space()
        start, ch = self.at, self.text[self.at]
        if ch == "{":
            members = {}
            for _ in self.elements("}"):
                self.space()
                key = self.string()
                self.space()
                self.at += 1  # the colon
                members[key.value] = self.value()
            return Node(None, start, self.at, members=members)
        if ch == "[":
            items = [self.value() for _ in self.elements("]")]
            return Node(None, start, self.at, items=items)
        if ch == '"':
            return self.string()
        decoder = json.JSONDecoder()
        value, end = decoder.raw_decode(self.text, self.at)
        self.at = end
        return Node(value, start, end)

    def string(self) -> Node:
        start = self.at
        assert self.text[start] == '"'
        k = start + 1
        while self.text[k] != '"':
            k += 2 if self.text[k] == "\\" else 1
        self.at = k + 1
        return Node(json.loads(self.text[start:self.at]), start, self.at)


def _finite(literal: str) -> float:
    """A number literal as chartd reads it: one beyond a double's range is not JSON to it
    (transport.md, JSON)."""
    value = float(literal)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError("a number beyond a double's range: %s" % literal[:40])
    return value


#: Nesting this deep or deeper is not modelled: chartd reads JSON 512 levels deep, Python about 1,000.
TOO_DEEP = 400


def read(text: str) -> Node | None:
    """The text as nodes, or None when it is not JSON as chartd reads it (json.loads decides, with
    numbers beyond a double's range refused). Raises RecursionError for nesting `TOO_DEEP` or more."""
    depth = deepest = 0
    for ch in text:  # brackets inside strings count too: a bound, not the exact depth
        depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
        deepest = max(deepest, depth)
    if deepest >= TOO_DEEP:
        raise RecursionError("nested %d deep" % deepest)
    try:
        json.loads(text, parse_float=_finite, parse_int=_finite, parse_constant=_finite)
    except ValueError:
        return None
    return _Reader(text).value()


def name_nodes(root: Node):
    """([(name, its node) per data set, None where the name is not a plain non-empty string], whether
    that name came from `label`, and [highlight dataSet nodes]); None for a text that is no spec."""
    if root.members is None:
        return None
    sets = root.members.get("dataSets")
    if sets is None or sets.items is None:
        return None
    names = []
    for ds in sets.items:
        m = ds.members or {}
        node, from_label = (m["id"], False) if "id" in m else (m.get("label"), True)
        plain = node is not None and isinstance(node.value, str) and node.value and node.members is None
        names.append((node, from_label) if plain else None)
    highlights = root.members.get("highlights")
    marks = []
    for h in (highlights.items or []) if highlights is not None else []:
        node = (h.members or {}).get("dataSet")
        if node is not None and isinstance(node.value, str):
            marks.append(node)
    return names, marks


def _span(r: dict, text: str, offset) -> tuple[int, int]:
    return offset(text, r["start"]), offset(text, r["end"])


def _on(node: Node, span: tuple[int, int]) -> bool:
    """A range on the string `node`: with its quotes or without them."""
    return span[0] in (node.start, node.start + 1) and span[1] in (node.end, node.end - 1)


def _ranges(result) -> list[dict]:
    if result is None:
        return []
    items = result if isinstance(result, list) else [result]
    return [i.get("targetSelectionRange") or i.get("range") for i in items]


def name_failures(daemon, rng: random.Random, uri: str, text: str, counts: dict, position, offset) -> list[str]:
    try:
        root = read(text)
    except RecursionError:
        return []
    if root is None:
        # Not JSON: a rename anywhere says so (cannotRename), rather than doing nothing.
        doc = {"textDocument": {"uri": uri}, "position": position(text, rng.randint(0, len(text)))}
        error = daemon.call("textDocument/rename", dict(doc, newName="renamed")).get("error") or {}
        counts["renames refused as not JSON"] = counts.get("renames refused as not JSON", 0) + 1
        if error.get("code") != CANNOT_RENAME or not str(error.get("message", "")).startswith("the text is not JSON"):
            return ["a rename in a text that is not JSON answered %s" % json.dumps(error)[:300]]
        return []
    found = name_nodes(root)
    if not found:
        return []
    names, marks = found
    plain = [n for n in names if n is not None]
    if len(plain) != len(names):
        return []  # a data set the reader may name otherwise (an id that is no string): not modelled
    strings = [n for n, _ in plain] + marks
    if not strings:
        return []
    failures = []
    at = rng.choice(strings)
    name = at.value
    cursor = position(text, rng.randint(at.start + 1, at.end - 1))
    doc = {"textDocument": {"uri": uri}, "position": cursor}
    owners = [(n, label) for n, label in plain if n.value == name]
    first = owners[0] if owners else None
    counts["names"] = counts.get("names", 0) + 1

    got = [_span(r, text, offset) for r in _ranges(daemon.call("textDocument/definition", doc).get("result"))]
    if first is None and got:
        failures.append("definition of %r, which no data set is named, went to %s" % (name, got))
    if first is not None and (len(got) != 1 or not _on(first[0], got[0])):
        failures.append("definition of %r went to %s, not to the name of the first data set so named" % (name, got))

    unique = len(owners) == 1
    if unique:
        declaration = rng.random() < 0.5
        expected = [m for m in marks if m.value == name] + ([first[0]] if declaration else [])
        r = daemon.call("textDocument/references", dict(doc, context={"includeDeclaration": declaration}))
        got = sorted(_span(x["range"], text, offset) for x in r.get("result") or [])
        if len(got) != len(expected) or not all(any(_on(n, s) for s in got) for n in expected):
            failures.append("references of %r (declaration %s): %s, not the %d strings naming it"
                            % (name, declaration, got, len(expected)))
        r = daemon.call("textDocument/documentHighlight", doc)
        kinds = {}
        for h in r.get("result") or []:
            kinds[_span(h["range"], text, offset)] = h.get("kind")
        wanted = [(first[0], 3)] + [(m, 2) for m in marks if m.value == name]
        if len(kinds) != len(wanted) or not all(any(_on(n, s) and k == kind for s, k in kinds.items()) for n, kind in wanted):
            failures.append("document highlights of %r: %s" % (name, sorted(kinds.items())))
    if first is None or unique:
        failures += _rename_failures(daemon, rng, doc, uri, text, name, first, plain, counts, offset)
    return failures


def _rename_failures(daemon, rng, doc, uri, text, name, first, plain, counts, offset) -> list[str]:
    taken = [n.value for n, _ in plain if n.value != name]
    new = rng.choice(NEW_NAMES + taken[:1] + [""])
    r = daemon.call("textDocument/rename", dict(doc, newName=new))
    refused = first is None or first[1] or new == "" or new in taken
    if refused:
        if (r.get("error") or {}).get("code") != CANNOT_RENAME:
            return ["rename of %r to %r answered %s, not cannotRename" % (name, new, json.dumps(r)[:300])]
        return []
    if "error" in r:
        return ["rename of %r to %r was refused: %s" % (name, new, json.dumps(r["error"])[:300])]
    counts["renames"] = counts.get("renames", 0) + 1
    edits = ((r.get("result") or {}).get("changes") or {}).get(uri, [])
    spans = sorted((_span(e["range"], text, offset), e["newText"]) for e in edits)
    renamed = text
    for (a, b), new_text in reversed(spans):
        renamed = renamed[:a] + new_text + renamed[b:]
    expected = json.loads(text)
    for ds in expected["dataSets"]:
        if isinstance(ds, dict) and ds.get("id") == name:
            ds["id"] = new
    for h in expected.get("highlights") or []:
        if isinstance(h, dict) and h.get("dataSet") == name:
            h["dataSet"] = new
    try:
        got = json.loads(renamed)
    except ValueError:
        return ["rename of %r to %r leaves text that is not JSON: %s" % (name, new, json.dumps(renamed)[:300])]
    if got != expected:
        return ["rename of %r to %r gives %s" % (name, new, json.dumps(renamed)[:300])]
    return []
