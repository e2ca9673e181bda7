"""Shared fixtures: the stand-in daemon, the real daemon (or a visible skip), sample specs."""

import json
import os
import pathlib
import shutil
import sys
import threading

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


# The harness helpers as users get them (they write pytest_plugins = ["chartd.testing"] in their
# top-level conftest; here the clients' suites share one pytest run, so the plugin's hooks and
# fixtures are imported): chartd_binary, chartd_client, svg_snapshot, --chartd, --update-snapshots.
from chartd.testing import chartd_binary, chartd_client, pytest_addoption, pytest_configure, svg_snapshot  # noqa: E402,F401


@pytest.fixture
def specs() -> dict:
    return json.loads((CLIENTS / "testing" / "specs.json").read_text())


@pytest.fixture
def sent(monkeypatch):
    """Every message the clients of a test write to a daemon, decoded, in order."""
    from chartd.connection import Generation

    messages: list = []
    lock = threading.Lock()
    original = Generation.send_body

    def recording(self, body):
        with lock:
            messages.append(json.loads(body))
        original(self, body)

    monkeypatch.setattr(Generation, "send_body", recording)
    return messages
