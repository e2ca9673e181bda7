"""The wire and the SVG copy of the black-box checker: LSP framing to one chartd process, and the
full SVG kept current by applying patches as protocol/patch.md says (standard library only)."""

from __future__ import annotations

import json
import re
import subprocess


# The placeholder `Daemon.call` replaces with its `literal`.
LITERAL = "@literal@"


class Daemon:
    """One chartd process spoken to with LSP framing, one request at a time."""

    def __init__(self, binary: str, capabilities: dict, answers: list | None = None):
        """`answers`, when given, receives the body of every answer to a request, as read."""
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.answers = answers
        self.next_id = 1
        self.notifications: list[dict] = []
        self.calls: dict[str, int] = {}
        self.call("initialize", {"processId": None, "capabilities": {"chart": capabilities}})
        self.notify("initialized", {})

    def _send(self, message: dict, literal: str | None = None) -> None:
        """Writes `message`; `literal` takes the place of the string LITERAL in it (a number that
        Python's encoder cannot write, such as 1e400)."""
        text = json.dumps(message)
        if literal is not None:
            text = text.replace(json.dumps(LITERAL), literal)
        body = text.encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read(self) -> dict:
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("chartd closed its output (exit code %s)" % self.proc.poll())
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        body = self.proc.stdout.read(length)
        message = json.loads(body)
        if self.answers is not None and "id" in message and "method" not in message:
            self.answers.append(body)
        return message

    def call(self, method: str, params, literal: str | None = None) -> dict:
        """The response to a request; notifications read meanwhile are kept in `notifications`."""
        request_id = self.next_id
        self.next_id += 1
        self.calls[method] = self.calls.get(method, 0) + 1
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}, literal)
        while True:
            message = self._read()
            if message.get("id") == request_id and "method" not in message:
                return message
            if "error" in message and message.get("id") is None and "method" not in message:
                # An error that names no request (transport.md: the body could not be read): with
                # one request at a time it answers this one, and waiting for our id would not end.
                return message
            self.notifications.append(message)

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> int:
        self.call("shutdown", None)
        self.notify("exit", None)
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


# ---- the SVG copy (protocol/patch.md) ----------------------------------------------------------


def region_id(line: str) -> str:
    start = line.index(' id="') + 5
    return line[start:line.index('"', start)]


class SvgCopy:
    """The full SVG as lines, with each region's previous markup (for `restored`)."""

    def __init__(self, svg: str):
        if not svg.endswith("\n") or not svg[:-1].endswith("\n</svg>"):
            raise AssertionError("a full SVG ends with </svg> and a newline")
        self.lines = svg[:-1].split("\n")
        self.previous: dict[str, str] = {}

    def _at(self, rid: str) -> int:
        found = [k for k in range(1, len(self.lines) - 1) if region_id(self.lines[k]) == rid]
        if len(found) != 1:
            raise AssertionError("region %s is in the copy %d times" % (rid, len(found)))
        return found[0]

    def apply(self, patch: dict) -> None:
        if patch.get("root"):
            self.lines[0] = patch["root"]
        for rid in patch["removed"]:
            del self.lines[self._at(rid)]
            self.previous.pop(rid, None)
        for ins in patch["inserted"]:
            at = 1 if ins["after"] is None else self._at(ins["after"]) + 1
            self.lines.insert(at, ins["svg"])
            self.previous.pop(ins["id"], None)
        for fragment in patch["fragments"]:
            k = self._at(fragment["id"])
            current = self.lines[k]
            if "splice" in fragment:
                s, raw = fragment["splice"], current.encode()
                if not 0 <= s["start"] <= s["end"] <= len(raw):
                    raise AssertionError("splice %s outside the %d bytes of %s" % (s, len(raw), fragment["id"]))
                new = (raw[:s["start"]] + s["text"].encode() + raw[s["end"]:]).decode()
            else:
                new = fragment["svg"]
            self.previous[fragment["id"]] = current
            self.lines[k] = new
        for rid in patch.get("restored", []):
            k = self._at(rid)
            if rid not in self.previous:
                raise AssertionError("restored %s has no previous markup" % rid)
            self.lines[k], self.previous[rid] = self.previous[rid], self.lines[k]

    def svg(self) -> str:
        return "\n".join(self.lines) + "\n"


def without_prefix(svg: str) -> str:
    """The SVG with the document's id prefix (the root's id) replaced by P."""
    prefix = region_id(svg[:svg.index("\n")])
    return re.sub(re.escape(prefix) + r'(?=[-"])', "P", svg)


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
