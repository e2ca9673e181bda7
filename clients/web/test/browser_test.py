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


def _load_recorder():
    spec = importlib.util.spec_from_file_location("record_demo", WEB / "record-demo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def run_page(chromium: str, stream: dict) -> dict:
    """Builds the page, runs it in headless Chromium and returns the page's report."""
    embedded = json.dumps(stream).replace("<", "\\u003c")  # no "</script>" can end the data block
    with tempfile.TemporaryDirectory() as tmp:
        page = pathlib.Path(tmp) / "page.html"
        page.write_text(PAGE.format(patcher=(WEB / "chartd-patch.js").as_uri(), stream=embedded), encoding="utf-8")
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


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-rs", "-v"]))
