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


def test_patcher_in_chromium_with_stand_in_daemon(chromium):
    """The patcher's mechanics and the hostile-label proof, against the stand-in daemon."""
    recorder = _load_recorder()
    with chartd.Client(str(FAKE)) as client:
        stream = recorder.record(client, steps=30, hostile=True, checkpoint_every=10)
    report = run_page(chromium, stream)
    check_report(stream, report)
    check_hostile(stream, report, recorder)
    check_selftest(report)


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


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-rs", "-v"]))
