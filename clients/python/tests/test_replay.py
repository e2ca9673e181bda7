"""The client's spec replay (used to re-open documents after a daemon crash)."""

import copy

import pytest

from chartd import SpecReplay, edits as E, merge_patch
from chartd.replay import ReplayError


def spec():
    return {
        "kind": "line",
        "dataSets": [
            {"id": "a", "entries": [[0, 1], [1, 2]]},
            {"label": "b", "entries": {"x": [0, 1], "y": [5, 6]}},
            {"id": "c", "entries": [1, 2, 3]},
        ],
    }


def test_merge_patch_rfc7396_examples():
    # From RFC 7396 section 3.
    target = {"a": "b", "c": {"d": "e", "f": "g"}}
    assert merge_patch(target, {"a": "z", "c": {"f": None}}) == {"a": "z", "c": {"d": "e"}}
    assert merge_patch({"a": [1, 2]}, {"a": [3]}) == {"a": [3]}
    assert merge_patch({"a": "b"}, ["c"]) == ["c"]
    assert merge_patch({"e": None}, {"a": 1}) == {"e": None, "a": 1}
    assert target == {"a": "b", "c": {"d": "e", "f": "g"}}  # not modified


def test_append_keeps_form_and_sliding_window():
    r = SpecReplay(spec())
    r.apply(E.append_entries("a", [[2, 3], [3, 4]], max_entries=3))
    assert r.spec["dataSets"][0]["entries"] == [[1, 2], [2, 3], [3, 4]]
    r.apply(E.append_entries("b", {"x": [2], "y": [7]}, max_entries=2))
    assert r.spec["dataSets"][1]["entries"] == {"x": [1, 2], "y": [6, 7]}
    r.apply(E.append_entries("c", [4]))
    assert r.spec["dataSets"][2]["entries"] == [1, 2, 3, 4]


def test_mixed_forms_become_rows():
    r = SpecReplay(spec())
    r.apply(E.append_entries("a", {"x": [2], "y": [9]}))
    assert r.spec["dataSets"][0]["entries"] == [{"x": 0, "y": 1}, {"x": 1, "y": 2}, {"x": 2, "y": 9}]


def test_remove_update_replace_entries():
    r = SpecReplay(spec())
    r.apply(E.remove_entries("c", 0, 2))
    assert r.spec["dataSets"][2]["entries"] == [3]
    r.apply(E.update_entries("b", 1, {"x": [1], "y": [60]}))
    assert r.spec["dataSets"][1]["entries"] == {"x": [0, 1], "y": [5, 60]}
    r.apply(E.replace_entries("a", []))
    assert r.spec["dataSets"][0]["entries"] == []


def test_data_set_edits_and_view_edits():
    r = SpecReplay(spec())
    r.apply_all(
        [
            E.add_data_set({"id": "d", "entries": []}, index=0),
            E.remove_data_set("c"),
            E.replace_data_set({"id": "a", "label": "A2", "entries": [[0, 0]]}),
            E.set_visibility("b", False),
            E.highlight("a", 0),
            E.set_viewport(0, 10),
            E.resize(300, 200),
        ]
    )
    s = r.spec
    assert [d.get("id", d.get("label")) for d in s["dataSets"]] == ["d", "a", "b"]
    assert s["dataSets"][1]["label"] == "A2"
    assert s["dataSets"][2]["visible"] is False
    assert s["highlights"] == [{"dataSet": "a", "index": 0}]
    assert s["viewport"] == {"xMin": 0, "xMax": 10}
    assert (s["width"], s["height"]) == (300, 200)
    r.apply_all([E.set_viewport(None, None), E.set_highlight([])])
    assert "viewport" not in r.spec and r.spec["highlights"] == []


def test_apply_all_is_atomic():
    r = SpecReplay(spec())
    before = copy.deepcopy(r.spec)
    with pytest.raises(ReplayError):
        r.apply_all([E.append_entries("a", [[9, 9]]), E.set_visibility("nope", True)])
    assert r.spec == before


def test_set_and_merge_spec():
    r = SpecReplay(spec())
    r.apply(E.merge_spec({"title": "T", "kind": None}))
    assert r.spec["title"] == "T" and "kind" not in r.spec
    r.apply(E.set_spec({"kind": "bar", "dataSets": []}))
    assert r.spec == {"kind": "bar", "dataSets": []}
