"""Real-browser test of chartd-patch.js: headless Chromium applies recorded patch streams.

A generated page mounts version 0 of every chart, applies every recorded patch with
``ChartdPatch.applyPatch`` on load, and reports the resulting DOM (XMLSerializer) in a <pre>;
Chromium runs it with ``--headless --dump-dom``. The DOM must equal the full render of the last
version (and of a few checkpoints) under canonical XML (C14N 2.0). A chart whose labels are markup
(<script>, <img onerror>, ]]>) proves text never becomes elements and no script runs.

Run: ``pytest clients/web/test/browser_test.py -rs`` (CHARTD for the real daemon; CHROMIUM to pick
a browser). Without Chromium or chartd the tests SKIP with a visible reason.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import pytest

HERE = pathlib.Path(__file__).resolve().parent
WEB = HERE.parent
CLIENTS = WEB.parent
sys.path.insert(0, str(CLIENTS / "python"))

import chartd  # noqa: E402

FAKE = CLIENTS / "testing" / "fake_chartd.py"

#: Elements chartd may draw; anything else in a chart's DOM came from text that became markup.
SVG_ELEMENTS = {
    "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan",
    "title", "desc", "defs", "clipPath", "linearGradient", "radialGradient", "stop", "use", "pattern",
    "mask", "marker", "symbol",
}


def _load(name: str, path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_recorder():
    return _load("record_demo", WEB / "record-demo.py")


#: Records streams with spliced fragments over its own ndjson connection; its Mirror splices UTF-8
#: bytes in Python, the model the page's results are checked against.
record_splices = _load("record_splices", HERE / "record_splices.py")


def find_chromium() -> str | None:
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def real_chartd() -> str | None:
    env = os.environ.get("CHARTD")
    if env:
        return env if os.access(env, os.X_OK) else None
    return shutil.which("chartd")


@pytest.fixture
def chromium() -> str:
    path = find_chromium()
    if path is None:
        print("SKIP: chromium not found")
        pytest.skip("SKIP: chromium not found (apt-get install chromium, or set CHROMIUM)")
    return path


PAGE = """<!doctype html>
<meta charset="utf-8">
<title>chartd patch stream</title>
<script data-harness src="{patcher}"></script>
<script type="application/json" id="stream">{stream}</script>
<script type="application/json" id="splice-cases">{splice_cases}</script>
<pre id="result">pending</pre>
<div id="control"></div>
<script data-harness>
'use strict';
const P = window.ChartdPatch;
const stream = JSON.parse(document.getElementById('stream').textContent);
const ser = new XMLSerializer();
const out = {{ errors: [], checkpoints: {{}}, final: [], elements: [], texts: [], selftest: {{}} }};
const views = stream.charts.map((chart, i) => {{
  const div = document.createElement('div');
  div.id = 'chart' + i;
  document.body.appendChild(div);
  return {{ div, root: P.mountSvg(div, chart.initial.svg), version: chart.initial.version }};
}});
stream.steps.forEach((step, n) => {{
  const view = views[step.chart];
  try {{
    view.version = P.applyPatch(view.root, step.patch, view.version);
  }} catch (error) {{
    out.errors.push('step ' + n + ': ' + error.name + ': ' + error.message);
  }}
  if (stream.charts[step.chart].checkpoints[String(view.version)] !== undefined) {{
    out.checkpoints[step.chart + ':' + view.version] = ser.serializeToString(view.root);
  }}
}});
views.forEach((view) => {{
  out.final.push({{ version: view.version, svg: ser.serializeToString(view.root) }});
  out.elements.push([...new Set([...view.div.querySelectorAll('*')].map((e) => (e.namespaceURI === P.SVG_NS ? '' : '!') + e.localName))]);
  out.texts.push(view.div.textContent);
}});

// Self-tests of the patcher's contract on a small hand-written SVG.
function selftest() {{
  const t = {{}};
  const div = document.createElement('div');
  document.body.appendChild(div);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" id="t" width="10">\\n<rect id="t-a"/>\\n<g id="t-l" data-role="legend-item" data-dataset="ds&lt;1&gt;"><text>L</text></g>\\n</svg>\\n';
  let root = P.mountSvg(div, svg);
  const before = ser.serializeToString(root);
  try {{ P.applyPatch(root, {{ baseVersion: 1, version: 2, removed: ['t-a'], inserted: [], fragments: [] }}, 0); t.versionRefused = false; }}
  catch (e) {{ t.versionRefused = e instanceof P.PatchVersionError && e.needsFullRender && e.expectedVersion === 0; }}
  try {{ P.applyPatch(root, {{ baseVersion: 0, version: 1, removed: ['t-a'], inserted: [], fragments: [{{ id: 't-nope', svg: '<g id="t-nope"/>' }}] }}, 0); t.unknownRefused = false; }}
  catch (e) {{ t.unknownRefused = e instanceof P.PatchRegionError; }}
  try {{ P.applyPatch(root, {{ baseVersion: 0, version: 1, removed: [], inserted: [], fragments: [{{ id: 't-a', svg: '<rect id="t-a"' }}] }}, 0); t.badMarkupRefused = false; }}
  catch (e) {{ t.badMarkupRefused = e instanceof P.PatchRegionError; }}
  t.unchangedAfterRefusals = ser.serializeToString(root) === before;
  const v = P.applyPatch(root, {{ baseVersion: 0, version: 3, root: '<svg xmlns="http://www.w3.org/2000/svg" id="t" height="5">',
    removed: ['t-a'], inserted: [{{ id: 't-0', svg: '<circle id="t-0" r="1"/>', after: null }}, {{ id: 't-1', svg: '<circle id="t-1" r="2"/>', after: 't-l' }}],
    fragments: [{{ id: 't-0', svg: '<circle id="t-0" r="3" onclick="window.__pwned=3"/>' }}] }}, 0);
  t.version = v;
  t.patched = ser.serializeToString(root);
  const event = {{ target: root.querySelector('#t-l text').firstChild }};
  t.legendTarget = P.legendTargetOf(event);
  t.legendNone = P.legendTargetOf({{ target: root.querySelector('#t-0') }});
  const moreDiv = document.createElement('div');
  document.body.appendChild(moreDiv);
  const moreRoot = P.mountSvg(moreDiv, '<svg xmlns="http://www.w3.org/2000/svg" id="m">\\n'
    + '<g id="m-legend-entry-more" data-role="legend-item" data-more="7"><text>+7 more</text></g>\\n</svg>\\n');
  const more = P.legendItemOf({{ target: moreRoot.querySelector('#m-legend-entry-more text').firstChild }});
  t.more = [more.dataSet, more.entry, more.more];
  t.legendItem = (({{ dataSet, entry, more }}) => [dataSet, entry, more])(P.legendItemOf(event));
  return t;
}}
try {{ out.selftest = selftest(); }} catch (e) {{ out.selftest = {{ crashed: String(e) }}; }}

// Restored regions (client capability previousMarkup): the replaced elements come back, unparsed.
function restoreSelftest() {{
  const r = {{}};
  const div = document.createElement('div');
  document.body.appendChild(div);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" id="r" width="10">\\n<rect id="r-a" width="1"/>\\n'
    + '<g id="r-l" data-role="legend-item" data-dataset="a"><text>A</text></g>\\n<circle id="r-c" r="1"/>\\n</svg>\\n';
  const frag = (id, svg) => ({{ id, svg }});
  let root = P.mountSvg(div, svg);
  const a0 = root.querySelector('#r-a');
  const l0 = root.querySelector('#r-l');
  r.initial = ser.serializeToString(root);
  // Nothing is kept after a full SVG: a restore is refused before the DOM is touched (the fragment too).
  try {{ P.applyPatch(root, {{ baseVersion: 0, version: 1, removed: [], inserted: [], fragments: [frag('r-c', '<circle id="r-c" r="5"/>')], restored: ['r-a'] }}, 0); r.unkeptRefused = false; }}
  catch (e) {{ r.unkeptRefused = e instanceof P.PatchRegionError && e.needsFullRender === true; }}
  r.unchangedAfterUnkept = ser.serializeToString(root) === r.initial;
  let v = P.applyPatch(root, {{ baseVersion: 0, version: 1, removed: [], inserted: [], fragments: [
    frag('r-a', '<rect id="r-a" width="2" display="none"/>'),
    frag('r-l', '<g id="r-l" data-role="legend-item" data-dataset="a" data-hidden="true"><text>A</text></g>')] }}, 0);
  const a1 = root.querySelector('#r-a');
  const l1 = root.querySelector('#r-l');
  r.afterFragments = ser.serializeToString(root);
  let parses = 0;
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (...args) {{ parses++; return parse.apply(this, args); }};
  try {{
    v = P.applyPatch(root, {{ baseVersion: 1, version: 2, removed: [], inserted: [], fragments: [], restored: ['r-a', 'r-l'] }}, v);
    r.afterRestore = ser.serializeToString(root);
    r.restoredAreTheReplaced = root.querySelector('#r-a') === a0 && root.querySelector('#r-l') === l0;
    v = P.applyPatch(root, {{ baseVersion: 2, version: 3, restored: ['r-a'] }}, v); // arrays left out, as chartd may
    r.afterSecondRestore = ser.serializeToString(root);
    r.secondRestoreIsTheFragment = root.querySelector('#r-a') === a1 && root.querySelector('#r-l') === l0;
    r.parses = parses;
  }} finally {{
    DOMParser.prototype.parseFromString = parse;
  }}
  // A patch that removes (and inserts again) a region it then restores is refused, changing nothing:
  // neither the DOM nor the kept elements (both still restore below).
  const before = ser.serializeToString(root);
  try {{ P.applyPatch(root, {{ baseVersion: 3, version: 4, removed: ['r-a'], inserted: [{{ id: 'r-a', svg: '<rect id="r-a"/>', after: null }}],
    fragments: [frag('r-c', '<circle id="r-c" r="7"/>')], restored: ['r-l', 'r-a'] }}, v); r.removedRefused = false; }}
  catch (e) {{ r.removedRefused = e instanceof P.PatchRegionError; }}
  r.unchangedAfterRemoved = ser.serializeToString(root) === before;
  v = P.applyPatch(root, {{ baseVersion: 3, version: 4, removed: [], inserted: [], fragments: [], restored: ['r-a', 'r-l'] }}, v);
  r.keptSurvivedRefusal = root.querySelector('#r-a') === a0 && root.querySelector('#r-l') === l1;
  r.version = v;
  // A full SVG drops what was kept: replaceSvg, mountSvg and ChartView.show.
  root = P.replaceSvg(root, svg);
  try {{ P.applyPatch(root, {{ baseVersion: 0, version: 1, restored: ['r-l'] }}, 0); r.replaceSvgClears = false; }}
  catch (e) {{ r.replaceSvgClears = e instanceof P.PatchRegionError; }}
  P.applyPatch(root, {{ baseVersion: 0, version: 1, fragments: [frag('r-c', '<circle id="r-c" r="2"/>')] }}, 0);
  root = P.mountSvg(div, svg);
  try {{ P.applyPatch(root, {{ baseVersion: 0, version: 1, restored: ['r-c'] }}, 0); r.mountSvgClears = false; }}
  catch (e) {{ r.mountSvgClears = e instanceof P.PatchRegionError; }}
  const view = new P.ChartView(div);
  view.show(svg, 0);
  const shown = [view.apply({{ baseVersion: 0, version: 1, fragments: [frag('r-c', '<circle id="r-c" r="2"/>')] }}),
    view.apply({{ baseVersion: 1, version: 2, restored: ['r-c'] }})];
  r.viewRestored = ser.serializeToString(view.root) === r.initial;
  view.show(svg, 5);
  shown.push(view.apply({{ baseVersion: 5, version: 6, restored: ['r-c'] }}));
  r.viewResults = shown;
  r.viewVersion = view.version;
  return r;
}}
try {{ out.restoreSelftest = restoreSelftest(); }} catch (e) {{ out.restoreSelftest = {{ crashed: String(e) + ' ' + e.stack }}; }}

// Spliced fragments (client capability markupSplices): the patches of splice_cases() in order, each
// followed by a snapshot of the DOM, the markup texts the patcher holds and which element each region is.
function spliceSelftest() {{
  const cases = JSON.parse(document.getElementById('splice-cases').textContent);
  const s = {{ steps: [] }};
  const div = document.createElement('div');
  document.body.appendChild(div);
  const root = P.mountSvg(div, cases.svg);
  const labels = new WeakMap(); // element → 'n:id', n: the step after which it was first seen
  const snapshot = (n) => {{
    const elements = {{}};
    const texts = {{}};
    for (const id of cases.ids) {{
      const el = root.querySelector('[id="' + id + '"]');
      if (!labels.has(el)) labels.set(el, n + ':' + id);
      elements[id] = labels.get(el);
      texts[id] = P.regionMarkup(root, id);
    }}
    return {{ dom: ser.serializeToString(root), texts, elements }};
  }};
  s.initial = snapshot(0);
  let version = 0;
  cases.patches.forEach((patch, n) => {{
    const r = {{}};
    try {{
      version = P.applyPatch(root, patch, version);
      r.applied = true;
    }} catch (e) {{
      r.applied = false;
      r.error = e.name;
      r.needsFullRender = e.needsFullRender === true;
      r.message = e.message;
    }}
    r.version = version;
    Object.assign(r, snapshot(n + 1));
    s.steps.push(r);
  }});
  // A splice for a chart whose markup text the patcher does not know is refused: a root put in by
  // hand, and an SVG that is not line-structured (until a whole fragment brings the region's text).
  const splice = cases.lateSplice;
  const hand = document.createElement('div');
  document.body.appendChild(hand);
  const parsed = new DOMParser().parseFromString(cases.svg, 'image/svg+xml').documentElement;
  const handRoot = hand.appendChild(document.importNode(parsed, true));
  const handBefore = ser.serializeToString(handRoot);
  try {{ P.applyPatch(handRoot, {{ baseVersion: 0, version: 1, fragments: [splice] }}, 0); s.handRefused = false; }}
  catch (e) {{ s.handRefused = e instanceof P.PatchRegionError && e.needsFullRender === true; }}
  s.handUnchanged = ser.serializeToString(handRoot) === handBefore;
  const flat = document.createElement('div');
  document.body.appendChild(flat);
  let flatRoot = P.mountSvg(flat, cases.svg.split('\\n').join(''));
  s.flatText = P.regionMarkup(flatRoot, splice.id);
  try {{ P.applyPatch(flatRoot, {{ baseVersion: 0, version: 1, fragments: [splice] }}, 0); s.flatRefused = false; }}
  catch (e) {{ s.flatRefused = e instanceof P.PatchRegionError; }}
  P.applyPatch(flatRoot, {{ baseVersion: 0, version: 1, fragments: [{{ id: splice.id, svg: cases.lateBase }}] }}, 0);
  P.applyPatch(flatRoot, {{ baseVersion: 1, version: 2, fragments: [splice] }}, 1);
  s.flatAfterFragment = P.regionMarkup(flatRoot, splice.id);
  s.flatDom = ser.serializeToString(flatRoot.querySelector('[id="' + splice.id + '"]'));
  // ChartView refuses (returns false, changing nothing) and recovers with show().
  const view = new P.ChartView(flat);
  view.show(cases.svg, 0);
  s.viewResults = [view.apply({{ baseVersion: 0, version: 1, fragments: [cases.badSplice] }}), view.version,
    view.apply({{ baseVersion: 0, version: 1, fragments: [splice] }}), view.version];
  s.viewText = P.regionMarkup(view.root, splice.id);
  s.capabilities = P.capabilities;
  return s;
}}
try {{ out.spliceSelftest = spliceSelftest(); }} catch (e) {{ out.spliceSelftest = {{ crashed: String(e) + ' ' + e.stack }}; }}

// Control: the same hostile markup through innerHTML does run (so the detector below works).
document.getElementById('control').innerHTML = '<img src="data:," onerror="window.__control=1">';
window.addEventListener('load', () => setTimeout(() => {{
  out.pwned = window.__pwned === undefined ? null : window.__pwned;
  out.control = window.__control === undefined ? null : window.__control;
  document.getElementById('control').replaceChildren();
  document.getElementById('result').textContent = JSON.stringify(out);
}}, 200));
</script>
"""


def _embed(value) -> str:
    return json.dumps(value).replace("<", "\\u003c")  # no "</script>" can end the data block


def run_page(chromium: str, stream: dict) -> dict:
    """Builds the page, runs it in headless Chromium and returns the page's report."""
    with tempfile.TemporaryDirectory() as tmp:
        page = pathlib.Path(tmp) / "page.html"
        html_text = PAGE.format(patcher=(WEB / "chartd-patch.js").as_uri(), stream=_embed(stream), splice_cases=_embed(SPLICE_CASES["page"]))
        page.write_text(html_text, encoding="utf-8")
        argv = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=" + str(pathlib.Path(tmp) / "profile"),
            "--virtual-time-budget=20000", "--dump-dom", page.as_uri(),
        ]
        done = subprocess.run(argv, capture_output=True, timeout=240)
    dom = done.stdout.decode("utf-8", "replace")
    match = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    assert match, "no result in the dumped DOM (exit %s): %s" % (done.returncode, done.stderr.decode()[-2000:])
    text = html.unescape(match.group(1))
    assert text != "pending", "the page did not finish"
    return json.loads(text)


def canonical(svg: str) -> str:
    return ET.canonicalize(xml_data=svg)


def check_report(stream: dict, report: dict) -> None:
    assert report["errors"] == []
    for n, chart in enumerate(stream["charts"]):
        final = report["final"][n]
        assert final["version"] == chart["final"]["version"], chart["uri"]
        assert canonical(final["svg"]) == canonical(chart["final"]["svg"]), chart["uri"]
        for version, svg in chart["checkpoints"].items():
            key = "%d:%s" % (n, version)
            assert key in report["checkpoints"], key
            assert canonical(report["checkpoints"][key]) == canonical(svg), key
        stray = [e for e in report["elements"][n] if e not in SVG_ELEMENTS]
        assert stray == [], "%s: unexpected elements %s" % (chart["uri"], stray)
    assert report["pwned"] is None, "hostile label markup ran as script"
    assert report["control"] == 1, "the detector failed to see the control script run"


def check_hostile(stream: dict, report: dict, recorder) -> None:
    for n, chart in enumerate(stream["charts"]):
        # The page shows exactly the text of the final render: nothing was swallowed as markup.
        assert report["texts"][n] == "".join(ET.fromstring(chart["final"]["svg"]).itertext()), chart["uri"]
    n = next(i for i, c in enumerate(stream["charts"]) if c["kind"] == "hostile")
    for hostile in recorder.HOSTILE:
        assert hostile in report["texts"][n], "label %r is not shown as text" % hostile


def check_selftest(report: dict) -> None:
    t = report["selftest"]
    assert "crashed" not in t, t
    assert t["versionRefused"] and t["unknownRefused"] and t["badMarkupRefused"] and t["unchangedAfterRefusals"]
    assert t["version"] == 3
    expected = (
        '<svg xmlns="http://www.w3.org/2000/svg" id="t" height="5">\n<circle id="t-0" r="3"/>\n'
        '<g id="t-l" data-role="legend-item" data-dataset="ds&lt;1&gt;"><text>L</text></g>\n<circle id="t-1" r="2"/>\n</svg>'
    )
    assert canonical(t["patched"]) == canonical(expected)
    assert t["patched"].count("\n") == 4  # the newline layout of the text form is kept
    assert t["legendTarget"] == "ds<1>" and t["legendNone"] is None
    assert t["legendItem"] == ["ds<1>", None, None] and t["more"] == [None, None, 7]


RESTORE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" id="r" width="10">\n<rect id="r-a" width="1"/>\n'
    '<g id="r-l" data-role="legend-item" data-dataset="a"><text>A</text></g>\n<circle id="r-c" r="1"/>\n</svg>'
)
RESTORE_HIDDEN_A = '<rect id="r-a" width="2" display="none"/>'
RESTORE_HIDDEN_L = '<g id="r-l" data-role="legend-item" data-dataset="a" data-hidden="true"><text>A</text></g>'


def check_restore_selftest(report: dict) -> None:
    """Fragments keep the replaced elements; restores put those very elements back, parsing nothing."""
    r = report["restoreSelftest"]
    assert "crashed" not in r, r
    visible_a, visible_l = '<rect id="r-a" width="1"/>', '<g id="r-l" data-role="legend-item" data-dataset="a"><text>A</text></g>'
    assert r["initial"] == RESTORE_SVG
    assert r["unkeptRefused"] and r["unchangedAfterUnkept"]
    assert r["afterFragments"] == RESTORE_SVG.replace(visible_a, RESTORE_HIDDEN_A).replace(visible_l, RESTORE_HIDDEN_L)
    assert r["afterRestore"] == RESTORE_SVG
    assert r["restoredAreTheReplaced"], "a restore must put back the replaced element itself"
    assert r["afterSecondRestore"] == RESTORE_SVG.replace(visible_a, RESTORE_HIDDEN_A)
    assert r["secondRestoreIsTheFragment"]
    assert r["parses"] == 0, "a restore parsed markup"
    assert r["removedRefused"] and r["unchangedAfterRemoved"] and r["keptSurvivedRefusal"]
    assert r["version"] == 4
    assert r["replaceSvgClears"] and r["mountSvgClears"]
    assert r["viewRestored"] and r["viewResults"] == [True, True, False] and r["viewVersion"] == 5


SPLICE_IDS = ["u-bg", "u-s", "u-l"]
SPLICE_LINES = [
    '<rect id="u-bg" width="10" height="10" fill="#fff"/>',
    '<g id="u-s" data-role="series" data-dataset="é漢😀"><path d="M0 0L1 1L2 2" aria-label="Café 漢 😀"/></g>',
    '<g id="u-l" data-role="legend-item" data-dataset="é漢😀"><text>Café 漢 😀</text></g>',
]
SPLICE_SVG = "\n".join(['<svg xmlns="http://www.w3.org/2000/svg" id="u" width="10">', *SPLICE_LINES, "</svg>", ""])


def _at(markup: str, sub: str, plus: int = 0) -> int:
    """The UTF-8 byte offset of `sub` in `markup`, plus `plus` bytes."""
    return markup.encode("utf-8").index(sub.encode("utf-8")) + plus


def _splice(rid: str, start: int, end: int, text: str) -> dict:
    return {"id": rid, "splice": {"start": start, "end": end, "text": text}}


def splice_cases() -> dict:
    """Patches for the page's splice self-test, and what each must give (from record_splices.Mirror).

    Refused patches (offsets inside é, 漢 or 😀, beyond the byte length, start after end, a splice
    that changes the region's id) must change nothing: DOM, texts, kept elements. Applied ones splice
    ASCII and non-ASCII markup (one ends at the byte length, past the string's length in UTF-16 units),
    restore across splices (the very elements and texts come back), and splice a restored region.
    """
    bg, series, legend = SPLICE_LINES
    model = record_splices.Mirror(SPLICE_SVG)
    series1 = series.replace("L2 2", "L2 2L3 5")
    steps = []  # (patch fields, expected: None when refused, else the model after it)
    refuse = lambda **patch: steps.append((patch, False))  # noqa: E731
    apply = lambda **patch: steps.append((patch, True))  # noqa: E731
    refuse(fragments=[_splice("u-s", _at(series, "漢", 1), _at(series, "L2 2"), "")])
    refuse(fragments=[_splice("u-s", _at(series, "é"), _at(series, "😀", 2), "x")])
    refuse(fragments=[_splice("u-l", _at(legend, "é", 1), _at(legend, "é", 1), "x")])
    refuse(fragments=[_splice("u-bg", _at(bg, "#fff"), _at(bg, "#fff", 4), "#000"),
                      _splice("u-l", 0, len(legend.encode()) + 1, "")])
    refuse(fragments=[{"id": "u-bg", "svg": bg.replace("#fff", "#111")}, _splice("u-s", 9, 8, "")])
    refuse(fragments=[_splice("u-l", _at(legend, "u-l", 2), _at(legend, "u-l", 3), "x")])  # id u-x
    refuse(fragments=[_splice("u-l", _at(legend, "Café"), _at(legend, "</text>"), 3)])  # text not a string
    # v1: three splices (ASCII; non-ASCII before the offsets; non-ASCII text replaced by non-ASCII).
    apply(fragments=[_splice("u-bg", _at(bg, "#fff"), _at(bg, "#fff", 4), "#000"),
                     _splice("u-s", _at(series, "L2 2"), _at(series, "L2 2", 4), "L2 2L3 5"),
                     _splice("u-l", _at(legend, "Café"), _at(legend, "</text>"), "Tea 茶 🍵")])
    apply(restored=["u-s", "u-l"])  # v2: the elements and texts from before the splices
    apply(restored=["u-s"])  # v3: the spliced series again
    # v4: a splice of the restored text that ends at its byte length (> its length in UTF-16 units)
    assert len(series1.encode()) > len(series1)
    apply(fragments=[_splice("u-s", _at(series1, " aria-label"), len(series1.encode()), ' aria-label="Café 漢 😀 ✓"/></g>')])
    # refused at v4: a fitting fragment and restore, but one splice beyond the markup
    refuse(fragments=[{"id": "u-l", "svg": legend.replace("Café", "Tee")}, _splice("u-bg", 0, len(bg) + 1, "")], restored=["u-s"])
    apply(restored=["u-s", "u-bg"])  # v5: the kept elements survived the refusal
    apply(fragments=[_splice("u-bg", _at(bg, "/>"), _at(bg, "/>"), ' onclick="window.__pwned=4"')])  # v6
    both = _splice("u-s", 0, 0, "")
    both["svg"] = series
    refuse(fragments=[both])  # refused at v6: both svg and splice (a fragment carries exactly one)
    patches, expected = [], []
    version = 0
    for patch, applies in steps:
        full = {"baseVersion": version, "version": version + 1, **patch}
        patches.append(full)
        if applies:
            model.apply(full, {"splices": 0, "nonAsciiBefore": 0, "restoredAfterSplice": 0})
            version += 1
            expected.append({"version": version, "texts": dict(zip(SPLICE_IDS, model.regions)), "svg": model.text})
        else:
            expected.append(None)
    late = _splice("u-l", _at(legend, "</g>"), _at(legend, "</g>"), "<text>2</text>")
    page = {"svg": SPLICE_SVG, "ids": SPLICE_IDS, "patches": patches, "lateSplice": late, "lateBase": legend,
            "badSplice": _splice("u-l", 0, len(legend.encode()) + 1, "")}
    return {"page": page, "expected": expected, "lateResult": record_splices.splice_text(legend, late["splice"])}


SPLICE_CASES = splice_cases()


def check_splice_selftest(report: dict) -> None:
    """Each patch of splice_cases() applied (DOM, texts as the byte-splicing model says) or refused
    changing nothing; restores bring back the very elements replaced across splices."""
    s = report["spliceSelftest"]
    assert "crashed" not in s, s
    assert s["capabilities"] == {"previousMarkup": True, "markupSplices": True}
    assert s["initial"]["texts"] == dict(zip(SPLICE_IDS, SPLICE_LINES)), "the texts are not the lines of the full SVG"
    before = s["initial"]
    for n, (step, expected) in enumerate(zip(s["steps"], SPLICE_CASES["expected"])):
        what = "patch %d %s" % (n, json.dumps(SPLICE_CASES["page"]["patches"][n], ensure_ascii=False))
        if expected is None:
            assert not step["applied"], what + " was applied"
            assert step["error"] == "PatchRegionError" and step["needsFullRender"], (what, step)
            assert (step["dom"], step["texts"], step["elements"]) == (before["dom"], before["texts"], before["elements"]), what
        else:
            assert step["applied"], (what, step.get("message"))
            assert step["version"] == expected["version"], what
            assert step["texts"] == expected["texts"], what
            # The DOM is the text parsed, less what the patcher drops (event-handler attributes).
            shown = re.sub(r' onclick="[^"]*"', "", expected["svg"].rstrip("\n"))
            assert canonical(step["dom"]) == canonical(shown), what
        before = step
    e = {n: step["elements"] for n, step in enumerate(s["steps"])}
    splices, restore, restore_again, late_splice, refused_at_4, restore_kept, hostile = 7, 8, 9, 10, 11, 12, 13
    assert e[splices] == {"u-bg": "8:u-bg", "u-s": "8:u-s", "u-l": "8:u-l"}
    assert e[restore] == {"u-bg": "8:u-bg", "u-s": "0:u-s", "u-l": "0:u-l"}, "a restore must put back the replaced element itself"
    assert e[restore_again]["u-s"] == "8:u-s"
    assert e[late_splice]["u-s"] == "11:u-s"
    assert s["steps"][refused_at_4]["message"].startswith("splice 0..53 is beyond the markup")
    assert e[restore_kept] == {"u-bg": "0:u-bg", "u-s": "8:u-s", "u-l": "0:u-l"}
    assert "onclick" in s["steps"][hostile]["texts"]["u-bg"] and "onclick" not in s["steps"][hostile]["dom"]
    assert s["handRefused"] and s["handUnchanged"]
    assert s["flatText"] is None and s["flatRefused"]
    assert s["flatAfterFragment"] == SPLICE_CASES["lateResult"]
    assert canonical(s["flatDom"]) == canonical(SPLICE_CASES["lateResult"].replace('<g id="u-l"', '<g xmlns="http://www.w3.org/2000/svg" id="u-l"'))
    assert s["viewResults"] == [False, 0, True, 1] and s["viewText"] == SPLICE_CASES["lateResult"]


def check_spliced_stream(stream: dict) -> None:
    """What a recorded stream with splices must hold to test them (the page then replays it)."""
    stats = stream["spliceStats"]
    in_patches = sum(1 for step in stream["steps"] for frag in step["patch"].get("fragments") or [] if "splice" in frag)
    assert in_patches == stats["splices"]
    assert stats["splices"] >= 20, stats
    assert stats["nonAsciiBefore"] >= 5, "too few splices whose byte offsets differ from string indices: %s" % stats
    assert {stream["charts"][step["chart"]]["kind"] for step in stream["steps"] if any("splice" in f for f in step["patch"].get("fragments") or [])} == {"line", "candlestick"}


def test_patcher_in_chromium_with_stand_in_daemon(chromium):
    """The patcher's mechanics and the hostile-label proof, against the stand-in daemon."""
    recorder = _load_recorder()
    with chartd.Client(str(FAKE)) as client:
        stream = recorder.record(client, steps=30, hostile=True, checkpoint_every=10)
    report = run_page(chromium, stream)
    check_report(stream, report)
    check_hostile(stream, report, recorder)
    check_selftest(report)
    check_restore_selftest(report)
    check_splice_selftest(report)


def test_patch_stream_in_chromium_with_real_daemon(chromium):
    """≥ 500 real patches across every chart kind end equal to the full render of the last version."""
    binary = real_chartd()
    if binary is None:
        print("SKIP: chartd binary not found")
        pytest.skip("SKIP: chartd binary not found (set CHARTD=/path/to/chartd)")
    recorder = _load_recorder()
    with chartd.Client(binary) as client:
        stream = recorder.record(client, steps=72, hostile=True, checkpoint_every=24)
    assert len(stream["steps"]) >= 500
    assert {c["kind"] for c in stream["charts"]} >= {"line", "bar", "scatter", "bubble", "candlestick", "pie", "combined"}
    report = run_page(chromium, stream)
    check_report(stream, report)
    check_hostile(stream, report, recorder)
    check_selftest(report)
    check_restore_selftest(report)
    check_splice_selftest(report)


@pytest.mark.parametrize("daemon", ["stand-in", "chartd"])
def test_restored_regions_in_chromium(chromium, daemon):
    """Toggles recorded by the Node client (it declares previousMarkup) replay to the same pictures:
    the daemon sends regions that come back as `restored` when it offers the capability."""
    binary = str(FAKE) if daemon == "stand-in" else real_chartd()
    if binary is None:
        print("SKIP: chartd binary not found")
        pytest.skip("SKIP: chartd binary not found (set CHARTD=/path/to/chartd)")
    node = shutil.which("node")
    if node is None:
        print("SKIP: node not found")
        pytest.skip("SKIP: node not found (the stream is recorded with the Node client)")
    done = subprocess.run([node, str(HERE / "record_restored.mjs"), binary], capture_output=True, timeout=240)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    stream = json.loads(done.stdout)
    restoring = [step for step in stream["steps"] if step["patch"].get("restored")]
    if daemon == "stand-in" or stream["previousMarkup"]:
        assert stream["previousMarkup"] is True
        assert len(restoring) >= 10, "only %d patches restored regions" % len(restoring)
        # (chartd restores nothing in a patch that moves regions: in the combined chart a toggle
        # takes an axis away and back.)
        assert {stream["charts"][step["chart"]]["kind"] for step in restoring} >= {"line", "bar"}
    else:
        assert restoring == []
    report = run_page(chromium, stream)
    check_report(stream, report)
    check_restore_selftest(report)


@pytest.mark.parametrize("daemon", ["stand-in", "chartd"])
def test_spliced_fragments_in_chromium(chromium, daemon):
    """A stream recorded by a connection that declares markupSplices (appends to lines with fixed
    axes, ticks of the last candle, toggles; non-ASCII ids and labels in the spliced regions) replays
    to the same pictures: the splices are applied to the UTF-8 bytes of the markup the patcher holds,
    and restores bring back markup from before a splice."""
    binary = str(FAKE) if daemon == "stand-in" else real_chartd()
    if binary is None:
        print("SKIP: chartd binary not found")
        pytest.skip("SKIP: chartd binary not found (set CHARTD=/path/to/chartd)")
    stream = record_splices.record(binary, env={"FAKE_CHARTD_SPLICES": "1"} if daemon == "stand-in" else None)
    if daemon == "stand-in" or stream["markupSplices"]:
        assert stream["markupSplices"] is True
        check_spliced_stream(stream)
        if stream["previousMarkup"]:  # toggled back across a splice: the pre-splice markup comes back
            assert stream["spliceStats"]["restoredAfterSplice"] >= 1, stream["spliceStats"]
    else:  # a chartd without the capability: whole fragments only, still replayed below
        print("note: %s does not offer markupSplices; the stream has no splices" % binary)
        assert stream["spliceStats"]["splices"] == 0
    report = run_page(chromium, stream)
    check_report(stream, report)
    check_splice_selftest(report)


def test_es_module_face_exports_every_name():
    """chartd-patch.mjs re-exports every name of chartd-patch.js (spliceMarkup, regionMarkup and
    capabilities included), and its default export is the same object."""
    node = shutil.which("node")
    if node is None:
        print("SKIP: node not found")
        pytest.skip("SKIP: node not found (the ES module is imported with node)")
    script = (
        "const m = await import(%s); const api = globalThis.ChartdPatch;"
        "console.log(JSON.stringify({exported: Object.keys(m).filter((k) => k !== 'default').sort(),"
        " names: Object.keys(api).sort(), same: m.default === api, splice: m.spliceMarkup('a\u00e9b', {start: 3, end: 4, text: 'c'})}));"
    ) % json.dumps((WEB / "chartd-patch.mjs").as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    out = json.loads(done.stdout)
    assert out["exported"] == out["names"] and out["same"]
    assert {"spliceMarkup", "regionMarkup", "capabilities"} <= set(out["names"])
    assert out["splice"] == "a\u00e9c"


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-rs", "-v"]))
