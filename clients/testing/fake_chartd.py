#!/usr/bin/env python3
"""A tiny stand-in for chartd, for testing the clients' engines without the real daemon.

It speaks the same wire protocol (LSP framing or --framing ndjson, lifecycle, chart/* methods,
patch format) but draws a trivial chart: per data set one series region showing the entry count
and last value, and one legend item. Patches come from diffing the region lists, so they are
exact by construction. Knobs (environment):
  FAKE_CHARTD_STDERR_KIB=N   write N KiB to stderr at start (a chatty daemon)
  FAKE_CHARTD_CRASH_ON=TEXT  die (SIGKILL itself) on a chart/update whose edits contain TEXT
  FAKE_CHARTD_DELAY_MS=N     sleep N ms before answering each chart/update
  FAKE_CHARTD_SPLICES=1      offer `markupSplices` (below); without it the stand-in is a daemon
                             that does not support it, and never splices
A client that declares `capabilities.chart.previousMarkup` gets regions that come back to their
previous markup as `restored` ids (protocol/patch.md, "Restored regions"), like chartd. With
FAKE_CHARTD_SPLICES=1, one that declares `capabilities.chart.markupSplices` gets a fragment as a
`splice` of the region's current markup (UTF-8 byte offsets) when the splice keeps at least 64 bytes
of it ("Spliced fragments"), like chartd.
"""

import html
import json
import os
import signal
import sys
import time


def send(out, framing, message):
    body = json.dumps(message, separators=(",", ":")).encode()
    if framing == "ndjson":
        out.write(body + b"\n")
    else:
        out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def read_messages(inp, framing):
    while True:
        if framing == "ndjson":
            line = inp.readline()
            if not line:
                return
            if line.strip():
                yield line
            continue
        length = None
        while True:
            line = inp.readline()
            if not line:
                return
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        yield inp.read(length)


def esc(text):
    return html.escape(str(text), quote=True)


def encode_id(text):
    """Data set ids in element ids: ASCII letters and digits stay, the rest becomes _hex_."""
    return "".join(c if c.isascii() and c.isalnum() else "_%x_" % ord(c) for c in str(text))


def data_set_id(ds):
    return ds.get("id", ds.get("label"))


def count_entries(entries):
    if isinstance(entries, dict):
        return max((len(v) for v in entries.values() if isinstance(v, list)), default=0)
    return len(entries) if isinstance(entries, list) else 0


def last_value(entries):
    if isinstance(entries, dict):
        ys = entries.get("y") or entries.get("close") or []
        return ys[-1] if ys else None
    if not entries:
        return None
    e = entries[-1]
    if isinstance(e, dict):
        return e.get("y", e.get("close"))
    if isinstance(e, list):
        return e[-1]
    return e


def render_regions(spec, prefix):
    w, h = spec.get("width", 800), spec.get("height", 400)
    root = '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">' % (w, h, w, h)
    regions = [(prefix + "-bg", '<rect id="%s-bg" width="%s" height="%s" fill="#fff"/>' % (prefix, w, h))]
    sets = spec.get("dataSets") or []
    for ds in sets:
        i = data_set_id(ds)
        hidden = ' data-hidden="true"' if ds.get("visible") is False else ""
        rid = "%s-s-%s" % (prefix, encode_id(i))
        regions.append((rid, '<g id="%s" data-role="series" data-dataset="%s"%s><text>n=%d last=%s</text></g>'
                        % (rid, esc(i), hidden, count_entries(ds.get("entries")), esc(last_value(ds.get("entries"))))))
    for ds in sets:
        i = data_set_id(ds)
        rid = "%s-legend-%s" % (prefix, encode_id(i))
        regions.append((rid, '<g id="%s" data-role="legend-item" data-dataset="%s"><text>%s</text></g>'
                        % (rid, esc(i), esc(ds.get("label", i)))))
    if spec.get("title"):
        regions.append((prefix + "-title", '<text id="%s-title">%s</text>' % (prefix, esc(spec["title"]))))
    if spec.get("highlights"):
        regions.append((prefix + "-highlight", '<g id="%s-highlight">%s</g>' % (prefix, esc(json.dumps(spec["highlights"])))))
    if spec.get("viewport"):
        regions.append((prefix + "-viewport", '<g id="%s-viewport">%s</g>' % (prefix, esc(json.dumps(spec["viewport"], sort_keys=True)))))
    return root, regions


def full_svg(root, regions):
    return "\n".join([root] + [r[1] for r in regions] + ["</svg>", ""])


def longest_increasing(indices):
    """Positions (into `indices`) of one longest strictly increasing subsequence."""
    best = []  # best[k] = position of the smallest tail of an increasing run of length k+1
    parent = [-1] * len(indices)
    for pos, value in enumerate(indices):
        lo, hi = 0, len(best)
        while lo < hi:
            mid = (lo + hi) // 2
            if indices[best[mid]] < value:
                lo = mid + 1
            else:
                hi = mid
        if lo > 0:
            parent[pos] = best[lo - 1]
        if lo == len(best):
            best.append(pos)
        else:
            best[lo] = pos
    out, pos = [], best[-1] if best else -1
    while pos >= 0:
        out.append(pos)
        pos = parent[pos]
    return set(out)


def diff(old_root, old, new_root, new):
    old_ids = [r[0] for r in old]
    old_markup = dict(old)
    survivors = [r[0] for r in new if r[0] in old_markup]
    keep_pos = longest_increasing([old_ids.index(s) for s in survivors])
    kept = {s for n, s in enumerate(survivors) if n in keep_pos}
    removed = [i for i in old_ids if i not in kept]
    inserted, fragments, previous = [], [], None
    for rid, markup in new:
        if rid not in kept:
            inserted.append({"id": rid, "svg": markup, "after": previous})
        elif old_markup[rid] != markup:
            fragments.append({"id": rid, "svg": markup})
        previous = rid
    patch = {"removed": removed, "inserted": inserted, "fragments": fragments}
    if new_root != old_root:
        patch["root"] = new_root
    return patch


#: chartd splices a region only when the splice keeps at least this many bytes of its markup.
SPLICE_MIN_KEPT = 64


def splice_of(old, new):
    """The splice taking `old` to `new` ({start, end, text}, offsets in UTF-8 bytes), or None when it
    would keep fewer than SPLICE_MIN_KEPT bytes. Common prefix and suffix are taken in characters,
    so both offsets fall on character boundaries."""
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
        tail += 1
    start = len(old[:head].encode())
    end = len(old[:len(old) - tail].encode())
    if start + len(old.encode()) - end < SPLICE_MIN_KEPT:
        return None
    return {"start": start, "end": end, "text": new[head:len(new) - tail]}


def merge_patch(target, patch):
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for k, v in patch.items():
        if v is None:
            result.pop(k, None)
        else:
            result[k] = merge_patch(result.get(k), v)
    return result


class InvalidParams(Exception):
    def __init__(self, path, message):
        super().__init__(message)
        self.path, self.message = path, message


KNOWN_KEYS = {"kind", "width", "height", "title", "dataSets", "highlights", "viewport", "legend", "theme",
              "xAxis", "leftAxis", "rightAxis", "pie", "bars", "description"}


def check_spec(spec, path):
    """Raises InvalidParams for a malformed spec; returns warnings (unknown top-level keys)."""
    if not isinstance(spec, dict):
        raise InvalidParams(path, "expected an object")
    sets = spec.get("dataSets", [])
    if not isinstance(sets, list):
        raise InvalidParams(path + "/dataSets", "expected an array of data sets")
    for i, ds in enumerate(sets):
        if not isinstance(ds, dict):
            raise InvalidParams("%s/dataSets/%d" % (path, i), "expected a data set object")
        if "entries" in ds and not isinstance(ds["entries"], (list, dict)):
            raise InvalidParams("%s/dataSets/%d/entries" % (path, i), "expected an array of entries or an object of columns")
    return [{"path": "%s/%s" % (path, k), "message": "unknown property '%s' is ignored" % k, "severity": "warning"}
            for k in sorted(spec) if k not in KNOWN_KEYS]


def find_set(spec, ident, path):
    for ds in spec.get("dataSets") or []:
        if data_set_id(ds) == ident:
            return ds
    raise InvalidParams(path, "unknown data set %r" % (ident,))


def entries_list(entries):
    if isinstance(entries, dict):
        n = count_entries(entries)
        return [{k: v[i] for k, v in entries.items() if isinstance(v, list) and i < len(v)} for i in range(n)]
    return list(entries or [])


def apply_edit(spec, edit, path):
    op = edit.get("op")
    if op == "setSpec":
        check_spec(edit.get("spec"), path + "/spec")
        return json.loads(json.dumps(edit["spec"]))
    if op == "mergeSpec":
        return merge_patch(spec, edit["patch"])
    if op in ("appendEntries", "removeEntries", "updateEntries", "replaceEntries", "setVisibility"):
        ds = find_set(spec, edit.get("dataSet"), path + "/dataSet")
        entries = entries_list(ds.get("entries"))
        if op == "appendEntries":
            entries += entries_list(edit["entries"])
            limit = edit.get("maxEntries")
            if isinstance(limit, int) and len(entries) > limit:
                entries = entries[len(entries) - limit:]
        elif op == "removeEntries":
            del entries[edit["start"]: edit["start"] + edit["count"]]
        elif op == "updateEntries":
            new = entries_list(edit["entries"])
            entries[edit["start"]: edit["start"] + len(new)] = new
        elif op == "replaceEntries":
            entries = entries_list(edit["entries"])
        else:
            ds["visible"] = bool(edit["visible"])
        if op != "setVisibility":
            ds["entries"] = entries
        return spec
    if op == "addDataSet":
        sets = spec.setdefault("dataSets", [])
        sets.insert(edit.get("index", len(sets)), edit["dataSet"])
        return spec
    if op == "removeDataSet":
        target = find_set(spec, edit.get("dataSet"), path + "/dataSet")
        spec["dataSets"] = [d for d in spec["dataSets"] if d is not target]
        return spec
    if op == "replaceDataSet":
        target = find_set(spec, data_set_id(edit["dataSet"]), path + "/dataSet")
        spec["dataSets"][spec["dataSets"].index(target)] = edit["dataSet"]
        return spec
    if op == "setHighlight":
        spec["highlights"] = edit.get("highlights") or []
        return spec
    if op == "setViewport":
        if edit.get("xMin") is None and edit.get("xMax") is None:
            spec.pop("viewport", None)
        else:
            spec["viewport"] = {"xMin": edit.get("xMin"), "xMax": edit.get("xMax")}
        return spec
    if op == "resize":
        spec["width"], spec["height"] = edit["width"], edit["height"]
        return spec
    raise InvalidParams(path + "/op", "unknown edit op %r" % (op,))


class Server:
    def __init__(self, out, framing):
        self.out, self.framing = out, framing
        self.docs = {}  # uri -> dict(spec, version, prefix, root, regions)
        self.prefixes = 0
        self.initialized = False
        self.shut_down = False
        self.previous_markup = False  # whether the client declared it keeps previous markup
        self.markup_splices = False  # whether splices are offered and the client declared it applies them

    def reply(self, mid, result=None, error=None):
        msg = {"jsonrpc": "2.0", "id": mid}
        if error is not None:
            msg["error"] = error
        else:
            msg["result"] = result
        send(self.out, self.framing, msg)

    def publish(self, uri, doc, warnings):
        """chart/diagnostics when there are warnings, or to clear earlier ones."""
        if warnings or doc.get("warned"):
            doc["warned"] = bool(warnings)
            send(self.out, self.framing, {"jsonrpc": "2.0", "method": "chart/diagnostics",
                                          "params": {"uri": uri, "version": doc["version"], "diagnostics": warnings}})

    def handle(self, msg):
        method, mid, params = msg.get("method"), msg.get("id"), msg.get("params") or {}
        is_request = "id" in msg
        if method == "exit":
            sys.exit(0 if self.shut_down else 1)
        if not self.initialized and method != "initialize":
            if is_request:
                self.reply(mid, error={"code": -32002, "message": "not initialized"})
            return
        try:
            result = self.dispatch(method, params, is_request)
        except InvalidParams as e:
            diagnostics = [{"path": e.path, "message": e.message, "severity": "error"}]
            if is_request:
                self.reply(mid, error={"code": -32602, "message": e.message, "data": {"diagnostics": diagnostics}})
            elif method == "chart/update":  # a rejected notification: reported for its version
                send(self.out, self.framing, {"jsonrpc": "2.0", "method": "chart/diagnostics",
                                              "params": {"uri": params.get("uri"), "version": params.get("version"), "diagnostics": diagnostics}})
            return
        except LookupError as e:
            if is_request:
                self.reply(mid, error=e.args[0])
            return
        if is_request:
            self.reply(mid, result)

    def dispatch(self, method, p, is_request):
        if method == "initialize":
            self.initialized = True
            caps = p.get("capabilities") or {}
            declared = [caps.get("chart"), (caps.get("experimental") or {}).get("chart")]
            self.previous_markup = any(isinstance(c, dict) and c.get("previousMarkup") is True for c in declared)
            offered = os.environ.get("FAKE_CHARTD_SPLICES") == "1"
            self.markup_splices = offered and any(isinstance(c, dict) and c.get("markupSplices") is True for c in declared)
            chart = {"kinds": ["line"], "editOps": [], "fragmentFormat": "svg", "limits": {}, "patchNotifications": True,
                     "previousMarkup": True}
            if offered:
                chart["markupSplices"] = True
            return {"serverInfo": {"name": "chartd", "version": "fake"}, "protocolVersion": "1.0",
                    "capabilities": {"chart": chart, "experimental": {"chart": chart}}}
        if method in ("initialized", "$/cancelRequest"):
            return None
        if method == "shutdown":
            self.shut_down = True
            return None
        if method == "chart/synchronize":
            return None
        if method == "chart/renderSpec":
            root, regions = render_regions(p["spec"], p.get("idPrefix") or "chart")
            return {"svg": full_svg(root, regions)}
        if method == "chart/open":
            uri = p["uri"]
            if uri in self.docs:
                raise LookupError({"code": -32803, "message": "already open", "data": {"kind": "documentAlreadyOpen"}})
            spec = p.get("spec")
            warnings = check_spec(spec, "/spec")
            self.prefixes += 1
            prefix = p.get("idPrefix") or "c%d" % self.prefixes
            root, regions = render_regions(spec, prefix)
            # "held": what the client keeps as each region's previous markup (nothing after a full SVG).
            self.docs[uri] = {"spec": spec, "version": p.get("version", 0), "prefix": prefix, "root": root, "regions": regions,
                              "held": {}}
            self.publish(uri, self.docs[uri], warnings)
            return {"uri": uri, "version": p.get("version", 0), "svg": full_svg(root, regions), "regions": [r[0] for r in regions]}
        doc = self.docs.get(p.get("uri"))
        if method.startswith("chart/") and doc is None:
            raise LookupError({"code": -32803, "message": "unknown document", "data": {"kind": "unknownDocument"}})
        if method == "chart/render":
            doc["held"] = {}
            return {"uri": p["uri"], "version": doc["version"], "svg": full_svg(doc["root"], doc["regions"]),
                    "regions": [r[0] for r in doc["regions"]]}
        if method == "chart/close":
            del self.docs[p["uri"]]
            return None
        if method == "chart/hitTest":
            return {"target": None}
        if method == "chart/update":
            return self.update(doc, p, is_request)
        raise LookupError({"code": -32601, "message": "unknown method %s" % method})

    def update(self, doc, p, is_request):
        crash = os.environ.get("FAKE_CHARTD_CRASH_ON")
        if crash and crash in json.dumps(p.get("edits")):
            os.kill(os.getpid(), signal.SIGKILL)
        delay = int(os.environ.get("FAKE_CHARTD_DELAY_MS", "0"))
        if delay:
            time.sleep(delay / 1000)
        if p["version"] <= doc["version"]:
            raise LookupError({"code": -32801, "message": "stale version", "data": {"currentVersion": doc["version"]}})
        spec = json.loads(json.dumps(doc["spec"]))
        for n, edit in enumerate(p.get("edits") or []):
            spec = apply_edit(spec, edit, "/edits/%d" % n)
        root, regions = render_regions(spec, doc["prefix"])
        patch = diff(doc["root"], doc["regions"], root, regions)
        self.restore(doc, patch)
        self.splice(doc, patch)
        patch.update({"uri": p["uri"], "baseVersion": doc["version"], "version": p["version"]})
        doc.update(spec=spec, version=p["version"], root=root, regions=regions)
        setspec = [n for n, e in enumerate(p.get("edits") or []) if e.get("op") == "setSpec"]
        if setspec:
            self.publish(p["uri"], doc, check_spec(spec, "/edits/%d/spec" % setspec[-1]))
        if not is_request:
            send(self.out, self.framing, {"jsonrpc": "2.0", "method": "chart/patch", "params": patch})
        return patch

    def restore(self, doc, patch):
        """Turns fragments whose markup the client holds as previous into `restored` ids (when it
        declared previousMarkup) and follows what it holds: removed and inserted regions hold
        nothing, a fragment's region holds its old markup, a restored one swaps."""
        held, current = doc["held"], dict(doc["regions"])
        for rid in patch["removed"]:
            held.pop(rid, None)
        for ins in patch["inserted"]:
            held.pop(ins["id"], None)
        fragments, restored = [], []
        for frag in patch["fragments"]:
            old = current[frag["id"]]  # fragments name regions the patch keeps
            if self.previous_markup and frag["id"] in held and held[frag["id"]] == frag["svg"]:
                restored.append(frag["id"])
            else:
                fragments.append(frag)
            if self.previous_markup:
                held[frag["id"]] = old
        patch["fragments"] = fragments
        if restored:
            patch["restored"] = restored

    def splice(self, doc, patch):
        """Sends fragments (those left after `restore`) as splices of the region's current markup,
        when the client declared markupSplices and the splice keeps enough of it."""
        if not self.markup_splices:
            return
        current = dict(doc["regions"])
        for n, frag in enumerate(patch["fragments"]):
            splice = splice_of(current[frag["id"]], frag["svg"])
            if splice is not None:
                patch["fragments"][n] = {"id": frag["id"], "splice": splice}


def main():
    framing = "ndjson" if "--framing" in sys.argv and "ndjson" in sys.argv else "lsp"
    kib = int(os.environ.get("FAKE_CHARTD_STDERR_KIB", "0"))
    for _ in range(kib):
        sys.stderr.write("x" * 1023 + "\n")
    sys.stderr.flush()
    server = Server(sys.stdout.buffer, framing)
    for body in read_messages(sys.stdin.buffer, framing):
        server.handle(json.loads(body))


if __name__ == "__main__":
    main()
