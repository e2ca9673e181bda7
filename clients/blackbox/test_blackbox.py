"""The black-box checker (blackbox.py) on a few fixed seeds, against the real daemon ($CHARTD).

Longer campaigns: `python3 clients/blackbox/blackbox.py "$CHARTD" --seeds 1-300 --steps 1500`.
"""

import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import struct
import time
import zlib

import random
import re

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import blackbox  # noqa: E402
import language  # noqa: E402
import hits  # noqa: E402
import pixels  # noqa: E402
import svgcheck  # noqa: E402
import texts  # noqa: E402
import wire  # noqa: E402


def chartd_binary():
    env = os.environ.get("CHARTD")
    if env:
        return env if os.access(env, os.X_OK) else None
    return shutil.which("chartd")


@pytest.fixture
def chartd():
    binary = chartd_binary()
    if binary is None:
        pytest.skip("no chartd binary (set CHARTD): the black-box checks need the real daemon")
    return binary


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_documents_follow_their_patches_renders_and_hit_tests(chartd, seed):
    failures, counts = blackbox.check_documents(chartd, seed, 300)
    assert failures == []
    # The seeds reach what they are meant to check: accepted and rejected updates alike.
    assert counts["accepted"] > 100 and counts["rejected"] > 50 and counts["hit tests"] > 100 and counts["bursts"] > 10


@pytest.mark.parametrize("seed", [5, 6])
def test_two_daemons_given_the_same_requests_give_the_same_answers_byte_for_byte(chartd, seed):
    failures, counts = blackbox.check_determinism(chartd, seed, 150)
    assert failures == []
    assert counts["answers compared"] > 500 and "bursts" not in counts


def test_the_determinism_check_notices_an_answer_that_differs(chartd, monkeypatch):
    """Not vacuous: a daemon whose second run answers one request differently is caught."""
    runs = iter(range(2))
    check = blackbox.check_documents

    def second_differs(*args, answers, **kwargs):
        result = check(*args, answers=answers, **kwargs)
        if next(runs) == 1:
            answers[100] = answers[100].replace(b'"jsonrpc"', b'"jsonrpc" ')
        return result

    monkeypatch.setattr(blackbox, "check_documents", second_differs)
    failures, _ = blackbox.check_determinism(chartd, 5, 80)
    assert len(failures) == 1 and "answer 100 differs" in failures[0]


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_text_changes_give_the_diagnostics_of_a_fresh_open_and_the_preview_follows(chartd, seed):
    failures, counts = language.check_language_server(chartd, seed, 120)
    assert failures == []
    assert counts["versions"] == 120 and counts["diagnostics"] > 0 and counts["completions"] > 0
    assert counts["preview patches"] > 5 and counts["preview from scratch"] > 5


def test_the_check_notices_a_copy_that_misses_a_fragment(chartd, monkeypatch):
    """The oracle is not vacuous: a copy that drops the last fragment of each patch is caught."""
    apply = wire.SvgCopy.apply

    def lossy(self, patch):
        apply(self, dict(patch, fragments=patch["fragments"][:-1]))

    monkeypatch.setattr(wire.SvgCopy, "apply", lossy)
    failures, _ = blackbox.check_documents(chartd, 1, 200)
    assert any("differs from chart/render" in f for f in failures)


def test_a_rounded_bar_is_no_pie_slice(chartd):
    """A rounded bar's highlight is a path with arcs and an entry, like a slice; the middle of its
    "rim" lies where the next bar, wider than its slot's share here, is painted over it and hit
    (seed 71802). Only a pie's paths are read as slices."""
    daemon = wire.Daemon(chartd, {})
    try:
        spec = {"kind": "bar", "width": 200, "height": 400, "xAxis": {"format": "date", "slot": 3},
                "highlights": [{"dataSet": "b", "index": 1}],
                "dataSets": [{"id": "b", "bar": {"cornerRadii": [0, 8, 8, 8]},
                              "entries": {"x": [0, 1, 2, 3], "y": [0, -78.719, -3, 3]}}]}
        svg = daemon.call("chart/open", {"uri": "mem://bars", "version": 1, "spec": spec})["result"]["svg"]
        assert any(int(m.group(2)) == 1 for m in hits._SLICE.finditer(svg))
        assert hits.hit_test_failures(daemon, "mem://bars", svg, hits.legend_boxes(svg), "bar") == []
    finally:
        daemon.close()


def test_a_slice_of_more_than_half_a_donut_is_hit_in_its_middle(chartd):
    """The slice-middle oracle on a slice whose rim is several arcs (chartd writes quarter turns at
    most, so a slice over 180° has four at the rim and four at the hole) and its small neighbour."""
    daemon = wire.Daemon(chartd, {})
    try:
        spec = {"kind": "pie", "width": 800, "height": 400, "dataSets": [{"id": "a", "entries": [2, 27]}]}
        svg = daemon.call("chart/open", {"uri": "mem://pie", "version": 1, "spec": spec})["result"]["svg"]
        assert [len(hits.arcs(m.group(1))) for m in hits._SLICE.finditer(svg)] == [2, 8]
        assert hits.slice_hit_failures(daemon, "mem://pie", svg, []) == []
        assert daemon.calls["chart/hitTest"] == 2
    finally:
        daemon.close()


def checked_on_seeds(check, chartd, seeds):
    """Runs `check(chartd, seed)` -> (failures, things checked) on seeds 0 … seeds - 1, requires no
    failure, and returns how many things were checked in all."""
    checked = 0
    for seed in range(seeds):
        failures, n = check(chartd, seed)
        assert failures == []
        checked += n
    return checked


def test_hit_tests_name_the_mark_the_rasterizer_painted_under_the_point(chartd):
    """Pies, donuts (rounded, spaced, shifted out) and bars (rounded, grouped, sideways, stacked), drawn
    by librsvg: every pixel deep inside a mark's colour hits that mark."""
    if shutil.which("rsvg-convert") is None:
        pytest.skip("SKIP: rsvg-convert is not installed (Debian: librsvg2-bin)")
    assert checked_on_seeds(pixels.pixel_failures, chartd, 24) > 400  # about 25 a chart


def test_the_pixel_check_notices_a_hit_on_another_mark(chartd, monkeypatch):
    """Not vacuous: a daemon whose hit tests name the next slice or data set is caught."""
    if shutil.which("rsvg-convert") is None:
        pytest.skip("SKIP: rsvg-convert is not installed (Debian: librsvg2-bin)")
    real = wire.Daemon.call

    def shifted(self, method, params, *rest, **named):
        answer = real(self, method, params, *rest, **named)
        target = (answer.get("result") or {}).get("target") if method == "chart/hitTest" else None
        if target and target.get("kind") == "entry":
            target.update(index=target.get("index", 0) + 1, dataSet=str(target.get("dataSet")) + "x",
                          stackIndex=target.get("stackIndex", 0) + 1)
        return answer

    monkeypatch.setattr(wire.Daemon, "call", shifted)
    failures, checked = pixels.pixel_failures(chartd, 0)
    assert checked > 0 and len(failures) == checked


def needs_text_ink():
    if shutil.which("rsvg-convert") is None:
        pytest.skip("SKIP: rsvg-convert is not installed (Debian: librsvg2-bin)")
    if not texts.font_is_metric_compatible():
        pytest.skip("SKIP: no font with Helvetica's advances (Debian: fonts-liberation2)")


def test_frame_texts_painted_by_a_text_engine_stay_on_the_canvas_and_apart(chartd):
    """Titles, tick labels, axis titles, badges, custom labels, legend labels, centre texts, a pie's
    outside labels and radar categories of random charts, drawn by librsvg: no text's ink leaves the
    canvas and no two texts' ink boxes overlap; a marker's texts stay in its box."""
    needs_text_ink()
    assert checked_on_seeds(texts.text_failures, chartd, 40) > 400  # about 15 a chart


def opened_svg(chartd, spec):
    """The SVG `chart/open` answers for `spec`, from a daemon of its own."""
    daemon = wire.Daemon(chartd, {})
    try:
        return daemon.call("chart/open", {"uri": "mem://texts", "version": 1, "spec": spec})["result"]["svg"]
    finally:
        daemon.close()


def text_moved_onto(svg, text, onto, dx):
    """`svg` with the text element `text` drawn `dx` px right of where `onto` is drawn."""
    moved = re.search(r'<text x="([0-9.]+)"([^>]*)>%s<' % re.escape(text), svg)
    target = re.search(r'<text x="([0-9.]+)"[^>]*>%s<' % re.escape(onto), svg)
    return svg.replace(moved.group(0), '<text x="%s"%s>%s<' % (float(target.group(1)) + dx, moved.group(2), text))


def test_the_text_check_notices_a_label_moved_onto_its_neighbour_and_a_title_off_the_canvas(chartd):
    """Not vacuous: the same chart with its second x label drawn at the first's place, and with its
    title pushed past the left edge, fails; the chart as chartd draws it passes."""
    needs_text_ink()
    spec = {"kind": "bar", "width": 400, "height": 300, "title": "Quarterly revenue by region",
            "xAxis": {"format": {"type": "category", "labels": ["North", "South", "East", "West"]}},
            "dataSets": [{"id": "a", "label": "Revenue", "entries": [3, 5, 2, 4]}]}
    svg = opened_svg(chartd, spec)
    # Four x labels, six left-axis labels (0 … 5), the legend's label and the title.
    assert texts.check_svg(svg) == ([], 12)
    failures, _ = texts.check_svg(text_moved_onto(svg, "South", "North", 6))
    assert len(failures) == 1 and "'North' overlaps" in failures[0] and "'South'" in failures[0]
    title = re.search(r'(<g id="[^"]*-title"[^>]*><text x=")([0-9.]+)"', svg)
    off = svg.replace(title.group(0), title.group(1) + '60"')
    failures, _ = texts.check_svg(off)
    assert len(failures) == 1 and "leaves the 400x300 canvas" in failures[0]


def test_the_text_check_paints_east_asian_texts_at_one_em(chartd):
    """With a CJK font, chartd's one em per wide character is held to the ink: a bar chart in
    Japanese and Korean passes, and its second category moved onto the first fails."""
    needs_text_ink()
    if not texts.cjk_font_present():
        pytest.skip("SKIP: no font for Chinese, Japanese and Korean (Debian: fonts-wqy-zenhei)")
    spec = {"kind": "bar", "width": 420, "height": 260, "title": "東京と大阪の売上高 한국어 매출",
            "xAxis": {"title": "地域別の月次合計",
                      "format": {"type": "category", "labels": ["東京都", "大阪府", "名古屋市", "福岡県"]}},
            "dataSets": [{"id": "a", "label": "売上高（百万円）", "entries": [3, 5, 2, 4]},
                         {"id": "b", "label": "매출 지역", "entries": [2, 4, 3, 5]}]}
    svg = opened_svg(chartd, spec)
    # Four categories, six left-axis labels (0 … 5), the x title, two legend labels and the title.
    assert texts.check_svg(svg) == ([], 14)
    failures, _ = texts.check_svg(text_moved_onto(svg, "大阪府", "東京都", 15))
    assert len(failures) == 1 and "'東京都' overlaps" in failures[0] and "'大阪府'" in failures[0]


def test_the_text_check_holds_the_marker_to_its_box(chartd):
    """A marker's texts stay in its box: the same marker with its value moved 40 px right fails."""
    needs_text_ink()
    spec = {"kind": "line", "width": 400, "height": 300, "highlights": [{"dataSet": "a", "index": 2}],
            "dataSets": [{"id": "a", "label": "Revenue", "entries": [3, 5, 2, 4]}]}
    svg = opened_svg(chartd, spec)
    failures, n = texts.check_svg(svg)
    assert failures == [] and n == 4 + 4 + 1 + 2  # x labels 0 … 3, y labels 2 … 5, the legend, the marker's two lines
    value = re.search(r'(<g id="[^"]*-marker".*<text x=")([0-9.]+)(".*?font-weight)', svg)
    moved = svg.replace(value.group(0), value.group(1) + str(float(value.group(2)) + 40) + value.group(3))
    failures, _ = texts.check_svg(moved)
    assert any("leaves the marker's box" in f for f in failures)


def test_pngs_are_read_as_written():
    """The reader on a PNG made here: RGB, each filter type, two rows."""
    rows = [bytes([0]) + bytes([10, 20, 30, 40, 50, 60]), bytes([2]) + bytes([1, 1, 1, 1, 1, 1])]
    body = zlib.compress(b"".join(rows))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    width, height, rgba = pixels.read_png(png)
    assert (width, height) == (2, 2)
    # Filter 2 (up) adds the row above.
    assert rgba == bytes([10, 20, 30, 255, 40, 50, 60, 255, 11, 21, 31, 255, 41, 51, 61, 255])


class Shifted:
    """chartd, except that `change` rewrites every hit-test target it answers."""

    def __init__(self, daemon, change):
        self.daemon, self.change, self.calls = daemon, change, {}

    def call(self, method, params):
        answer = self.daemon.call(method, params)
        self.change(answer["result"]["target"])
        return answer


def line_chart(daemon, uri, **axes):
    """Opens a two-point line chart with the given axes; (its spec, its SVG)."""
    spec = dict({"kind": "line", "width": 400, "height": 300,
                 "dataSets": [{"id": "a", "entries": [{"x": 1, "y": 2}, {"x": 1000, "y": 5000}]}]}, **axes)
    return spec, daemon.call("chart/open", {"uri": uri, "version": 1, "spec": spec})["result"]["svg"]


def test_x_values_hit_along_the_axis_are_the_ones_its_labels_put_there(chartd):
    """The x-axis oracle agrees with chartd on a linear and a log axis, and notices answers a tenth
    further from zero (and 300 more on the linear axis)."""
    daemon = wire.Daemon(chartd, {})
    try:
        for k, x_axis in enumerate(({}, {"scale": "log"})):
            spec, svg = line_chart(daemon, "mem://x-%d" % k, xAxis=x_axis)
            before = daemon.calls.get("chart/hitTest", 0)
            assert hits.axis_hit_failures(daemon, "mem://x-%d" % k, svg, spec, random.Random(1), []) == []
            assert daemon.calls["chart/hitTest"] - before == 6

            def further(target, linear=not x_axis):
                key = "x" if target["kind"] == "plotArea" else "value"
                target[key] = target[key] * 1.1 + (300 if linear else 0)

            shifted = Shifted(daemon, further)
            assert len(hits.axis_hit_failures(shifted, "mem://x-%d" % k, svg, spec, random.Random(1), [])) == 6
    finally:
        daemon.close()


def test_a_log_scale_asked_for_on_an_index_axis_is_checked_as_the_linear_axis_it_stays(chartd):
    """axes.md: candles (or bars, or a category format) keep the x axis linear whatever `scale` says;
    the oracle reads their labels linearly (found by seed 79119, a log fit of linear labels)."""
    daemon = wire.Daemon(chartd, {})
    try:
        candles = {"x": [10, 20, 30, 40, 50, 60, 70, 80, 90], "open": [5] * 9, "close": [6] * 9,
                   "high": [7] * 9, "low": [4] * 9}
        spec = {"kind": "candlestick", "width": 400, "height": 300, "xAxis": {"scale": "log"},
                "dataSets": [{"id": "c", "entries": candles}]}
        svg = daemon.call("chart/open", {"uri": "mem://candles", "version": 1, "spec": spec})["result"]["svg"]
        assert not hits.x_axis_is_log(spec)
        assert hits.x_axis_is_log({"kind": "combined", "xAxis": {"scale": "log"}, "dataSets": [{"kind": "line"}]})
        assert not hits.x_axis_is_log({"kind": "combined", "xAxis": {"scale": "log"},
                                       "dataSets": [{"kind": "line"}, {"kind": "bar"}]})
        assert not hits.x_axis_is_log({"kind": "line", "xAxis": {"scale": "log", "format": {"type": "category"}}})
        before = daemon.calls.get("chart/hitTest", 0)
        assert hits.axis_hit_failures(daemon, "mem://candles", svg, spec, random.Random(1), []) == []
        assert daemon.calls["chart/hitTest"] - before > 0
    finally:
        daemon.close()


def test_labels_written_from_an_offset_are_read_with_it(chartd):
    """Labels written from an offset (axes.md: `0` … `10` and `+1000000` on its own line) put their
    values plus the offset there: the x-axis oracle reads them so, on the x axis and on the left
    one, and still notices an answer 3 units off (it read the bare labels and failed seed 70530)."""
    daemon = wire.Daemon(chartd, {})
    try:
        entries = [{"x": 1_000_000 + k, "y": 7_000_000_000 + k} for k in range(11)]
        spec = {"kind": "line", "width": 200, "height": 300, "dataSets": [{"id": "a", "entries": entries}]}
        svg = daemon.call("chart/open", {"uri": "mem://offset", "version": 1, "spec": spec})["result"]["svg"]
        x_axis = hits._X_AXIS.search(svg)
        assert x_axis and hits.label_offset(svg, x_axis) == 1_000_000
        assert hits.axis_hit_failures(daemon, "mem://offset", svg, spec, random.Random(4), []) == []

        def off(target):
            key = "x" if target["kind"] == "plotArea" else "value"
            target[key] = target[key] + 3

        assert len(hits.axis_hit_failures(Shifted(daemon, off), "mem://offset", svg, spec, random.Random(4), [])) == 6
        left = hits._LEFT_AXIS.search(svg)
        assert left and hits.label_offset(svg, left) == 7_000_000_000
        assert hits.y_axis_hit_failures(daemon, "mem://offset", svg, spec, random.Random(4), []) == []
        shifted = Shifted(daemon, lambda target: target.update(y=target["y"] + 3))
        assert len(hits.y_axis_hit_failures(shifted, "mem://offset", svg, spec, random.Random(4), [])) == 3
    finally:
        daemon.close()


def test_y_values_hit_in_the_plot_are_the_ones_the_left_axis_labels_put_there(chartd):
    """The left-axis oracle agrees with chartd on linear, log and inverted axes, and notices answers
    a tenth further from zero and 400 more."""
    daemon = wire.Daemon(chartd, {})
    try:
        for k, left in enumerate(({}, {"scale": "log"}, {"inverted": True})):
            spec, svg = line_chart(daemon, "mem://y-%d" % k, leftAxis=left)
            before = daemon.calls.get("chart/hitTest", 0)
            assert hits.y_axis_hit_failures(daemon, "mem://y-%d" % k, svg, spec, random.Random(2), []) == []
            assert daemon.calls["chart/hitTest"] - before == 3
            shifted = Shifted(daemon, lambda target: target.update(y=target["y"] * 1.1 + 400))
            assert len(hits.y_axis_hit_failures(shifted, "mem://y-%d" % k, svg, spec, random.Random(2), [])) == 3
    finally:
        daemon.close()


def test_scientific_tick_labels_are_read_and_checked(chartd):
    """Tick labels in scientific notation (axes.md) are numbers to the oracle, in either decimal
    separator, and a chart of tiny values is checked along its left axis like any other."""
    assert hits.label_value("5.0e-7") == 5e-7 and hits.label_value("-1.00e-6") == -1e-6
    assert hits.label_value("1,5e-6", {"decimalSeparator": ","}) == 1.5e-6
    assert hits.label_value("2e12") == 2e12 and hits.label_value("e5") is None
    daemon = wire.Daemon(chartd, {})
    try:
        spec = {"kind": "line", "width": 400, "height": 300,
                "dataSets": [{"id": "a", "entries": [{"x": 1, "y": 2e-8}, {"x": 9, "y": 1.6e-7}]}]}
        svg = daemon.call("chart/open", {"uri": "mem://tiny", "version": 1, "spec": spec})["result"]["svg"]
        assert "e-7<" in svg
        assert hits.y_axis_hit_failures(daemon, "mem://tiny", svg, spec, random.Random(3), []) == []
        shifted = Shifted(daemon, lambda target: target.update(y=target["y"] * 1.1 + 1e-8))
        assert len(hits.y_axis_hit_failures(shifted, "mem://tiny", svg, spec, random.Random(3), [])) == 3
    finally:
        daemon.close()


def test_typos_keep_the_json_valid_and_swap_two_letters_of_one_word():
    """The language-server check's near misses: valid JSON still, one key or word value changed by
    two adjacent letters, and none in a text without such a word."""
    text = json.dumps({"kind": "line", "title": "Sales", "dataSets": [{"id": "a", "entries": [1, 2]}]})
    rng = random.Random(5)
    for _ in range(50):
        a, b, new = language.typo(rng, text)
        old = text[a:b]
        differ = [i for i in range(len(old)) if old[i] != new[i]]
        assert sorted(new) == sorted(old) and (differ == [] or (len(differ) == 2 and differ[1] == differ[0] + 1))
        json.loads(text[:a] + new + text[b:])
    assert language.typo(rng, '{"a": [1, 2]}') is None


def test_positions_count_utf16_code_units():
    """The checker's own positions: an emoji is two UTF-16 units, a line ends before its newline."""
    text = '{"a": "😀x"}\n[]'
    assert language.position(text, text.index("x")) == {"line": 0, "character": 9}
    assert language.position(text, len(text)) == {"line": 1, "character": 2}
    end_of_first = {"line": 0, "character": 12}
    assert language.within(text, {"start": {"line": 0, "character": 0}, "end": end_of_first})
    assert not language.within(text, {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 13}})
    assert not language.within(text, {"start": end_of_first, "end": {"line": 0, "character": 1}})


GOOD_SVG = """<svg xmlns="http://www.w3.org/2000/svg" id="c" width="200" height="100" viewBox="0 0 200 100" aria-labelledby="c-t">
<title id="c-t">T</title>
<defs><linearGradient id="c-g0" x1="0" y1="0" x2="0" y2="1" spreadMethod="pad"><stop offset="0" stop-color="#4e79a7" stop-opacity=".5"/></linearGradient>
<clipPath id="c-plot"><rect x="0" y="0" width="200" height="100"/></clipPath></defs>
<g id="c-s" clip-path="url(#c-plot)"><path d="M0 0l.5.5.5-1h2v-3Z M1e2 5a5 5 0 01 5 5" fill="url(#c-g0)" stroke="rgba(1,2,3,0.5)" stroke-dasharray="4 2"/>
<rect x="-3" y="1" width="0" height="2" rx="1" fill="tomato" fill-opacity="1"/><text x="1" y="2" transform="rotate(-45 1 2)" text-anchor="end">a</text></g>
</svg>
"""


def test_the_svg_check_takes_a_valid_document():
    assert svgcheck.problems(GOOD_SVG) == []


@pytest.mark.parametrize("change, complaint", [
    ('d="M0 0l.5.5', 'd="M0 0lnan.5'),  # a number that is not one
    ('d="M0 0l', 'd="L0 0l'),  # path data that does not start with a moveto
    ('h2v-3Z', 'h2,v-3Z'),  # a comma before a command
    ('a5 5 0 01 5 5', 'a5 5 0 21 5 5'),  # an arc flag that is not 0 or 1
    ('width="0" height="2"', 'width="-1" height="2"'),  # a negative size
    ('fill="url(#c-g0)"', 'fill="url(#c-g9)"'),  # a paint naming no element
    ('fill="url(#c-g0)"', 'fill="url(#c-plot)"'),  # a paint naming a clip path
    ('clip-path="url(#c-plot)"', 'clip-path="url(#c-g0)"'),  # a clip path naming a gradient
    ('viewBox="0 0 200 100"', 'viewBox="0 0 0 100"'),  # an empty viewBox
    ('fill-opacity="1"', 'fill-opacity="1.5"'),  # an opacity beyond 1
    ('fill="tomato"', 'fill="tomatoes"'),  # a colour CSS does not name
    ('rotate(-45 1 2)', 'rotate(-45 1)'),  # a rotation with two numbers
    ('text-anchor="end"', 'text-anchor="right"'),  # a keyword SVG does not have
    ('<title id="c-t">', '<title id="c-s">'),  # an id used twice
    ('aria-labelledby="c-t"', 'aria-labelledby="c-x"'),  # a label naming no element
    ('</g>', '</G>'),  # not well-formed
])
def test_the_svg_check_finds_each_kind_of_mistake(change, complaint):
    old, new = change, complaint
    assert GOOD_SVG.count(old) == 1
    assert svgcheck.problems(GOOD_SVG.replace(old, new)) != []


def test_styled_charts_from_chartd_are_valid_svg(chartd):
    """Gradients, dashes, rounded and bordered bars, every colour form: what chartd draws passes."""
    daemon = wire.Daemon(chartd, {})
    try:
        specs = [
            {"kind": "bar", "dataSets": [{"id": "a", "entries": [3, -2, 5], "colors": ["#abcd", "rgb(1, 2, 3)", "tomato"],
                                          "bar": {"cornerRadius": 6, "corners": "both", "borderWidth": 1,
                                                  "gradient": {"colors": ["#4e79a7", "#4e79a700"]}}}]},
            {"kind": "line", "highlightStyle": {"dash": [4, 3]}, "highlights": [{"dataSet": "l", "index": 1}],
             "dataSets": [{"id": "l", "entries": [1, None, 3, 4], "color": "rgba(255,0,0,0.5)",
                           "line": {"dash": [4, 2], "fill": True, "mode": "cubicBezier", "showCircles": True,
                                    "fillGradient": {"stops": [{"offset": 0}, {"offset": 1, "opacity": 0}], "angle": 45}}}]},
            {"kind": "pie", "pie": {"holeRadius": 0.5, "roundedSlices": True}, "dataSets": [{"id": "p", "entries": [1, 2, 3]}]},
        ]
        for k, spec in enumerate(specs):
            svg = daemon.call("chart/open", {"uri": "mem://styled-%d" % k, "version": 1, "spec": spec})["result"]["svg"]
            assert svgcheck.problems(svg) == []
    finally:
        daemon.close()


def test_every_chart_of_the_demo_gallery_is_valid_svg(chartd, tmp_path):
    """The README's first command draws the gallery: every chart in it passes the SVG grammars."""
    subprocess.run([chartd, "demo", "--out", str(tmp_path)], check=True, capture_output=True, timeout=120)
    charts = sorted(tmp_path.glob("*.svg"))
    assert len(charts) >= 20
    for chart in charts:
        assert svgcheck.problems(chart.read_text()) == [], chart.name


def quick_fix_session(chartd, text):
    """A language server with `text` open: (daemon, uri, its diagnostics)."""
    daemon = wire.Daemon(chartd, {})
    uri = "file:///blackbox/fix.chart.json"
    daemon.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "chart-json", "version": 1, "text": text}})
    daemon.call("chart/synchronize", None)
    published = [n["params"]["diagnostics"] for n in daemon.notifications
                 if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri]
    return daemon, uri, published[-1]


TYPOS = '{"kind": "lien", "titel": "T", "dataSets": [{"id": "a", "entries": [1, 2]}]}'


def test_quick_fixes_mend_what_they_name_and_symbols_nest(chartd):
    daemon, uri, diagnostics = quick_fix_session(chartd, TYPOS)
    try:
        counts = {}
        assert len(diagnostics) >= 2
        assert language.symbol_and_fix_failures(daemon, random.Random(1), uri, TYPOS, diagnostics, counts) == []
        assert counts["quick fixes"] == 2 and counts["symbols"] == 2  # dataSets and its data set
    finally:
        daemon.close()


def test_the_quick_fix_check_notices_a_fix_that_changes_nothing(chartd, monkeypatch):
    """Not vacuous: a fix whose edit is not applied leaves its diagnostic, and that is reported."""
    daemon, uri, diagnostics = quick_fix_session(chartd, TYPOS)
    try:
        monkeypatch.setattr(language, "applied", lambda text, edits: text)
        failures = language.symbol_and_fix_failures(daemon, random.Random(1), uri, TYPOS, diagnostics, {})
        assert failures and all("as often as before" in f for f in failures)
    finally:
        daemon.close()


def test_offsets_read_utf16_positions_back():
    text = '{"a": "😀x"}\n[é]'
    for k in range(len(text) + 1):
        assert language.offset(text, language.position(text, k)) == k
    assert language.applied("abc\ndef", [{"range": {"start": {"line": 1, "character": 1}, "end": {"line": 1, "character": 2}},
                                           "newText": "X"}, {"range": {"start": {"line": 0, "character": 0},
                                                                      "end": {"line": 0, "character": 0}}, "newText": ">"}]) == ">abc\ndXf"


COLOURFUL = ('{"kind": "bar", "xAxis": {"gridColor": "#abcd"}, "dataSets": [{"id": "a", "color": "#4E79A7", '
             '"colors": ["tomato", "hsl(120, 100%, 25%)"], "entries": [1, 2]}]}')


def test_colour_swatches_read_their_digits_and_presentations_read_back(chartd):
    daemon, uri, _ = quick_fix_session(chartd, COLOURFUL)
    try:
        assert language.hex_components(" #4E79A7") == [0x4e, 0x79, 0xa7, 255]
        assert language.hex_components("#abcd") == [0xaa, 0xbb, 0xcc, 0xdd]
        assert language.hex_components("tomato") is None and language.hex_components("#12") is None
        counts = {}
        for seed in range(8):  # a presentation is tried on about one call in four
            assert language.colour_failures(daemon, random.Random(seed), uri, COLOURFUL, counts) == []
        assert counts["colours"] == 8 * 4 and counts.get("colour presentations", 0) >= 1
    finally:
        daemon.close()


def test_the_colour_check_notices_digits_read_wrong_and_a_presentation_not_written(chartd, monkeypatch):
    """Not vacuous: a reader that takes #abcd for #abccdd, or a presentation whose edit is lost."""
    daemon, uri, _ = quick_fix_session(chartd, COLOURFUL)
    try:
        monkeypatch.setattr(language, "hex_components", lambda t: [0xaa, 0xbb, 0xcc, 0xdd] if t.startswith("#") else None)
        failures = language.colour_failures(daemon, random.Random(0), uri, COLOURFUL, {})
        assert any("'#4E79A7' reads as [78, 121, 167, 255], its digits say" in f for f in failures)
        monkeypatch.undo()
        monkeypatch.setattr(language, "applied", lambda text, edits: text)
        failures = [f for seed in range(8) for f in language.colour_failures(daemon, random.Random(seed), uri, COLOURFUL, {})]
        assert failures and all("reads back as" in f for f in failures)
    finally:
        daemon.close()


LAID_OUT = '{"kind":"bar","dataSets":[{"id":"a",\n"entries":[1,2.50,3]}],\n"legend":{\n"enabled":true}}'


def test_formatting_folding_and_selection_pass_the_layout_check(chartd):
    daemon, uri, _ = quick_fix_session(chartd, LAID_OUT)
    try:
        counts = {}
        for seed in range(12):  # the check runs on about one call in three
            assert language.layout_failures(daemon, random.Random(seed), uri, LAID_OUT, counts) == []
        assert counts.get("formatting edits", 0) > 0 and counts.get("selection ranges", 0) > 0
        # Two brackets open on one line, the inner closing first: the outer one folds.
        nested = '{"a": {"b": [\n1,\n2\n],\n"c": 3\n}\n}'
        daemon.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 99},
                                                 "contentChanges": [{"text": nested}]})
        daemon.call("chart/synchronize", None)
        assert [f for seed in range(12) for f in language.layout_failures(daemon, random.Random(seed), uri, nested, {})] == []
        assert language.bracket_lines('{"a": "[{",\n "b": [1,\n2]}') == [(0, 2), (1, 2)]
    finally:
        daemon.close()


def test_the_layout_check_notices_a_changed_meaning_and_wrong_folds(chartd, monkeypatch):
    """Not vacuous: edits that lose a digit, and brackets read a line off."""
    daemon, uri, _ = quick_fix_session(chartd, LAID_OUT)
    try:
        monkeypatch.setattr(language, "applied", lambda text, edits: text.replace("2.50", "2.5"))
        failures = [f for seed in range(12) for f in language.layout_failures(daemon, random.Random(seed), uri, LAID_OUT, {})]
        assert failures and all("changes what the text says" in f for f in failures)
        monkeypatch.undo()
        monkeypatch.setattr(language, "bracket_lines", lambda text: [(a, b + 1) for a, b in [(0, 3), (2, 3)]])
        failures = [f for seed in range(12) for f in language.layout_failures(daemon, random.Random(seed), uri, LAID_OUT, {})]
        assert failures and all("folding ranges" in f for f in failures)
    finally:
        daemon.close()


DATED = ('{"xAxis": {"format": {"type": "date", "pattern": "MM/dd HH:mm"}},\n "dataSets": [\n'
         '  {"id": "p", "entries": [[-30, 1], [86400, 1], [90000.5, 2]]},\n  {"id": "r", "entries": [{"y": 1}, {"y": 2}]},\n'
         '  {"id": "c", "entries": {"x": [3600, 7200], "y": [1, 2]}}]}')


def test_inlay_hints_pass_the_checks_own_reading_of_dates_and_categories(chartd):
    import hints
    assert hints.axis_label({"type": "date", "pattern": "MM/dd HH:mm"}, -30) == "12/31 23:59"
    assert hints.axis_label({"type": "category", "labels": ["a", None]}, 1) == ""
    assert [label for _, label, _ in hints.expected_hints(json.loads(DATED))] == [
        "12/31 23:59", "01/02 00:00", "01/02 01:00", "01/01 00:00", "01/01 00:00", "01/01 01:00", "01/01 02:00"]
    daemon, uri, diagnostics = quick_fix_session(chartd, DATED)
    try:
        counts = {}
        assert hints.inlay_hint_failures(daemon, uri, DATED, diagnostics, counts, language.position, language.offset) == []
        assert counts["inlay hints"] == 7
    finally:
        daemon.close()


def test_the_inlay_hint_check_notices_a_wrong_label_and_a_wrong_place(chartd, monkeypatch):
    """Not vacuous: a date read an hour off, and hints put one character early."""
    import hints
    daemon, uri, diagnostics = quick_fix_session(chartd, DATED)
    try:
        monkeypatch.setattr(hints, "axis_label", lambda fmt, x: time.strftime("%m/%d %H:%M", time.gmtime(math.floor(x) + 3600)))
        failures = hints.inlay_hint_failures(daemon, uri, DATED, diagnostics, {}, language.position, language.offset)
        assert failures and "labels" in failures[0]
        monkeypatch.undo()
        early = lambda text, pos: language.offset(text, pos) - 1  # noqa: E731
        failures = hints.inlay_hint_failures(daemon, uri, DATED, diagnostics, {}, language.position, early)
        assert failures and "not right after" in failures[0]
    finally:
        daemon.close()


#: Two data sets, one named by its label; highlights name the first twice (once escaped) and nobody.
NAMED = ('{"kind": "line", "dataSets": [{"id": "north", "entries": [1, 2]}, {"label": "South", "entries": [3]}],\n'
         ' "highlights": [{"dataSet": "north", "index": 0}, {"dataSet": "nor\\u0074h", "index": 1},'
         ' {"dataSet": "nobody", "index": 0}]}')


def test_the_names_check_reads_where_each_name_is_written():
    import names
    root = names.read(NAMED)
    (north, from_label), (south, south_from_label) = names.name_nodes(root)[0]
    marks = names.name_nodes(root)[1]
    assert (north.value, from_label, NAMED[north.start:north.end]) == ("north", False, '"north"')
    assert (south.value, south_from_label) == ("South", True)
    assert [m.value for m in marks] == ["north", "north", "nobody"]
    assert NAMED[marks[1].start:marks[1].end] == '"nor\\u0074h"'
    assert names.read(NAMED[:-1]) is None


def test_definition_references_and_rename_pass_the_names_check(chartd):
    import names
    daemon, uri, _ = quick_fix_session(chartd, NAMED)
    try:
        counts = {}
        for seed in range(12):
            assert names.name_failures(daemon, random.Random(seed), uri, NAMED, counts, language.position, language.offset) == []
        assert counts["names"] == 12 and counts.get("renames", 0) > 0
    finally:
        daemon.close()


def test_the_names_check_notices_a_definition_elsewhere_and_a_refusal_taken_for_a_rename(chartd, monkeypatch):
    """Not vacuous: ranges read one character late, and renames expected to be refused."""
    import names
    daemon, uri, _ = quick_fix_session(chartd, NAMED)
    try:
        late = lambda text, pos: language.offset(text, pos) + 2  # noqa: E731
        failures = names.name_failures(daemon, random.Random(1), uri, NAMED, {}, language.position, late)
        assert failures and "definition" in failures[0]
        monkeypatch.setattr(names, "CANNOT_RENAME", 0)
        failures = sum((names.name_failures(daemon, random.Random(seed), uri, NAMED, {}, language.position, language.offset)
                        for seed in range(12)), [])
        assert any("not cannotRename" in f for f in failures)
    finally:
        daemon.close()
