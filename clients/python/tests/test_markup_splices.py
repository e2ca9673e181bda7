"""The ``markupSplices`` capability (protocol/patch.md, "Spliced fragments"): splices applied by the
mirror (UTF-8 byte offsets, all or nothing), their wire form, what initialize declares (and, off,
does not), and the document engine against the stand-in daemon offering splices
(``FAKE_CHARTD_SPLICES=1``). The same is checked against the real chartd in test_integration.py."""

import asyncio
import os
import signal
import threading

import pytest

import chartd
from chartd import Fragment, Patch, PatchMismatchError, Splice, SvgMirror, edits as E
from chartd.aio import AsyncClient

ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">'
BG = '<rect id="p-bg" width="100" height="50"/>'
S1 = '<g id="p-s-a-0" data-role="series" data-dataset="a"><path d="M0 0L1 1"/></g>'
#: Two-byte é, three-byte 漢, four-byte 😀 before the path: byte offsets are not str indices here.
WIDE = '<g id="p-s-w-0" data-role="series" data-dataset="é漢😀"><path d="M0 0L1 1"/></g>'
LEG = '<g id="p-legend-a" data-role="legend-item" data-dataset="a"><text>A</text></g>'


def svg(*regions):
    return "\n".join([ROOT, *regions, "</svg>", ""])


def patch(base, version, **kw):
    return Patch.from_json({"uri": "u", "baseVersion": base, "version": version, **kw})


def splice_at(rid, start, end, text):
    return {"id": rid, "splice": {"start": start, "end": end, "text": text}}


def nbytes(text):
    return len(text.encode("utf-8"))


def snapshot(m):
    return m.text, m.version, dict(m.previous)


# -- the mirror -----------------------------------------------------------------------------------


def test_an_ascii_splice_replaces_bytes_and_keeps_the_old_line_as_previous():
    m = SvgMirror(svg(BG, S1, LEG), 0)
    at = S1.index("L1 1")
    p = patch(0, 1, fragments=[splice_at("p-s-a-0", at, at + 4, "L1 1L2 3")])
    assert p.fragments == [Fragment("p-s-a-0", splice=Splice(at, at + 4, "L1 1L2 3"))]
    assert p.fragments[0].svg is None and p.fragments[0].is_splice and not p.is_empty
    m.apply(p)
    spliced = S1.replace("L1 1", "L1 1L2 3")
    assert m.text == svg(BG, spliced, LEG) and m.version == 1
    assert m.previous == {"p-s-a-0": S1}
    # An insertion at the very end, a deletion, and a whole replacement.
    m.apply(patch(1, 2, fragments=[splice_at("p-s-a-0", len(spliced), len(spliced), "<!--e-->")]))
    m.apply(patch(2, 3, fragments=[splice_at("p-s-a-0", 0, len('<g id="p-s-a-0" '), '<g id="p-s-a-0" ')]))
    m.apply(patch(3, 4, fragments=[splice_at("p-legend-a", LEG.index("A<"), LEG.index("A<") + 1, "")]))
    assert m.text == svg(BG, spliced + "<!--e-->", LEG.replace(">A<", "><"))
    whole = nbytes(LEG.replace(">A<", "><"))
    m.apply(patch(4, 5, fragments=[splice_at("p-legend-a", 0, whole, LEG)]))
    assert m.text == svg(BG, spliced + "<!--e-->", LEG)


def test_offsets_count_utf8_bytes_in_a_non_ascii_line():
    m = SvgMirror(svg(BG, WIDE), 0)
    chars = WIDE.index("L1 1")
    at = nbytes(WIDE[:chars])
    assert at == chars + 1 + 2 + 3  # é, 漢 and 😀 take 2, 3 and 4 bytes
    m.apply(patch(0, 1, fragments=[splice_at("p-s-w-0", at, at + 4, "L1 1L2 2")]))
    assert m.regions[1] == WIDE.replace("L1 1", "L1 1L2 2")
    assert m.previous == {"p-s-w-0": WIDE}


@pytest.mark.parametrize("char", ["é", "漢", "😀"])
def test_a_splice_right_after_a_multi_byte_character(char):
    """Text inserted at the boundary that ends each character, and the character itself replaced."""
    line = '<g id="p-t"><text>%s</text></g>' % char
    after = nbytes(line[: line.index("</text>")])
    m = SvgMirror(svg(line), 0)
    m.apply(patch(0, 1, fragments=[splice_at("p-t", after, after, "+" + char)]))
    assert m.regions[0] == line.replace(char, char + "+" + char)
    before = after - nbytes(char)
    m.apply(patch(1, 2, fragments=[splice_at("p-t", before, after, "x")]))
    assert m.regions[0] == line.replace(char, "x+" + char)


def test_an_ascii_line_becomes_non_ascii_and_the_next_splice_counts_bytes():
    m = SvgMirror(svg(S1), 0)
    at = S1.index("</g>")
    m.apply(patch(0, 1, fragments=[splice_at("p-s-a-0", at, at, "<text>漢😀</text>")]))
    line = S1.replace("</g>", "<text>漢😀</text></g>")
    assert m.regions[0] == line
    end = nbytes(line[: line.index("</text>")])
    m.apply(patch(1, 2, fragments=[splice_at("p-s-a-0", end, end, "é")]))
    assert m.regions[0] == S1.replace("</g>", "<text>漢😀é</text></g>")


def _inside(char):
    """Byte offsets of WIDE that fall inside ``char`` (after its first byte)."""
    first = nbytes(WIDE[: WIDE.index(char)])
    return [first + k for k in range(1, nbytes(char))]


INSIDE = [(c, at) for c in ("é", "漢", "😀") for at in _inside(c)]


@pytest.mark.parametrize("char,at", INSIDE)
def test_an_offset_inside_a_character_does_not_fit_and_changes_nothing(char, at):
    m = SvgMirror(svg(BG, WIDE), 0)
    before = snapshot(m)
    for start, end in [(at, at), (at, nbytes(WIDE)), (0, at)]:
        with pytest.raises(PatchMismatchError, match="inside a character"):
            m.apply(patch(0, 1, fragments=[splice_at("p-s-w-0", start, end, "x")]))
        assert snapshot(m) == before, char


@pytest.mark.parametrize("line", [S1, WIDE], ids=["ascii", "non-ascii"])
@pytest.mark.parametrize(
    "start,end,message",
    [
        (5, 4, "0 ≤ start ≤ end"),
        (-1, 3, "0 ≤ start ≤ end"),
        (-3, -1, "0 ≤ start ≤ end"),
        (0, None, "past the markup"),  # end = the line's byte length + 1
        (None, None, "past the markup"),  # start = end = the byte length + 1
    ],
)
def test_offsets_out_of_range_do_not_fit(line, start, end, message):
    size = nbytes(line)
    start = size + 1 if start is None else start
    end = size + 1 if end is None else end
    rid = "p-s-a-0" if line is S1 else "p-s-w-0"
    m = SvgMirror(svg(BG, line), 0)
    before = snapshot(m)
    with pytest.raises(PatchMismatchError, match=message) as caught:
        m.apply(patch(0, 1, fragments=[splice_at(rid, start, end, "x")]))
    assert rid in str(caught.value)
    assert snapshot(m) == before
    m.apply(patch(0, 1, fragments=[splice_at(rid, size, size, "x")]))  # the byte length itself fits
    assert m.regions[1] == line + "x"


@pytest.mark.parametrize(
    "entry,message",
    [
        ({"id": "p-s-a-0", "splice": {"start": 1, "end": 2}}, "lacks text"),
        ({"id": "p-s-a-0", "splice": {"text": "x"}}, "lacks start, end"),
        ({"id": "p-s-a-0", "splice": {"start": "1", "end": 2, "text": "x"}}, "must be integers"),
        ({"id": "p-s-a-0", "splice": {"start": 1.0, "end": 2, "text": "x"}}, "must be integers"),
        ({"id": "p-s-a-0", "splice": {"start": True, "end": 2, "text": "x"}}, "must be integers"),
        ({"id": "p-s-a-0", "splice": {"start": 1, "end": 2, "text": None}}, "text must be a string"),
        ({"id": "p-s-a-0", "splice": [1, 2, "x"]}, "must be an object"),
        ({"id": "p-s-a-0", "splice": None}, "must be an object"),
        ({"id": "p-s-a-0", "svg": S1, "splice": {"start": 0, "end": 0, "text": ""}}, "both markup and a splice"),
        ({"id": "p-s-a-0"}, "neither markup nor a splice"),
        ({"id": "p-s-a-0", "svg": None}, "not a string"),
    ],
)
def test_a_malformed_fragment_parses_but_does_not_fit(entry, message):
    """The patch is read (a notification is not lost), the fragment says what is wrong, and the
    mirror refuses it: the client then fetches a full render."""
    p = patch(0, 1, fragments=[entry])
    frag = p.fragments[0]
    assert frag.id == "p-s-a-0" and frag.splice is None and message in frag.invalid
    m = SvgMirror(svg(BG, S1), 0)
    before = snapshot(m)
    with pytest.raises(PatchMismatchError, match=message):
        m.apply(p)
    assert snapshot(m) == before


def test_splice_from_json_and_construction_say_what_is_wrong():
    assert Splice.from_json({"start": 0, "end": 3, "text": "é"}) == Splice(0, 3, "é")
    with pytest.raises(ValueError, match="lacks end"):
        Splice.from_json({"start": 0, "text": ""})
    with pytest.raises(ValueError, match=r"got 4\.\.<2"):
        Splice(4, 2, "")
    with pytest.raises(ValueError, match="inside a character"):
        Splice(1, 1, "").apply("é")
    assert Splice(2, 2, "!").apply("é") == "é!"
    with pytest.raises(KeyError):  # a fragment without an id is as unreadable as before
        Patch.from_json({"uri": "u", "baseVersion": 0, "version": 1, "fragments": [{"splice": {"start": 0, "end": 0, "text": ""}}]})


def test_a_splice_then_restored_gives_back_the_line_before_the_splice():
    m = SvgMirror(svg(BG, WIDE, LEG), 0)
    at = nbytes(WIDE[: WIDE.index(' data-role')])
    m.apply(patch(0, 1, fragments=[splice_at("p-s-w-0", at, at, ' display="none"')]))
    hidden = WIDE.replace(' data-role', ' display="none" data-role')
    assert m.regions[1] == hidden and m.previous["p-s-w-0"] == WIDE
    m.apply(patch(1, 2, restored=["p-s-w-0"]))
    assert m.text == svg(BG, WIDE, LEG) and m.previous["p-s-w-0"] == hidden
    m.apply(patch(2, 3, restored=["p-s-w-0"]))
    assert m.regions[1] == hidden
    # A splice of a restored line applies to what the restore put back.
    end = nbytes(hidden)
    m.apply(patch(3, 4, fragments=[splice_at("p-s-w-0", end, end, "<!--x-->")]))
    assert m.regions[1] == hidden + "<!--x-->" and m.previous["p-s-w-0"] == hidden


def test_a_splice_in_a_patch_that_does_not_fit_is_undone_with_it():
    m = SvgMirror(svg(BG, S1, WIDE, LEG), 4)
    m.apply(patch(4, 5, fragments=[{"id": "p-legend-a", "svg": LEG.replace(">A<", ">B<")}]))
    before = snapshot(m)
    at = nbytes(WIDE[: WIDE.index("L1 1")])
    valid = [splice_at("p-s-a-0", 0, 2, "<g"), splice_at("p-s-w-0", at, at + 4, "L9 9")]
    for bad in (
        {"fragments": valid + [{"id": "p-nope", "svg": "<g/>"}]},  # an unknown id after the splices
        {"fragments": valid + [splice_at("p-legend-a", 0, 10_000, "")]},  # a second splice out of range
        {"fragments": valid, "restored": ["p-bg"]},  # a restore without previous markup
        {"removed": ["p-bg"], "fragments": valid + [splice_at("p-bg", 0, 0, "")]},  # spliced after removal
    ):
        with pytest.raises(PatchMismatchError):
            m.apply(patch(5, 6, **bad))
        assert snapshot(m) == before, bad
    m.apply(patch(5, 6, fragments=valid))
    assert m.regions[2] == WIDE.replace("L1 1", "L9 9") and m.version == 6


# -- initialize and the engine, against the stand-in daemon ----------------------------------------

SPEC = {"kind": "line", "title": "Prix € 漢 😀",
        "dataSets": [{"id": "é漢😀", "label": "Été", "entries": [[0, 1]]}, {"id": "b", "entries": [[0, 2]]}]}
WIDE_ID = "c1-s-_e9__6f22__1f600_"  # the stand-in's series region of data set é漢😀


@pytest.fixture
def splicing_env():
    """The stand-in daemon offering markupSplices (it does not unless told)."""
    return dict(os.environ, FAKE_CHARTD_SPLICES="1")


def initializes(messages):
    return [m["params"] for m in messages if m.get("method") == "initialize"]


def record_resyncs(client):
    """The chart/render requests the engine makes for itself (a patch that did not fit)."""
    renders = []
    internal = client._request_internal
    client._request_internal = lambda method, *rest: (renders.append(method), internal(method, *rest))
    return renders


def splices(patches):
    return [f for p in patches for f in p.fragments if f.splice is not None]


def test_initialize_declares_markup_splices_by_default(fake_binary, splicing_env, sent):
    with chartd.Client(fake_binary, timeout=20, env=splicing_env) as c:
        assert c.markup_splices is True
        assert c.server_info.markup_splices is True
    with chartd.Client(fake_binary, timeout=20) as c:  # a daemon that does not offer it
        assert c.markup_splices is True and c.server_info.markup_splices is False
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True, "markupSplices": True}}] * 2


def test_markup_splices_false_declares_it_not_and_gets_whole_fragments(fake_binary, splicing_env, sent):
    with chartd.Client(fake_binary, timeout=20, env=splicing_env, markup_splices=False) as c:
        assert c.markup_splices is False
        doc = c.open("mem://a", SPEC)
        patches = [doc.append_entries("é漢😀", [[n, n % 3]]) for n in range(1, 6)]
        assert splices(patches) == [] and all(isinstance(f.svg, str) for p in patches for f in p.fragments)
        assert [f.id for p in patches for f in p.fragments] == [WIDE_ID] * 5
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]
    with chartd.Client(fake_binary, timeout=20, env=splicing_env, markup_splices=False, previous_markup=False):
        pass
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True}}, {}]


def test_the_async_client_passes_the_option_on(fake_binary, splicing_env, sent):
    async def main():
        async with await AsyncClient.start(fake_binary, timeout=20, env=splicing_env, markup_splices=False) as client:
            assert client.client.markup_splices is False
            doc = await client.open("mem://a", SPEC)
            assert splices([await doc.append_entries("é漢😀", [[1, 2]])]) == []
        async with await AsyncClient.start(fake_binary, timeout=20, env=splicing_env) as client:
            doc = await client.open("mem://a", SPEC)
            assert len(splices([await doc.append_entries("é漢😀", [[1, 2]])])) == 1
            assert doc.svg == (await client.request("chart/render", {"uri": doc.uri}))["svg"]

    asyncio.run(asyncio.wait_for(main(), 60))
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True}},
                                                              {"chart": {"previousMarkup": True, "markupSplices": True}}]


def test_spliced_appends_and_toggles_keep_the_mirror_equal_to_the_daemon(fake_binary, splicing_env):
    """Appends to a data set whose markup is not ASCII come as splices at byte offsets; a toggle
    splices the region and the toggle back restores the line from before that splice. A twin client
    without the capability gets the same edits: its chart/render is the expected SVG."""
    with chartd.Client(fake_binary, timeout=20, env=splicing_env) as c, \
            chartd.Client(fake_binary, timeout=20, env=splicing_env, markup_splices=False) as twin:
        doc = c.open("mem://a", SPEC)
        ref = twin.open("mem://a", SPEC)
        own = SvgMirror(doc.svg, doc.version)  # applies the same patches, so a misfit raises here
        opened = dict(zip(own.region_ids, own.regions))[WIDE_ID]
        resyncs = record_resyncs(c)
        steps = [lambda d, n=n: d.append_entries("é漢😀", [[n, n * 1.5]]) for n in range(1, 8)] + [
            lambda d: d.set_visibility("é漢😀", False),
            lambda d: d.set_visibility("é漢😀", True),
            lambda d: d.highlight("é漢😀", 2),
            lambda d: d.append_entries("é漢😀", [[8, 0.5]]),
            lambda d: d.append_entries("b", [[1, 4]]),
        ]
        patches = []
        for n, step in enumerate(steps, start=1):
            patch, ref_patch = step(doc), step(ref)
            own.apply(patch)
            patches.append(patch)
            assert splices([ref_patch]) == []
            assert doc.svg == own.text == twin.request("chart/render", {"uri": ref.uri})["svg"], n
        spliced = splices(patches)
        assert [f.id for f in spliced] == [WIDE_ID] * 9 + ["c1-s-b"]  # the appends and the hide
        # The first append cuts after "n=", behind é漢😀 in the data-dataset attribute: 6 bytes more
        # than characters.
        cut = opened.index("n=") + 2
        assert opened[cut:].startswith("1 last=1</text>")
        assert spliced[0].splice == Splice(cut + 6, cut + 6 + len("1 last=1"), "2 last=1.5")
        assert patches[8].restored == [WIDE_ID] and patches[8].fragments == []  # shown again: the pre-splice line
        assert resyncs == []


def test_patch_notifications_carry_splices(fake_binary, splicing_env):
    with chartd.Client(fake_binary, timeout=20, env=splicing_env) as c:
        doc = c.open("mem://a", SPEC)
        own = SvgMirror(doc.svg, doc.version)
        resyncs = record_resyncs(c)
        seen = []
        got_all = threading.Event()
        c.on_patch(lambda p: (seen.append(p), len(seen) == 5 and got_all.set()))
        for n in range(1, 6):
            doc.update_nowait([E.append_entries("é漢😀", [[n, n]])])
        c.synchronize()
        assert got_all.wait(10)
        own.apply_all(seen)
        assert [len(splices([p])) for p in seen] == [1] * 5
        assert doc.version == 5 and resyncs == []
        assert doc.svg == own.text == c.request("chart/render", {"uri": doc.uri})["svg"]


def test_a_splice_the_mirror_cannot_apply_falls_back_to_a_full_render(fake_binary, splicing_env):
    with chartd.Client(fake_binary, timeout=20, env=splicing_env) as c:
        doc = c.open("mem://a", SPEC)
        i = doc.mirror.region_ids.index(WIDE_ID)
        doc.mirror.regions[i] = '<g id="%s"/>' % WIDE_ID  # as if the mirror had lost the line: too short
        resyncs = record_resyncs(c)
        patch = doc.append_entries("é漢😀", [[1, 2]])
        assert len(splices([patch])) == 1
        assert resyncs == ["chart/render"]
        assert doc.version == doc.mirror.version == 1 and doc.mirror.previous == {}  # reset by the render
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]
        assert len(splices([doc.append_entries("é漢😀", [[2, 3]])])) == 1 and resyncs == ["chart/render"]
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]


def test_a_restarted_daemon_is_declared_to_and_splices_again(fake_binary, splicing_env, sent):
    with chartd.Client(fake_binary, timeout=20, env=splicing_env) as c:
        doc = c.open("mem://a", SPEC)
        doc.append_entries("é漢😀", [[1, 1]])
        first_pid = c.pid
        os.kill(first_pid, signal.SIGKILL)
        doc.append_entries("é漢😀", [[2, 2]])  # sent to the dead daemon, answered by the new one
        assert c.pid != first_pid
        patch = doc.append_entries("é漢😀", [[3, 3]])
        assert len(splices([patch])) == 1
        assert doc.svg == c.request("chart/render", {"uri": doc.uri})["svg"]
    assert [p["capabilities"] for p in initializes(sent)] == [{"chart": {"previousMarkup": True, "markupSplices": True}}] * 2
