"""Says, as a SKIP, why the pytest-lsp suite did not run; when it can run, the binary it drives
answers as chartd."""

import subprocess

import pytest

from .conftest import CHARTD, MISSING


def test_the_language_server_suite_has_what_it_needs():
    if MISSING:
        pytest.skip(MISSING)
    done = subprocess.run([CHARTD, "--version"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.startswith("chartd ")
