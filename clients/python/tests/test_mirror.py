"""The SVG mirror: patches applied to the line form, exactly as the protocol orders them."""

import pytest

from chartd import Patch, PatchMismatchError, SvgMirror, region_id, split_svg

ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">'


def svg(*regions, root=ROOT):
    return "\n".join([root, *regions, "</svg>", ""])


def patch(base, version, **kw):
    return Patch.from_json({"uri": "u", "baseVersion": base, "version": version, **kw})


BG = '<rect id="p-bg" width="100" height="50"/>'
S1 = '<g id="p-s-a-0" data-role="series" data-dataset="a"><path d="M0 0L1 1"/></g>'
S2 = '<g id="p-s-b-0" data-role="series" data-dataset="b"><path id="inner" d="M0 0"/></g>'
LEG = '<g id="p-legend-a" data-role="legend-item" data-dataset="a"><text>A &lt;b&gt;</text></g>'


def test_region_id_is_the_first_id_attribute():
    assert region_id(S2) == "p-s-b-0"
    assert region_id('<g data-id="x" id="real">') == "real"
    assert region_id("</svg>") is None


def test_split_rejects_text_without_structure():
    with pytest.raises(ValueError):
        split_svg("<svg></svg>")
    with pytest.raises(ValueError):
        split_svg(svg(BG)[:-1])  # no final newline


def test_apply_in_protocol_order():
    m = SvgMirror(svg(BG, S1, LEG), 3)
    new_s1 = S1.replace("L1 1", "L2 2")
    m.apply(
        patch(
            3,
            5,
            root=ROOT.replace('"50"', '"60"'),
            removed=["p-legend-a"],
            inserted=[{"id": "p-s-b-0", "svg": S2, "after": "p-s-a-0"}, {"id": "p-first", "svg": '<g id="p-first"/>', "after": None}],
            fragments=[{"id": "p-s-a-0", "svg": new_s1}],
        )
    )
    assert m.version == 5
    assert m.text == svg('<g id="p-first"/>', BG, new_s1, S2, root=ROOT.replace('"50"', '"60"'))
    assert m.region_ids == ["p-first", "p-bg", "p-s-a-0", "p-s-b-0"]


def test_insert_after_a_region_inserted_by_the_same_patch():
    m = SvgMirror(svg(BG), 0)
    m.apply(patch(0, 1, inserted=[{"id": "p-x", "svg": '<g id="p-x"/>', "after": "p-bg"}, {"id": "p-y", "svg": '<g id="p-y"/>', "after": "p-x"}]))
    assert m.region_ids == ["p-bg", "p-x", "p-y"]


def test_fragment_replaces_a_region_inserted_by_the_same_patch():
    m = SvgMirror(svg(BG), 0)
    m.apply(patch(0, 1, inserted=[{"id": "p-x", "svg": '<g id="p-x"/>', "after": None}], fragments=[{"id": "p-x", "svg": '<g id="p-x" a="1"/>'}]))
    assert m.text == svg('<g id="p-x" a="1"/>', BG)


def test_empty_patch_moves_only_the_version():
    m = SvgMirror(svg(BG, S1), 7)
    before = m.text
    p = patch(7, 9)
    assert p.is_empty
    m.apply(p)
    assert (m.version, m.text) == (9, before)


def test_base_version_mismatch_is_refused_and_changes_nothing():
    m = SvgMirror(svg(BG, S1), 4)
    with pytest.raises(PatchMismatchError) as info:
        m.apply(patch(3, 5, fragments=[{"id": "p-bg", "svg": "<rect/>"}]))
    assert (info.value.expected_version, info.value.base_version) == (4, 3)
    assert m.version == 4 and m.text == svg(BG, S1)


def test_unknown_region_is_refused_atomically():
    m = SvgMirror(svg(BG, S1), 1)
    with pytest.raises(PatchMismatchError):
        m.apply(patch(1, 2, removed=["p-s-a-0"], fragments=[{"id": "p-nope", "svg": "<g/>"}]))
    assert m.version == 1 and m.text == svg(BG, S1)


# -- previous markup (protocol/patch.md, "Restored regions") -------------------------------------

S2_HIDDEN = S2.replace('data-dataset="b"', 'data-dataset="b" display="none"')
LEG_HIDDEN = LEG.replace('data-dataset="a"', 'data-dataset="a" data-hidden="true"')


def test_a_fragment_keeps_the_replaced_markup_and_a_restore_brings_it_back():
    m = SvgMirror(svg(BG, S1, S2), 0)
    assert m.previous == {}  # nothing after a full SVG
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    assert m.text == svg(BG, S1, S2_HIDDEN)
    assert m.previous == {"p-s-b-0": S2}
    p = patch(1, 2, restored=["p-s-b-0"])
    assert p.restored == ["p-s-b-0"] and not p.is_empty
    m.apply(p)
    assert (m.version, m.text) == (2, svg(BG, S1, S2))
    assert m.previous == {"p-s-b-0": S2_HIDDEN}  # swapped: the hidden markup is now the previous one


def test_restoring_again_and_again_toggles():
    m = SvgMirror(svg(BG, S2, LEG), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}, {"id": "p-legend-a", "svg": LEG_HIDDEN}]))
    for v in range(2, 8):
        m.apply(patch(v - 1, v, restored=["p-s-b-0", "p-legend-a"]))
        shown = v % 2 == 0
        assert m.text == (svg(BG, S2, LEG) if shown else svg(BG, S2_HIDDEN, LEG_HIDDEN)), v
        assert m.previous == ({"p-s-b-0": S2_HIDDEN, "p-legend-a": LEG_HIDDEN} if shown else {"p-s-b-0": S2, "p-legend-a": LEG})


def test_restored_is_applied_after_removed_inserted_and_fragments():
    m = SvgMirror(svg(BG, S1, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    new_bg = BG.replace('"100"', '"90"')
    m.apply(patch(1, 2, removed=["p-s-a-0"], inserted=[{"id": "p-legend-a", "svg": LEG, "after": "p-s-b-0"}],
                  fragments=[{"id": "p-bg", "svg": new_bg}], restored=["p-s-b-0"]))
    assert m.text == svg(new_bg, S2, LEG)
    assert m.previous == {"p-bg": BG, "p-s-b-0": S2_HIDDEN}


def test_a_restore_without_previous_markup_is_a_mismatch_and_changes_nothing():
    m = SvgMirror(svg(BG, S1, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-a-0", "svg": S1 + "<!--x-->"}]))
    text, previous = m.text, dict(m.previous)
    # p-bg's fragment and the removal come first and must be undone too: all or nothing.
    bad = patch(1, 2, removed=["p-s-a-0"], fragments=[{"id": "p-bg", "svg": "<rect id=\"p-bg\"/>"}], restored=["p-s-b-0"])
    with pytest.raises(PatchMismatchError, match="p-s-b-0"):
        m.apply(bad)
    assert (m.version, m.text, m.previous) == (1, text, previous)
    with pytest.raises(PatchMismatchError, match="p-nope"):
        m.apply(patch(1, 2, fragments=[{"id": "p-bg", "svg": BG}], restored=["p-nope"]))
    assert (m.version, m.text, m.previous) == (1, text, previous)


def test_a_failing_later_restore_undoes_the_earlier_swaps():
    m = SvgMirror(svg(BG, S1, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-a-0", "svg": "<g id=\"p-s-a-0\"/>"}]))
    text, previous = m.text, dict(m.previous)
    with pytest.raises(PatchMismatchError):
        m.apply(patch(1, 2, restored=["p-s-a-0", "p-s-b-0"]))  # the first could be swapped, the second not
    assert (m.version, m.text, m.previous) == (1, text, previous)
    m.apply(patch(1, 2, restored=["p-s-a-0"]))  # the mirror still takes the right patch
    assert m.text == svg(BG, S1, S2)


def test_a_region_restored_twice_in_one_patch_is_swapped_twice():
    """Not sent by chartd, but each id is a swap in order: the result is well defined."""
    m = SvgMirror(svg(BG, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    m.apply(patch(1, 2, restored=["p-s-b-0", "p-s-b-0"]))
    assert m.text == svg(BG, S2_HIDDEN) and m.previous == {"p-s-b-0": S2}


def test_a_base_version_mismatch_leaves_the_previous_markup():
    m = SvgMirror(svg(BG, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    with pytest.raises(PatchMismatchError):
        m.apply(patch(0, 2, restored=["p-s-b-0"]))
    assert m.previous == {"p-s-b-0": S2} and m.text == svg(BG, S2_HIDDEN)


def test_reset_forgets_the_previous_markup():
    m = SvgMirror(svg(BG, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    m.reset(svg(BG, S2_HIDDEN), 1)
    assert m.previous == {}
    with pytest.raises(PatchMismatchError):
        m.apply(patch(1, 2, restored=["p-s-b-0"]))
    assert m.text == svg(BG, S2_HIDDEN)


def test_forget_previous_keeps_the_text():
    m = SvgMirror(svg(BG, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    m.forget_previous()
    assert m.previous == {} and (m.version, m.text) == (1, svg(BG, S2_HIDDEN))


def test_removed_and_inserted_regions_hold_no_previous_markup():
    m = SvgMirror(svg(BG, S1, S2), 0)
    m.apply(patch(0, 1, fragments=[{"id": "p-s-a-0", "svg": "<g id=\"p-s-a-0\"/>"}, {"id": "p-s-b-0", "svg": S2_HIDDEN}]))
    assert set(m.previous) == {"p-s-a-0", "p-s-b-0"}
    # p-s-a-0 leaves; p-s-b-0 moves (removed and inserted): neither may be restored afterwards.
    m.apply(patch(1, 2, removed=["p-s-a-0", "p-s-b-0"], inserted=[{"id": "p-s-b-0", "svg": S2_HIDDEN, "after": None}]))
    assert m.previous == {} and m.text == svg(S2_HIDDEN, BG)
    for rid in ("p-s-b-0", "p-s-a-0"):
        with pytest.raises(PatchMismatchError):
            m.apply(patch(2, 3, restored=[rid]))
    assert m.version == 2


def test_patch_without_restored_parses_to_an_empty_list():
    p = patch(0, 1)
    assert p.restored == [] and p.is_empty
    assert patch(0, 1, restored=None).restored == []
