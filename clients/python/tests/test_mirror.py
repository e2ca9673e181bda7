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
