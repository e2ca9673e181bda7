"""The runnable examples, end to end (stand-in daemon always; the real chartd when present)."""

import os
import subprocess
import sys

import pytest

from conftest import CLIENTS, FAKE, real_chartd

EXAMPLES = [
    [sys.executable, str(CLIENTS / "python" / "examples" / "stream_kline.py")],
    ["node", str(CLIENTS / "node" / "examples" / "stream-kline.mjs")],
]


def run_example(argv, binary, tmp_path):
    out = tmp_path / "kline.svg"
    env = dict(os.environ, CHARTD=str(binary), PYTHONPATH=str(CLIENTS / "python"))
    done = subprocess.run(argv + [str(out)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("v201,")  # 200 ticks + the legend toggle
    svg = out.read_text()
    assert svg.startswith("<svg ") and svg.endswith("</svg>\n")
    return svg


@pytest.mark.parametrize("argv", EXAMPLES, ids=["python", "node"])
def test_example_with_stand_in(argv, tmp_path):
    run_example(argv, FAKE, tmp_path)


@pytest.mark.parametrize("argv", EXAMPLES, ids=["python", "node"])
def test_example_with_real_chartd(argv, tmp_path):
    binary = real_chartd()
    if binary is None:
        pytest.skip("SKIP: chartd binary not found (set CHARTD=/path/to/chartd or put it on PATH)")
    svg = run_example(argv, binary, tmp_path)
    assert 'data-dataset="btc"' in svg and 'data-dataset="ma"' in svg
