"""Shared fixtures: the stand-in daemon, the real daemon (or a visible skip), sample specs."""

import json
import os
import pathlib
import shutil
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
CLIENTS = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(CLIENTS / "testing"))

FAKE = CLIENTS / "testing" / "fake_chartd.py"


def real_chartd() -> str | None:
    """The real chartd binary from $CHARTD or PATH, or None."""
    env = os.environ.get("CHARTD")
    if env:
        return env if os.access(env, os.X_OK) else None
    return shutil.which("chartd")


@pytest.fixture
def fake_binary() -> str:
    return str(FAKE)


@pytest.fixture
def chartd_binary() -> str:
    path = real_chartd()
    if path is None:
        pytest.skip("SKIP: chartd binary not found (set CHARTD=/path/to/chartd or put it on PATH)")
    return path


@pytest.fixture
def specs() -> dict:
    return json.loads((CLIENTS / "testing" / "specs.json").read_text())
