"""Test helpers for harnesses that check charts rendered by chartd (stdlib; pytest optional).

``assert_svg_snapshot(svg, path)`` compares an SVG with a reviewed file and, on a mismatch, says
region by region what changed. Set ``CHARTD_UPDATE_SNAPSHOTS=1`` (or pass ``update=True``, or run
pytest with ``--update-snapshots``) to write the files instead; a missing snapshot fails until then,
so CI never passes on a snapshot nobody reviewed. The Node client's ``chartd-client/testing`` reads
the same variable and prints the same report.

With pytest, ``pytest_plugins = ["chartd.testing"]`` in a ``conftest.py`` adds the fixtures
``chartd_client`` (a started ``chartd.Client``, closed after the test; the test is skipped, saying
why, when no chartd binary is found), ``chartd_binary`` and ``svg_snapshot`` (snapshots named
relative to the test file's ``snapshots/`` folder), and the options ``--chartd PATH`` and
``--update-snapshots``::

    def test_sales(chartd_client, svg_snapshot):
        doc = chartd_client.open("mem://sales", {"kind": "bar", "dataSets": [...]})
        svg_snapshot(doc.svg, "sales.svg")
"""

from __future__ import annotations

import os
import pathlib
from typing import Any, Callable, Iterator

from .mirror import region_id, split_svg

__all__ = ["UPDATE_ENV", "SnapshotMismatch", "assert_svg_snapshot", "svg_diff"]

#: The environment variable that turns snapshot checks into snapshot writes (both clients).
UPDATE_ENV = "CHARTD_UPDATE_SNAPSHOTS"

#: Regions described in a mismatch report before the rest is only counted.
MAX_REPORTED_REGIONS = 8


class SnapshotMismatch(AssertionError):
    """An SVG differs from its snapshot, or the snapshot is missing; the message says where."""


def _updating(update: bool | None) -> bool:
    if update is not None:
        return update
    return os.environ.get(UPDATE_ENV, "").lower() in ("1", "true", "yes")


def assert_svg_snapshot(svg: str, path: str | os.PathLike, update: bool | None = None) -> None:
    """Checks ``svg`` against the file at ``path`` (or writes it when updating; see the module)."""
    file = pathlib.Path(path)
    if _updating(update):
        if not file.exists() or file.read_text(encoding="utf-8") != svg:
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(svg, encoding="utf-8")
        return
    if not file.exists():
        raise SnapshotMismatch("no snapshot at %s: run with %s=1 (or --update-snapshots) to write it, then review it" % (file, UPDATE_ENV))
    expected = file.read_text(encoding="utf-8")
    if expected != svg:
        raise SnapshotMismatch("SVG differs from snapshot %s (%s=1 to accept it):\n%s" % (file, UPDATE_ENV, svg_diff(expected, svg)))


def svg_diff(expected: str, actual: str) -> str:
    """A readable account of how ``actual`` differs from ``expected``, region by region.

    chartd's SVG has one region per line, each with a stable id, so the report names regions
    (``chart-s-a-0 changed at character 57: …``) instead of showing a wall of markup.
    """
    try:
        e_root, e_lines = split_svg(expected)
        a_root, a_lines = split_svg(actual)
    except ValueError:
        return "  not chartd's line form; first difference:\n" + _excerpts(expected, actual)
    report: list[str] = []
    if e_root != a_root:
        report.append("  root <svg> tag changed:\n" + _excerpts(e_root, a_root))
    e_regions = {region_id(line) or "#%d" % i: line for i, line in enumerate(e_lines)}
    a_regions = {region_id(line) or "#%d" % i: line for i, line in enumerate(a_lines)}
    for rid in e_regions:
        if rid not in a_regions:
            report.append("  region %s removed" % rid)
        elif e_regions[rid] != a_regions[rid]:
            report.append("  region %s changed:\n%s" % (rid, _excerpts(e_regions[rid], a_regions[rid])))
    report.extend("  region %s added" % rid for rid in a_regions if rid not in e_regions)
    common = [rid for rid in e_regions if rid in a_regions]
    if common != [rid for rid in a_regions if rid in e_regions]:
        report.append("  regions reordered: %s" % ", ".join(rid for rid in a_regions if rid in e_regions))
    if len(report) > MAX_REPORTED_REGIONS:
        report = report[:MAX_REPORTED_REGIONS] + ["  … and %d more differences" % (len(report) - MAX_REPORTED_REGIONS)]
    return "\n".join(report) if report else "  (same regions; the texts differ outside them)"


def _excerpts(expected: str, actual: str, before: int = 30, width: int = 100) -> str:
    """Both texts cut to the same window around their first differing character."""
    first = 0
    while first < min(len(expected), len(actual)) and expected[first] == actual[first]:
        first += 1
    start = max(0, first - before)

    def cut(text: str) -> str:
        end = min(len(text), start + width)
        return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")

    return "    at character %d\n    expected: %s\n    actual:   %s" % (first, cut(expected), cut(actual))


# -- pytest plugin (loaded with pytest_plugins = ["chartd.testing"]) -----------------------------

try:
    import pytest
except ImportError:  # the helpers above work without pytest
    pytest = None  # type: ignore[assignment]

if pytest is not None:

    def pytest_addoption(parser: Any) -> None:
        group = parser.getgroup("chartd")
        group.addoption("--chartd", default=None, help="the chartd binary (default: $CHARTD, then PATH)")
        group.addoption("--update-snapshots", action="store_true", help="write SVG snapshots instead of comparing")

    def pytest_configure(config: Any) -> None:
        if config.getoption("--update-snapshots", default=False):
            os.environ[UPDATE_ENV] = "1"

    @pytest.fixture
    def chartd_binary(request: Any) -> str:
        """The chartd binary (``--chartd``, ``$CHARTD``, ``PATH``); skips the test, saying why, without one."""
        from .daemon import find_binary
        from .errors import DaemonNotFoundError

        try:
            return find_binary(request.config.getoption("--chartd"))
        except DaemonNotFoundError as error:
            pytest.skip("SKIP: %s" % error)

    @pytest.fixture
    def chartd_client(chartd_binary: str) -> Iterator[Any]:
        """A started ``chartd.Client`` for one test; shut down afterwards even when the test fails."""
        from .client import Client

        with Client(chartd_binary) as client:
            yield client

    @pytest.fixture
    def svg_snapshot(request: Any) -> Callable[[str, str], None]:
        """``svg_snapshot(svg, "name.svg")``: ``assert_svg_snapshot`` with the file in ``snapshots/``
        next to the test module."""
        folder = pathlib.Path(str(request.node.fspath)).parent / "snapshots"

        def check(svg: str, name: str) -> None:
            __tracebackhide__ = True
            assert_svg_snapshot(svg, folder / name)

        return check
