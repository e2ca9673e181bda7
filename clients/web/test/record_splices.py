#!/usr/bin/env python3
"""Records a chartd patch stream with spliced fragments, for browser_test.py.

    python3 clients/web/test/record_splices.py /path/to/chartd > stream.json

It speaks JSON-RPC itself (ndjson framing, no client library) and declares both
``capabilities.chart.previousMarkup`` and ``capabilities.chart.markupSplices`` in ``initialize``, so
a daemon that offers them sends fragments as ``{"id", "splice": {"start", "end", "text"}}`` and
regions that come back as ``restored`` ids (protocol/patch.md). The charts carry non-ASCII data set
ids and labels (é, 漢, an emoji) in the regions that are spliced, so UTF-8 byte offsets differ from
string indices. Each chart's text is mirrored here — splices applied to UTF-8 bytes, independently
of chartd-patch.js — and checked against ``chart/render`` (``keepPreviousMarkup: true``) at the
checkpoints and at the end.

The stream has record-demo.py's format plus ``markupSplices`` / ``previousMarkup`` (whether the
daemon offered them) and ``spliceStats`` (how many splices, how many of them in markup with
non-ASCII text before the splice, how many restores that brought a region back across a splice).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

NON_ASCII = "é漢😀"

#: A line chart with fixed axes: an append changes only the end of the path (a splice).
LINE = {
    "kind": "line", "width": 640, "height": 320, "title": "Café 漢 😀",
    "xAxis": {"min": 0, "max": 120}, "leftAxis": {"min": 0, "max": 10},
    "dataSets": [
        {"id": NON_ASCII, "label": "Café 漢 😀", "entries": [[0, 1], [1, 2], [2, 3], [3, 2.5]]},
        {"id": "b", "label": "Beta", "entries": [[0, 2], [1, 1], [2, 4], [3, 3.5]]},
    ],
}

#: A live K-line whose last candle moves: each tick changes the end of one region.
CANDLES = {
    "kind": "candlestick", "width": 640, "height": 320, "title": "ビットコイン 😀",
    "xAxis": {"min": 0, "max": 60}, "leftAxis": {"min": 0, "max": 20},
    "dataSets": [
        {"id": "ビットコイン", "label": "BTC — ビットコイン",
         "entries": {"x": [0, 1, 2], "open": [10, 11, 10.5], "high": [12, 12.5, 11], "low": [9.5, 10.2, 9.8], "close": [11, 10.5, 10.9]}},
    ],
}


def line_edits(i: int) -> list:
    x = i + 4
    y = round(5 + 4 * ((i * 37) % 17 - 8) / 8, 2)
    edits = [
        {"op": "appendEntries", "dataSet": NON_ASCII, "entries": [[x, y]]},
        {"op": "appendEntries", "dataSet": "b", "entries": [[x, round(10 - y, 2)]]},
    ]
    if i % 6 == 2:
        edits.append({"op": "setVisibility", "dataSet": NON_ASCII, "visible": False})
    if i % 6 == 3:
        edits.append({"op": "setVisibility", "dataSet": NON_ASCII, "visible": True})
    if i % 5 == 1:
        edits.append({"op": "setHighlight", "highlights": [{"dataSet": NON_ASCII, "index": 1}]})
    if i % 5 == 3:
        edits.append({"op": "setHighlight", "highlights": []})
    if i % 9 == 8:
        edits.append({"op": "updateEntries", "dataSet": "b", "start": 2, "entries": [[2, 3 + (i % 4)]]})
    return edits


def candle_edits(i: int, state: dict) -> list:
    if i % 4 == 0:
        state["x"] += 1
        state["open"] = state["close"]
        state["high"] = state["low"] = state["close"]
        state["count"] += 1
    state["close"] = round(state["close"] + ((i * 7) % 5 - 2) * 0.3, 2)
    state["high"] = max(state["high"], state["close"])
    state["low"] = min(state["low"], state["close"])
    candle = {"x": state["x"], "open": state["open"], "high": state["high"], "low": state["low"], "close": state["close"]}
    if i % 4 == 0:
        edits = [{"op": "appendEntries", "dataSet": "ビットコイン", "entries": [candle]}]
    else:
        edits = [{"op": "updateEntries", "dataSet": "ビットコイン", "start": state["count"] - 1, "entries": [candle]}]
    if i % 7 == 3:
        edits.append({"op": "setVisibility", "dataSet": "ビットコイン", "visible": False})
    if i % 7 == 4:
        edits.append({"op": "setVisibility", "dataSet": "ビットコイン", "visible": True})
    return edits


class Daemon:
    """A chartd process spoken to in ndjson framing (one JSON message per line)."""

    def __init__(self, binary: str, env: dict | None = None) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen([binary, "--framing", "ndjson"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                        env={**os.environ, **(env or {})})
        self.next_id = 1

    def send(self, message: dict) -> None:
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict | None = None):
        mid = self.next_id
        self.next_id += 1
        self.send({"id": mid, "method": method, **({"params": params} if params is not None else {})})
        while True:
            line = self.process.stdout.readline()
            if not line:
                self.stderr.seek(0)
                raise RuntimeError("the daemon ended during %s: %s" % (method, self.stderr.read()[-2000:].decode("utf-8", "replace")))
            message = json.loads(line)
            if message.get("id") != mid:
                continue  # a notification (chart/diagnostics)
            if "error" in message:
                raise RuntimeError("%s failed: %s" % (method, message["error"]))
            return message["result"]

    def close(self) -> None:
        try:
            self.request("shutdown")
            self.send({"method": "exit"})
            self.process.stdin.close()
            self.process.wait(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.stderr.close()


def splice_text(markup: str, splice: dict) -> str:
    """`markup` with its UTF-8 bytes start..<end replaced by text; raises on offsets that do not fit."""
    data = markup.encode("utf-8")
    start, end = splice["start"], splice["end"]
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(data)):
        raise AssertionError("splice %d..%d out of range (%d bytes)" % (start, end, len(data)))
    # strict decoding: an offset inside a character leaves a broken sequence at a cut
    return data[:start].decode("utf-8") + splice["text"] + data[end:].decode("utf-8")


class Mirror:
    """A chart's text form (root line, region lines), with each region's previous markup."""

    def __init__(self, svg: str) -> None:
        lines = svg.split("\n")
        assert lines[-2:] == ["</svg>", ""], "not a line-structured SVG"
        self.root, self.regions = lines[0], lines[1:-2]
        self.previous: dict[str, str] = {}
        self.spliced: set[str] = set()  # regions whose current or previous markup came from a splice

    @staticmethod
    def region_id(line: str) -> str:
        start = line.index(' id="') + 5
        return line[start:line.index('"', start)]

    def index(self, rid: str) -> int:
        ids = [self.region_id(line) for line in self.regions]
        return ids.index(rid)

    @property
    def text(self) -> str:
        return "\n".join([self.root, *self.regions, "</svg>", ""])

    def apply(self, patch: dict, stats: dict) -> None:
        if patch.get("root") is not None:
            self.root = patch["root"]
        for rid in patch.get("removed") or []:
            del self.regions[self.index(rid)]
            self.previous.pop(rid, None)
            self.spliced.discard(rid)
        for ins in patch.get("inserted") or []:
            at = 0 if ins["after"] is None else self.index(ins["after"]) + 1
            self.regions.insert(at, ins["svg"])
            self.previous.pop(ins["id"], None)
            self.spliced.discard(ins["id"])
        for frag in patch.get("fragments") or []:
            i = self.index(frag["id"])
            old = self.regions[i]
            if "splice" in frag:
                splice = frag["splice"]
                new = splice_text(old, splice)
                stats["splices"] += 1
                if not old.encode("utf-8")[: splice["start"]].isascii():
                    stats["nonAsciiBefore"] += 1
                self.spliced.add(frag["id"])
            else:
                new = frag["svg"]
            self.previous[frag["id"]] = old
            self.regions[i] = new
        for rid in patch.get("restored") or []:
            i = self.index(rid)
            self.regions[i], self.previous[rid] = self.previous[rid], self.regions[i]
            if rid in self.spliced:
                stats["restoredAfterSplice"] += 1


def record(binary: str, steps: int = 36, checkpoint_every: int = 12, env: dict | None = None) -> dict:
    """Opens the charts, plays `steps` edits on each; `env`: more environment for the daemon."""
    daemon = Daemon(binary, env)
    try:
        init = daemon.request("initialize", {"processId": None, "clientInfo": {"name": "record_splices"},
                                             "capabilities": {"chart": {"previousMarkup": True, "markupSplices": True}}})
        daemon.send({"method": "initialized", "params": {}})
        caps = init.get("capabilities") or {}
        offered = caps.get("chart") or (caps.get("experimental") or {}).get("chart") or {}
        charts, mirrors, versions = [], [], []
        for kind, spec in (("line", LINE), ("candlestick", CANDLES)):
            opened = daemon.request("chart/open", {"uri": "splices://%s" % kind, "version": 0, "spec": spec})
            charts.append({"uri": opened["uri"], "kind": kind, "initial": {"version": opened["version"], "svg": opened["svg"]}, "checkpoints": {}})
            mirrors.append(Mirror(opened["svg"]))
            versions.append(opened["version"])
        stats = {"splices": 0, "nonAsciiBefore": 0, "restoredAfterSplice": 0}
        candle = {"x": 2, "open": 10.5, "high": 11, "low": 9.8, "close": 10.9, "count": 3}
        stream_steps = []
        for i in range(steps):
            for n, chart in enumerate(charts):
                edits = line_edits(i) if chart["kind"] == "line" else candle_edits(i, candle)
                versions[n] += 1
                patch = daemon.request("chart/update", {"uri": chart["uri"], "version": versions[n], "edits": edits})
                assert patch["baseVersion"] == versions[n] - 1 and patch["version"] == versions[n], patch
                mirrors[n].apply(patch, stats)
                stream_steps.append({"chart": n, "edits": edits, "patch": patch})
                if (i + 1) % checkpoint_every == 0 or i == steps - 1:
                    render = daemon.request("chart/render", {"uri": chart["uri"], "keepPreviousMarkup": True})
                    if render["svg"] != mirrors[n].text:
                        raise AssertionError("%s: the spliced mirror differs from chart/render of version %s" % (chart["uri"], render["version"]))
                    if i == steps - 1:
                        chart["final"] = {"version": render["version"], "svg": render["svg"]}
                    else:
                        chart["checkpoints"][str(render["version"])] = render["svg"]
        return {
            "format": "chartd-patch-stream/1", "server": (init.get("serverInfo") or {}).get("version"),
            "markupSplices": offered.get("markupSplices") is True, "previousMarkup": offered.get("previousMarkup") is True,
            "spliceStats": stats, "charts": charts, "steps": stream_steps,
        }
    finally:
        daemon.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: record_splices.py /path/to/chartd > stream.json")
    sys.stdout.write(json.dumps(record(sys.argv[1])))
