"""chartd.testing: the snapshot helper's update flag and region-by-region report, and the pytest
plugin as a harness author loads it (pytest_plugins in a conftest of their own)."""

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from chartd.testing import UPDATE_ENV, SnapshotMismatch, assert_svg_snapshot, svg_diff

ROOT = '<svg xmlns="http://www.w3.org/2000/svg" id="c" width="100" height="50">'
SVG = "\n".join([ROOT, '<g id="c-bg"><rect/></g>', '<g id="c-s-a-0"><path d="M0 1L2 3"/></g>', "</svg>", ""])


def test_a_missing_snapshot_fails_until_it_is_written(tmp_path, monkeypatch):
    monkeypatch.delenv(UPDATE_ENV, raising=False)
    path = tmp_path / "snaps" / "line.svg"
    with pytest.raises(SnapshotMismatch, match="no snapshot at .*CHARTD_UPDATE_SNAPSHOTS=1"):
        assert_svg_snapshot(SVG, path)
    assert not path.exists()
    assert_svg_snapshot(SVG, path, update=True)
    assert path.read_text() == SVG
    assert_svg_snapshot(SVG, path)  # now it matches


def test_the_environment_variable_updates(tmp_path, monkeypatch):
    path = tmp_path / "line.svg"
    path.write_text(SVG.replace("M0 1", "M9 9"))
    monkeypatch.setenv(UPDATE_ENV, "1")
    assert_svg_snapshot(SVG, path)
    assert path.read_text() == SVG


def test_a_mismatch_is_reported_region_by_region(tmp_path, monkeypatch):
    monkeypatch.delenv(UPDATE_ENV, raising=False)
    path = tmp_path / "line.svg"
    path.write_text(SVG)
    changed = SVG.replace("M0 1L2 3", "M0 1L2 4").replace('<g id="c-bg"><rect/></g>\n', "").replace("</svg>", '<g id="c-legend"/>\n</svg>')
    with pytest.raises(SnapshotMismatch) as info:
        assert_svg_snapshot(changed, path)
    report = str(info.value)
    assert "region c-bg removed" in report
    assert "region c-s-a-0 changed:\n    at character 32\n" in report
    assert 'expected: … id="c-s-a-0"><path d="M0 1L2 3"/></g>' in report
    assert 'actual:   … id="c-s-a-0"><path d="M0 1L2 4"/></g>' in report
    assert "region c-legend added" in report
    assert path.read_text() == SVG  # never rewritten without the flag


def test_the_report_names_a_changed_root_and_stays_short():
    many = "\n".join([ROOT] + ['<g id="c-r%d"/>' % i for i in range(40)] + ["</svg>", ""])
    other = many.replace('width="100"', 'width="200"').replace("/>", " x=\"1\"/>")
    report = svg_diff(many, other)
    assert report.startswith("  root <svg> tag changed:")
    assert report.endswith("more differences") and report.count("\n  region") < 10


PLUGIN_TEST = '''
import chartd

SPEC = {"kind": "line", "width": 320, "height": 160, "dataSets": [{"id": "a", "entries": [1, 3, 2]}]}

def test_chart(chartd_client, svg_snapshot):
    assert isinstance(chartd_client, chartd.Client) and chartd_client.state == "running"
    doc = chartd_client.open("mem://harness", SPEC)
    svg_snapshot(doc.svg, "line.svg")
'''


def run_harness(folder: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(__file__).resolve().parent.parent))
    env.pop(UPDATE_ENV, None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, str(folder)],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def test_the_plugin_in_a_harness_of_its_own(tmp_path, chartd_binary):
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["chartd.testing"]\n')
    (tmp_path / "test_chart.py").write_text(textwrap.dedent(PLUGIN_TEST))
    first = run_harness(tmp_path, "--chartd", chartd_binary)
    assert first.returncode == 1 and "no snapshot at" in first.stdout
    written = run_harness(tmp_path, "--chartd", chartd_binary, "--update-snapshots")
    assert written.returncode == 0, written.stdout
    snapshot = tmp_path / "snapshots" / "line.svg"
    assert snapshot.read_text().startswith("<svg ")
    snapshot.write_text(snapshot.read_text().replace('width="320"', 'width="321"'))
    changed = run_harness(tmp_path, "--chartd", chartd_binary)
    assert changed.returncode == 1 and "root <svg> tag changed" in changed.stdout


def test_the_plugin_skips_without_a_binary(tmp_path):
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["chartd.testing"]\n')
    (tmp_path / "test_chart.py").write_text(textwrap.dedent(PLUGIN_TEST))
    run = run_harness(tmp_path, "-rs", "--chartd", str(tmp_path / "no-such-chartd"))
    assert run.returncode == 0 and "SKIP" in run.stdout and "does not exist" in run.stdout
