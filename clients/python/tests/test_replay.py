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


def test_entry_forms_read_as_chartd_reads_them():
    from chartd.replay import to_columns

    assert to_columns([3, None, 5]) == ({"x": [0, 1, 2], "y": [3, None, 5]}, False)
    assert to_columns([[1, 2], [4, None]]) == ({"x": [1, 4], "y": [2, None]}, True)
    assert to_columns([{"x": 1, "y": 2, "label": "a"}, {"x": 2, "close": 3, "color": "#f00"}]) == (
        {"x": [1, 2], "y": [2, None], "labels": ["a", None], "close": [None, 3], "colors": [None, "#f00"]},
        True,
    )
    assert to_columns({"y": [1, 2], "values": [1]}) == ({"x": [0, 1], "y": [1, 2]}, False)


def test_append_places_implicit_x_after_the_last_x_and_slides():
    r = SpecReplay(spec())
    r.apply(E.append_entries("a", [[2, 3], [3, 4]], max_entries=3))
    assert r.spec["dataSets"][0]["entries"] == {"x": [1, 2, 3], "y": [2, 3, 4]}
    r.apply(E.append_entries("a", [7, 8], max_entries=3))  # bare: x continues 4, 5
    assert r.spec["dataSets"][0]["entries"] == {"x": [3, 4, 5], "y": [4, 7, 8]}
    r.apply(E.append_entries("b", {"x": [2], "y": [7]}, max_entries=2))
    assert r.spec["dataSets"][1]["entries"] == {"x": [1, 2], "y": [6, 7]}
    r.apply(E.append_entries("c", [{"y": 4, "label": "d"}]))
    assert r.spec["dataSets"][2]["entries"] == {"x": [0, 1, 2, 3], "y": [1, 2, 3, 4], "labels": [None, None, None, "d"]}


def test_candles_keep_close_and_drop_y():
    r = SpecReplay({"dataSets": [{"id": "k", "entries": []}]})
    r.apply(E.append_entries("k", [{"open": 1, "high": 2, "low": 0.5, "close": 1.5}]))
    r.apply(E.append_entries("k", {"open": [1.5], "high": [3], "low": [1], "close": [2]}))
    assert r.spec["dataSets"][0]["entries"] == {"x": [0, 1], "close": [1.5, 2], "open": [1, 1.5], "high": [2, 3], "low": [0.5, 1]}


def test_remove_update_replace_entries():
    r = SpecReplay(spec())
    r.apply(E.remove_entries("c", 0, 2))
    assert r.spec["dataSets"][2]["entries"] == {"x": [2], "y": [3]}
    r.apply(E.update_entries("b", 1, [60, 70]))  # implicit x: keeps the replaced x, then the index
    assert r.spec["dataSets"][1]["entries"] == {"x": [0, 1, 2], "y": [5, 60, 70]}
    r.apply(E.replace_entries("a", [1]))
    assert r.spec["dataSets"][0]["entries"] == [1]


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
    r.apply({"op": "setViewport", "xMin": None, "xMax": 3, "autoScaleY": False})
    r.apply(E.set_viewport(None, None))
    assert r.spec["viewport"] == {"xMin": None, "xMax": None, "autoScaleY": False}


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


def test_highlights_and_hidden_slices_follow_their_entries_past_a_removal():
    r = SpecReplay({"kind": "pie", "dataSets": [{"id": "p", "entries": [1, 2, 3, 4, 5, 6], "hiddenEntries": [1, 4, 5]}]})
    r.apply(E.set_highlight([("p", 0), ("p", 2), ("p", 5)]))
    r.apply(E.remove_entries("p", 1, 2))  # entries 1 and 2 go; 3.. move down by two
    ds = r.spec["dataSets"][0]
    assert r.spec["highlights"] == [{"dataSet": "p", "index": 0}, {"dataSet": "p", "index": 3}]
    assert ds["hiddenEntries"] == [2, 3] and "entryOffset" not in ds  # not a removal from the front
    r.apply(E.remove_entries("p", 0, 1))
    assert r.spec["highlights"] == [{"dataSet": "p", "index": 2}]
    assert ds["hiddenEntries"] == [1, 2] and ds["entryOffset"] == 1


def test_a_sliding_window_moves_highlights_and_counts_the_entry_offset():
    r = SpecReplay({"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2, 3], "entryOffset": 7}, {"id": "b", "entries": [1]}]})
    r.apply(E.set_highlight([("a", 2), ("b", 0), ("a", 0)]))
    r.apply(E.append_entries("a", [4, 5], max_entries=3))  # two leave the front
    assert r.spec["highlights"] == [{"dataSet": "a", "index": 0}, {"dataSet": "b", "index": 0}]
    assert r.spec["dataSets"][0]["entryOffset"] == 9
    r.apply(E.append_entries("a", [6], max_entries=3))
    assert r.spec["highlights"] == [{"dataSet": "b", "index": 0}]  # its entry left the window
    r.spec["dataSets"][0]["entryOffset"] = 2**50 - 1
    r.apply(E.append_entries("a", [7, 8], max_entries=3))
    assert r.spec["dataSets"][0]["entryOffset"] == 2**50  # chartd stops counting at the largest offset
    r.apply(E.replace_entries("a", [1, 2]))
    assert "entryOffset" not in r.spec["dataSets"][0]  # new data, numbered from 0


def test_highlights_that_name_nothing_after_an_edit_are_dropped():
    stacked = {"id": "s", "entries": [{"values": [1, 2]}, {"values": [3, 4, 5]}]}
    r = SpecReplay({"kind": "bar", "dataSets": [stacked, {"id": "t", "entries": [1, 2]}]})
    r.apply(E.set_highlight([{"dataSet": "s", "index": 1, "stackIndex": 2}, {"dataSet": "t", "index": 1}]))
    r.apply(E.update_entries("s", 1, [{"values": [3, 4]}]))  # segment 2 is gone
    assert r.spec["highlights"] == [{"dataSet": "t", "index": 1}]
    r.apply(E.replace_entries("t", [9]))  # entry 1 is gone
    assert r.spec["highlights"] == []
    r.apply(E.set_highlight([("t", 0), {"dataSet": "s", "index": 0, "stackIndex": 1}]))
    r.apply(E.remove_data_set("t"))
    assert r.spec["highlights"] == [{"dataSet": "s", "index": 0, "stackIndex": 1}]
    r.apply(E.merge_spec({"dataSets": [{"id": "s", "entries": [1]}]}))  # not stacked any more
    assert r.spec["highlights"] == []


def test_set_visibility_of_one_pie_slice_keeps_hidden_entries_sorted():
    r = SpecReplay({"kind": "pie", "dataSets": [{"id": "p", "entries": [1, 2, 3, 4]}]})
    r.apply_all([E.set_visibility("p", False, entry=3), E.set_visibility("p", False, entry=0), E.set_visibility("p", False, entry=3)])
    ds = r.spec["dataSets"][0]
    assert ds["hiddenEntries"] == [0, 3] and "visible" not in ds  # the data set itself stays shown
    r.apply(E.set_visibility("p", True, entry=0))
    assert ds["hiddenEntries"] == [3]
    r.apply(E.set_visibility("p", False))
    assert ds["visible"] is False and ds["hiddenEntries"] == [3]
