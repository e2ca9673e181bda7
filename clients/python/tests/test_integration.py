"""The Python client against the real chartd (CHARTD or PATH); skipped, visibly, without it."""

import importlib.util
import re
import threading
import time

import pytest

import chartd
from chartd import ChartdError, ErrorCode, edits as E
from conftest import CLIENTS


@pytest.fixture
def client(chartd_binary):
    with chartd.Client(chartd_binary, timeout=60) as c:
        yield c


def assert_mirror_is_render(client, doc):
    fresh = client.request("chart/render", {"uri": doc.uri})
    assert fresh["version"] == doc.mirror.version
    assert doc.svg == fresh["svg"]


def assert_replay_reproduces(client, doc):
    """The client's replayed spec renders (same prefix) to exactly the mirror: crash recovery is exact."""
    result = client.request("chart/renderSpec", {"spec": doc.spec, "idPrefix": doc.id_prefix})
    assert result["svg"] == doc.svg, "replayed spec of %s renders differently" % doc.uri


def test_initialize_capabilities(client):
    info = client.server_info
    assert info.name == "chartd" and info.protocol_version == "1.0"
    assert set(info.kinds) >= {"line", "bar", "scatter", "bubble", "candlestick", "pie", "combined"}
    assert set(info.edit_ops) == set(E.EDIT_OPS)
    assert {"maxMessageBytes", "maxDocuments", "maxEntriesPerDataSet"} <= set(info.limits)


def test_every_kind_opens_and_follows_edits_step_by_step(client, specs):
    spec_file = CLIENTS / "web" / "record-demo.py"
    module_spec = importlib.util.spec_from_file_location("record_demo", spec_file)
    recorder = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(recorder)
    import random

    for kind, steps in recorder.KINDS.items():
        doc = client.open("it://%s" % kind, specs[kind])
        assert doc.id_prefix and all(r.startswith(doc.id_prefix + "-") for r in doc.regions)
        assert doc.svg.startswith("<svg ") and doc.svg.endswith("</svg>\n")
        for edits in steps(random.Random(3), 30):
            patch = doc.update(edits)
            assert patch.base_version == patch.version - 1
            assert_mirror_is_render(client, doc)
        assert_replay_reproduces(client, doc)
        doc.close()


def test_each_edit_op(client, specs):
    doc = client.open("it://ops", specs["line"])
    steps = [
        lambda: doc.append_entries("a", [[4, 2.0], [5, 2.2]], max_entries=5),
        lambda: doc.append_entries("b", [1.5, 1.7]),  # bare values continue after the last x
        lambda: doc.add_data_set({"id": "c", "label": "Gamma", "entries": [[0, 1], [5, 3]]}, index=0),
        lambda: doc.update_entries("a", 0, [[1, 5.0]]),
        lambda: doc.remove_entries("a", 0, 1),
        lambda: doc.replace_entries("b", {"x": [0, 1, 2], "y": [3, 2, 1]}),
        lambda: doc.set_visibility("b", False),
        lambda: doc.highlight("a", 1),
        lambda: doc.clear_highlight(),
        lambda: doc.set_viewport(1, 4),
        lambda: doc.set_viewport(None, None),
        lambda: doc.replace_data_set({"id": "c", "label": "Gamma 2", "entries": [[0, 2]]}),
        lambda: doc.remove_data_set("c"),
        lambda: doc.resize(500, 260),
        lambda: doc.merge_spec({"title": "Merged"}),
        lambda: doc.set_spec(specs["line"]),
    ]
    for n, step in enumerate(steps, start=1):
        patch = step()
        assert patch.version == n == doc.version
        assert_mirror_is_render(client, doc)
        assert_replay_reproduces(client, doc)


def test_an_unchanged_spec_gives_an_empty_patch(client, specs):
    doc = client.open("it://same", specs["bar"])
    patch = doc.set_spec(specs["bar"])
    assert patch.is_empty and patch.version == 1


def test_errors(client, specs):
    doc = client.open("it://err", specs["line"])
    before = doc.svg
    with pytest.raises(ChartdError) as info:
        doc.update([E.append_entries("a", [[9, 9]]), E.append_entries("a", [[10, "x"]])])
    assert info.value.code == ErrorCode.INVALID_PARAMS
    assert info.value.diagnostics and info.value.diagnostics[0]["path"].startswith("/edits/1/entries/0")
    assert doc.svg == before and client.render(doc.uri).svg == before
    doc.append_entries("a", [[9, 9]])
    with pytest.raises(ChartdError) as info:
        doc.update([E.resize(300, 300)], version=1)
    # The failed update used version 1 (versions need not be consecutive), so the document is at 2.
    assert info.value.code == ErrorCode.CONTENT_MODIFIED and info.value.current_version == doc.version == 2
    with pytest.raises(ChartdError) as info:
        client.open("it://err", specs["line"])
    assert info.value.kind == "documentAlreadyOpen"
    with pytest.raises(ChartdError) as info:
        client.request("chart/render", {"uri": "it://none"})
    assert info.value.code == ErrorCode.REQUEST_FAILED and info.value.kind == "unknownDocument"
    with pytest.raises(ChartdError) as info:
        client.request("chart/nope", {})
    assert info.value.code == ErrorCode.METHOD_NOT_FOUND


def test_notification_updates_and_patch_callbacks(client, specs):
    doc = client.open("it://notify", specs["line"])
    seen = []
    client.on_patch(lambda p: seen.append(p))
    for i in range(50):
        doc.update_nowait([E.append_entries("a", [[4 + i, i % 7]], max_entries=20)])
    client.synchronize()
    assert doc.version == 50
    assert_mirror_is_render(client, doc)
    assert_replay_reproduces(client, doc)


def test_hit_test_finds_legend_items_and_the_plot(client, specs):
    doc = client.open("it://hit", specs["line"])
    kinds, legend = set(), set()
    for x in range(0, 640, 16):
        for y in range(0, 320, 16):
            target = doc.hit_test(x, y)
            if target is not None:
                kinds.add(target.kind)
                if target.kind == "legendItem":
                    legend.add(target.data_set)
    assert legend == {"a", "b"}
    assert {"plotArea", "axis"} <= kinds or {"entry", "axis"} <= kinds


def test_hit_test_on_more_lists_the_items_it_stands_for(client):
    sets = [{"id": f"s{k}", "label": f"series number {k}", "entries": [1, 2]} for k in range(40)]
    doc = client.open("it://more", {"kind": "line", "width": 300, "height": 200, "dataSets": sets})
    svg = doc.render().svg
    m = re.search(r'data-more="(\d+)"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)
    assert m, "the legend summarises what has no room"
    n, x, y, w, h = int(m.group(1)), *(float(g) for g in m.groups()[1:])
    target = doc.hit_test(x + w / 2, y + h / 2)
    assert target.kind == "legendMore" and target.count == n == len(target.items)
    assert [i.data_set for i in target.items] == [f"s{k}" for k in range(40 - n, 40)]
    assert [i.label for i in target.items][:1] == [f"series number {40 - n}"]
    # What it names toggles as the item would.
    doc.update([E.set_visibility(target.items[-1].data_set, False)])
    assert doc.hit_test(x + w / 2, y + h / 2).items[-1].hidden


def test_render_spec_is_stateless(client, specs):
    svg = client.render_spec(specs["pie"])
    assert svg.startswith("<svg ") and "</svg>\n" in svg
    assert client.documents == []


def test_ndjson_framing(chartd_binary, specs):
    with chartd.Client(chartd_binary, framing="ndjson") as c:
        doc = c.open("it://nd", specs["scatter"])
        doc.append_entries("pts", [{"x": 4, "y": 4}])
        assert_mirror_is_render(c, doc)


def test_shutdown_exits_zero(chartd_binary):
    c = chartd.Client(chartd_binary)
    process = c._gen.process.process
    c.close()
    assert process.returncode == 0


def test_threads_share_one_client(client, specs):
    docs = [client.open("it://t%d" % k, specs["line"]) for k in range(4)]
    errors = []

    def work(doc):
        try:
            for i in range(40):
                doc.append_entries("a", [[4 + i, i % 5]], max_entries=30)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(d,)) for d in docs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for doc in docs:
        assert doc.version == 40
        assert_mirror_is_render(client, doc)


def test_a_rejected_notification_update_is_reported_and_not_replayed(client, specs):
    doc = client.open("it://rejected", specs["line"])
    reports = []
    client.on_diagnostics(reports.append)
    doc.update_nowait([E.append_entries("a", [[4, 1]])])
    doc.update_nowait([E.set_spec({"kind": "line", "dataSets": "bad"})])  # chartd rejects it
    doc.update_nowait([E.append_entries("a", [[5, 2]])])
    client.synchronize()
    assert doc.version == 3
    time.sleep(0.05)  # callbacks run on the dispatcher thread
    rejected = [r for r in reports if any(d["severity"] == "error" for d in r["diagnostics"])]
    assert [(r["version"], r["diagnostics"][0]["path"]) for r in rejected] == [(2, "/edits/0/spec/dataSets")]
    assert doc.replay_exact
    assert_mirror_is_render(client, doc)
    assert_replay_reproduces(client, doc)


def test_a_bar_chart_with_a_hidden_series_matches_its_snapshot(chartd_client, svg_snapshot):
    """The harness helper on a real render: tests/snapshots/bars-south-hidden.svg is the reviewed SVG
    (CHARTD_UPDATE_SNAPSHOTS=1 rewrites it when rendering changes on purpose)."""
    spec = {"kind": "bar", "width": 360, "height": 200,
            "dataSets": [{"id": "north", "entries": [3, 5, 2]}, {"id": "south", "entries": [4, 1, 6]}]}
    doc = chartd_client.open("mem://snapshot", spec, id_prefix="bars")
    doc.set_visibility("south", False)
    svg_snapshot(doc.svg, "bars-south-hidden.svg")


# -- restored regions (previousMarkup, protocol/patch.md) ----------------------------------------

THREE_WALKS = {
    "kind": "line", "width": 640, "height": 320, "title": "Three walks",
    "dataSets": [{"id": ds, "label": ds.upper(), "entries": [[i, (i * (k + 3)) % 17 + k] for i in range(n)]}
                 for k, (ds, n) in enumerate([("a", 300), ("b", 1500), ("c", 40)])],  # b: two chunks
}

#: Toggles around a highlight, appends, a data set added in front (a change of order) and removed.
TOGGLE_STEPS = [
    lambda d: d.set_visibility("b", False),
    lambda d: d.set_visibility("b", True),
    lambda d: d.set_visibility("b", False),
    lambda d: d.set_visibility("b", True),
    lambda d: d.highlight("a", 3),
    lambda d: d.set_visibility("b", False),
    lambda d: d.append_entries("a", [[300, 4], [301, 6]]),
    lambda d: d.set_visibility("c", False),
    lambda d: d.set_visibility("b", True),
    lambda d: d.set_visibility("c", True),
    lambda d: d.clear_highlight(),
    lambda d: d.set_visibility("b", False),
    lambda d: d.set_visibility("b", True),
    lambda d: d.add_data_set({"id": "d", "label": "D", "entries": [[0, 3], [9, 1]]}, index=0),
    lambda d: d.set_visibility("b", False),
    lambda d: d.set_visibility("b", True),
    lambda d: d.remove_data_set("d"),
    lambda d: d.set_visibility("b", False),
    lambda d: d.set_visibility("b", True),
]


def test_toggled_regions_are_restored_from_the_mirror(chartd_binary):
    """Each patch leaves the mirror equal, byte for byte, to chart/render of a twin document that
    gets the same edits in a daemon told nothing of previousMarkup (a chart/render of this document
    would be a full SVG, after which chartd restores nothing replaced before it)."""
    with chartd.Client(chartd_binary, timeout=60) as client, \
            chartd.Client(chartd_binary, timeout=60, previous_markup=False) as twin_client:
        doc = client.open("it://restore", THREE_WALKS, id_prefix="rm")
        twin = twin_client.open("it://restore", THREE_WALKS, id_prefix="rm")
        own = chartd.SvgMirror(doc.svg, doc.version)  # the same patches again: a mismatch raises here
        restored = []
        for n, step in enumerate(TOGGLE_STEPS, start=1):
            patch, twin_patch = step(doc), step(twin)
            own.apply(patch)
            assert patch.version == twin_patch.version == n == doc.version == doc.mirror.version
            expected = twin_client.request("chart/render", {"uri": twin.uri})["svg"]
            assert doc.svg == own.text == expected, "step %d" % n
            assert twin_patch.restored == [], "restored sent to a client that did not declare previousMarkup"
            assert not set(patch.restored) & {f.id for f in patch.fragments}
            restored += patch.restored
        if client.server_info.previous_markup:
            assert "rm-s-b-0" in restored and "rm-s-b-1" in restored and "rm-legend-b" in restored
        else:
            assert restored == []
        # chart/render sends the full SVG: the mirror drops what it kept, and chartd restores only
        # what it replaced after it (b's regions were replaced before, so they come as fragments).
        doc.set_visibility("b", False)
        render = doc.render()
        assert render.svg == doc.svg and doc.mirror.previous == {}
        own.reset(render.svg, render.version)
        shown = doc.set_visibility("b", True)
        own.apply(shown)
        assert shown.restored == [] and {"rm-s-b-0", "rm-s-b-1"} <= {f.id for f in shown.fragments}
        hidden = doc.set_visibility("b", False)
        own.apply(hidden)
        if client.server_info.previous_markup:  # hidden again: everything showing it replaced comes back
            assert hidden.fragments == [] and set(hidden.restored) == {f.id for f in shown.fragments}
        else:
            assert hidden.restored == []
        assert doc.svg == own.text == client.request("chart/render", {"uri": doc.uri})["svg"]


def test_restored_regions_in_patch_notifications(chartd_binary):
    """``update_nowait`` toggles: the chart/patch notifications carry restored ids too, and what
    ``on_patch`` hands on applies to a mirror of the open result exactly as chartd's full SVG."""
    with chartd.Client(chartd_binary, timeout=60) as client, \
            chartd.Client(chartd_binary, timeout=60, previous_markup=False) as twin_client:
        doc = client.open("it://restore-notify", THREE_WALKS, id_prefix="rn")
        twin = twin_client.open("it://restore-notify", THREE_WALKS, id_prefix="rn")
        own = chartd.SvgMirror(doc.svg, doc.version)
        seen = []
        client.on_patch(seen.append)
        toggles = [("b", False), ("b", True), ("b", False), ("b", True), ("c", False), ("b", False), ("c", True), ("b", True)]
        for data_set, visible in toggles:
            edits = [E.set_visibility(data_set, visible)]
            doc.update_nowait(edits)
            twin.update(edits)
            # One at a time: notifications read together may be merged into one patch (a toggle
            # off and on into none); the barrier keeps one patch per toggle.
            client.synchronize()
        for _ in range(200):  # callbacks run on the dispatcher thread
            if len(seen) == 8:
                break
            time.sleep(0.01)
        assert [p.version for p in seen] == list(range(1, 9))
        own.apply_all(seen)
        assert doc.version == 8
        assert doc.svg == own.text == twin_client.request("chart/render", {"uri": twin.uri})["svg"]
        assert any(p.restored for p in seen) == client.server_info.previous_markup


# -- spliced fragments (markupSplices, protocol/patch.md) ----------------------------------------

#: A data set id (and so the series regions' data-dataset attribute) with é, 漢 and 😀: in the
#: regions that are spliced, UTF-8 byte offsets are past the str indices.
WIDE_SET = "prix-é漢😀"

#: ~2,000 points against fixed axes, so an append changes only the end of the last chunk's path.
LONG_LINE = {
    "kind": "line", "width": 720, "height": 360, "title": "Cours € 漢 😀",
    "xAxis": {"min": 0, "max": 2100}, "leftAxis": {"min": -5, "max": 25},
    "dataSets": [{"id": WIDE_SET, "label": "Prix é 漢 😀", "entries": [[i, (i * 37) % 23 / 1.5] for i in range(1960)]},
                 {"id": "b", "label": "B", "entries": [[i, (i * 11) % 7 + 3] for i in range(300)]}],
}


def splice_steps():
    """40 single-point appends with highlights and toggles in between (a hidden data set shown
    again is restored, for a client that declared previousMarkup, from before a splice)."""
    steps = []
    for n in range(40):
        steps.append(lambda d, n=n: d.append_entries(WIDE_SET, [[1960 + n, (n * 7) % 19 + 0.25]]))
        if n % 8 == 2:
            steps.append(lambda d, n=n: d.highlight(WIDE_SET, 1960 + n))
        if n % 8 == 5:
            steps.append(lambda d: d.clear_highlight())
        if n % 10 == 4:
            steps.append(lambda d: d.set_visibility("b", False))
            steps.append(lambda d: d.set_visibility("b", True))
        if n % 10 == 8:
            steps.append(lambda d: d.set_visibility(WIDE_SET, False))
            steps.append(lambda d: d.set_visibility(WIDE_SET, True))
    return steps


def test_spliced_fragments_keep_the_mirror_equal_to_render(chartd_binary):
    """Each patch applies to an independent mirror (a splice that does not fit raises there; the
    document would quietly fetch a render instead, so its resyncs are counted too) and leaves the
    mirror equal, byte for byte, to chart/render (``keepPreviousMarkup``: this client keeps its
    previous markup). A twin client that declared no markupSplices gets the same edits: no splice
    reaches it, and its mirror is the same SVG."""
    with chartd.Client(chartd_binary, timeout=60) as client, \
            chartd.Client(chartd_binary, timeout=60, markup_splices=False) as twin_client:
        doc = client.open("it://splices", LONG_LINE, id_prefix="sp")
        twin = twin_client.open("it://splices", LONG_LINE, id_prefix="sp")
        own = chartd.SvgMirror(doc.svg, doc.version)
        resyncs = []
        internal = client._request_internal
        client._request_internal = lambda method, *rest: (resyncs.append(method), internal(method, *rest))
        spliced, past_wide = 0, 0
        steps = splice_steps()
        for n, step in enumerate(steps, start=1):
            lines = dict(zip(own.region_ids, own.regions))
            patch, twin_patch = step(doc), step(twin)
            own.apply(patch)
            render = client.request("chart/render", {"uri": doc.uri, "keepPreviousMarkup": True})
            assert patch.version == twin_patch.version == n == render["version"] == doc.mirror.version
            assert doc.svg == own.text == render["svg"] == twin.svg, "step %d" % n
            assert all("splice" not in f for f in twin_patch.raw.get("fragments", [])), "splice sent to a client that did not declare markupSplices"
            splices = [f for f in patch.fragments if f.splice is not None]
            spliced += len(splices)
            for f in splices:  # characters before the cut, fewer than its bytes behind a multi-byte one
                past_wide += len(lines[f.id].encode("utf-8")[:f.splice.start].decode("utf-8")) < f.splice.start
            stats = patch.raw.get("stats")
            if splices and len(splices) == len(patch.fragments) and not patch.inserted and patch.root is None and stats:
                assert stats["markupBytes"] == sum(len(f.splice.text.encode("utf-8")) for f in splices), "step %d" % n
        assert resyncs == [], "a patch did not fit the document's mirror"
        assert len(steps) > 50
        if client.server_info.markup_splices:
            assert spliced >= 1
            assert past_wide >= 1, "no splice cut a non-ASCII line behind a multi-byte character"
        else:
            assert spliced == 0
