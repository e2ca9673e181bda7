"""The ``previousMarkup`` capability (protocol/patch.md, "Restored regions") against the stand-in
daemon: what initialize declares (and, off, does not), restored regions applied by the document
mirror, the fall-back to a full render when a restore cannot be applied, and crash recovery. The
same is checked against the real chartd in test_integration.py."""

import asyncio
import os
import signal
import threading

import pytest

import chartd
from chartd import SvgMirror, edits as E
from chartd.aio import AsyncClient

SPEC = {"kind": "line", "dataSets": [{"id": "a", "entries": [[0, 1]]}, {"id": "b", "entries": [[0, 2]]},
                                     {"id": "c", "entries": [[0, 3]]}]}


def initializes(messages):
    return [m["params"] for m in messages if m.get("method") == "initialize"]


def toggles(doc, times):
    """Hides and shows data set b ``times`` times; returns each patch."""
    return [doc.set_visibility("b", n % 2 == 1) for n in range(2 * times)]


def test_initialize_declares_the_capability_by_default(fake_binary, sent):
    with chartd.Client(fake_binary, timeout=20) as c:
        assert c.previous_markup is True
        assert c.server_info.previous_markup is True  # the stand-in advertises it, as chartd does
    # markupSplices is declared beside it (test_markup_splices.py).
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True, "markupSplices": True}}]


def test_previous_markup_false_does_not_declare_it_and_gets_no_restored(fake_binary, sent):
    with chartd.Client(fake_binary, timeout=20, previous_markup=False) as c:
        doc = c.open("mem://a", SPEC)
        patches = toggles(doc, 3)
        assert all(p.restored == [] and "restored" not in p.raw for p in patches)
        assert [p.fragments[0].id for p in patches] == ["c1-s-b"] * 6  # the markup comes every time
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"markupSplices": True}}]


def test_the_async_client_passes_the_option_on(fake_binary, sent):
    async def main():
        async with await AsyncClient.start(fake_binary, timeout=20, previous_markup=False) as client:
            assert client.client.previous_markup is False
        async with await AsyncClient.start(fake_binary, timeout=20) as client:
            doc = await client.open("mem://a", SPEC)
            await doc.set_visibility("b", False)
            assert (await doc.set_visibility("b", True)).restored == ["c1-s-b"]

    asyncio.run(asyncio.wait_for(main(), 60))
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"markupSplices": True}},
                                                              {"chart": {"previousMarkup": True, "markupSplices": True}}]


def test_toggles_come_back_as_restored_regions_and_the_mirror_follows(fake_binary):
    """A twin client without the capability gets the same edits: its chart/render is the expected
    SVG (a chart/render of this document would be a full SVG, after which nothing is restored)."""
    with chartd.Client(fake_binary, timeout=20) as c, chartd.Client(fake_binary, timeout=20, previous_markup=False) as twin:
        doc = c.open("mem://a", SPEC)
        ref = twin.open("mem://a", SPEC)
        own = SvgMirror(doc.svg, doc.version)  # applies the same patches, so a mismatch raises here
        series = lambda m: dict(zip(m.region_ids, m.regions))["c1-s-b"]
        shown = series(own)
        hidden = None
        for n in range(6):
            visible = n % 2 == 1
            patch = doc.set_visibility("b", visible)
            ref_patch = ref.set_visibility("b", visible)
            own.apply(patch)
            if n == 0:
                hidden = patch.fragments[0].svg
                assert [f.id for f in patch.fragments] == ["c1-s-b"] and patch.restored == []
            else:
                # From the first show on, b's series is restored; the twin gets its markup.
                assert patch.restored == ["c1-s-b"] and patch.fragments == [] and not patch.is_empty
                assert [f.svg for f in ref_patch.fragments] == [shown if visible else hidden]
            assert doc.svg == own.text == twin.request("chart/render", {"uri": ref.uri})["svg"], n
            assert series(doc.mirror) == (shown if visible else hidden)
            assert doc.mirror.previous["c1-s-b"] == (hidden if visible else shown)
        # A highlight and an append between toggles: only the unchanged markup comes back.
        for step in (lambda d: d.highlight("a", 0), lambda d: d.append_entries("c", [[1, 4]]),
                     lambda d: d.set_visibility("b", False), lambda d: d.set_visibility("b", True)):
            patch, _ = step(doc), step(ref)
            own.apply(patch)
            assert doc.svg == own.text == twin.request("chart/render", {"uri": ref.uri})["svg"]
        assert patch.restored == ["c1-s-b"]


def test_a_restore_the_mirror_cannot_apply_falls_back_to_a_full_render(fake_binary):
    with chartd.Client(fake_binary, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        doc.set_visibility("b", False)
        doc.mirror.forget_previous()  # as if the mirror had lost it: the restore below cannot apply
        renders = []
        internal = c._request_internal
        c._request_internal = lambda method, *rest: (renders.append(method), internal(method, *rest))
        patch = doc.set_visibility("b", True)
        assert patch.restored == ["c1-s-b"]
        assert renders == ["chart/render"]
        assert doc.version == doc.mirror.version == 2 and doc.mirror.previous == {}  # reset by the render
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]


def test_patches_from_notifications_carry_restored(fake_binary):
    with chartd.Client(fake_binary, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        seen = []
        got_all = threading.Event()
        c.on_patch(lambda p: (seen.append(p), len(seen) == 5 and got_all.set()))
        for n in range(5):
            doc.update_nowait([E.set_visibility("b", n % 2 == 1)])
        c.synchronize()
        assert got_all.wait(10)
        assert [p.restored for p in seen] == [[], ["c1-s-b"], ["c1-s-b"], ["c1-s-b"], ["c1-s-b"]]
        assert doc.version == 5
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]


def test_a_restarted_daemon_is_declared_to_and_the_mirror_forgets_what_it_kept(fake_binary, sent):
    with chartd.Client(fake_binary, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        doc.set_visibility("b", False)
        assert "c1-s-b" in doc.mirror.previous
        first_pid = c.pid
        os.kill(first_pid, signal.SIGKILL)
        doc.highlight("a", 0)  # sent to the dead daemon, answered by the new one
        assert c.pid != first_pid
        # The new daemon sent the full SVG on re-open: it restores nothing it did not replace since.
        assert "c1-s-b" not in doc.mirror.previous
        patch = doc.set_visibility("b", True)
        assert patch.restored == [] and [f.id for f in patch.fragments] == ["c1-s-b"]
        assert doc.set_visibility("b", False).restored == ["c1-s-b"]
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True, "markupSplices": True}}] * 2
