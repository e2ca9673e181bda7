"""The live preview: patches pushed after edits add up to chart/render; view state survives edits."""

import pytest
from chartd.mirror import SvgMirror
from chartd.types import Patch

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/preview.chart.json"
SPEC = '{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2, 3]}, {"id": "b", "entries": [3, 1, 2]}]}'


async def test_patches_equal_a_render(session):
    session.open(URI, SPEC)
    opened = await session.request("chart/preview", {"textDocument": {"uri": URI}})
    assert opened["textVersion"] == 1
    mirror = SvgMirror(opened["svg"], opened["version"])
    text = SPEC
    edits = [("[1, 2, 3]", "[1, 2, 3, 4]"), ('"line"', '"bar"'), ('"b"', '"c"'), ("}]}", '}], "title": "日本"}'),
             ("[3, 1, 2]", "[3, 1, 2, 9, 9]"), ('"bar"', '"scatter"')]
    for old, new in edits:
        at = text.index(old)
        before = text[:at]
        line, col = before.count("\n"), len(before.encode("utf-16-le")) // 2
        session.change(URI, [(((line, col), (line, col + len(old.encode("utf-16-le")) // 2)), new)])
        text = text[:at] + new + text[at + len(old):]
        await session.sync()  # one patch per edit (changes queued together are read as one)
    # A broken edit in between would keep the chart; end with one to check.
    session.change(URI, [text[:-1]])
    await session.sync()
    for p in session.patches:
        mirror.apply(Patch.from_json(p))
    render = await session.request("chart/render", {"uri": URI})
    assert len(session.patches) == len(edits)
    assert mirror.version == render["version"]
    assert mirror.text == render["svg"]


async def test_view_state_survives_edits(session):
    session.open(URI, SPEC)
    await session.request("chart/preview", {"textDocument": {"uri": URI}})
    # A legend click in the preview: no version needed.
    await session.request("chart/update", {"uri": URI, "edits": [{"op": "setVisibility", "dataSet": "b", "visible": False},
                                                                {"op": "setHighlight", "highlights": [{"dataSet": "a", "index": 1}]}]})
    session.change(URI, [SPEC.replace('"line"', '"bar"')])
    await session.sync()
    spec = (await session.request("chart/getSpec", {"uri": URI}))["spec"]
    assert spec["kind"] == "bar"
    assert [d["visible"] for d in spec["dataSets"]] == [True, False]
    assert spec["highlights"] == [{"dataSet": "a", "index": 1}]
    # The text itself says b is visible now: the text wins.
    session.change(URI, [SPEC.replace('{"id": "b",', '{"id": "b", "visible": true,')])
    await session.sync()
    spec = (await session.request("chart/getSpec", {"uri": URI}))["spec"]
    assert [d["visible"] for d in spec["dataSets"]] == [True, True]
