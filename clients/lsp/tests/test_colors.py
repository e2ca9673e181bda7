"""Colours: swatches (documentColor), the picker's presentations, colour-name completion.

The oracle for what a colour name or an rgb()/hsl() text means is not chartd: it is rsvg-convert,
which paints a 1×1 square of each text as an SVG fill; the test reads the pixels back from the PNG
(a SKIP without rsvg-convert).
"""

import os
import shutil
import struct
import subprocess
import tempfile
import zlib

import pytest
from lsprotocol import types

pytestmark = pytest.mark.asyncio

URI = "file:///tmp/colors.chart.json"

#: The 148 names of CSS Color Module Level 4, as the specification lists them.
CSS_NAMES = """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen
lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen
linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy
oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip
peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon
sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue
tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen""".split()

#: Functional notations every SVG viewer reads (CSS Color 3), with spaces and case as people write them.
FUNCTIONAL = ["rgb(255, 99, 71)", "rgb(100%, 50%, 0%)", "RGB(12,34,56)", "hsl(270, 50%, 40%)", "hsl(0, 100%, 50%)",
              "hsl(120, 100%, 25%)", "hsl(200, 30%, 70%)", "hsl(330, 80%, 15%)", "hsl(45, 100%, 50%)", "#4E79A7",
              "#abc"]


def read_png(path):
    """(width, height, rows of (r, g, b, a)) of an 8-bit RGB or RGBA PNG, by the PNG specification."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width = 8, b"", 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in (2, 6) and interlace == 0
            channels = 4 if colour_type == 6 else 3
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride, rows, prior = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, cur = line[0], bytearray(line[1:])
        for i in range(stride):
            a = cur[i - channels] if i >= channels else 0
            b, c = prior[i], prior[i - channels] if i >= channels else 0
            if kind == 1:
                cur[i] = (cur[i] + a) & 255
            elif kind == 2:
                cur[i] = (cur[i] + b) & 255
            elif kind == 3:
                cur[i] = (cur[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(cur[x * channels:(x + 1) * channels]) + ((255,) if channels == 3 else ())
                     for x in range(width)])
        prior = cur
    return width, height, rows


def painted(texts):
    """What rsvg-convert paints for each colour text: (r, g, b) 0 … 255."""
    rects = "".join(f'<rect x="{i}" y="0" width="1" height="1" fill="{t}"/>' for i, t in enumerate(texts))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(texts)}" height="1" shape-rendering="crispEdges">'
           f'{rects}</svg>')
    with tempfile.TemporaryDirectory() as tmp:
        src, png = os.path.join(tmp, "c.svg"), os.path.join(tmp, "c.png")
        open(src, "w").write(svg)
        subprocess.run(["rsvg-convert", "-o", png, src], check=True)
        _, _, rows = read_png(png)
    return [px[:3] for px in rows[0]]


async def document_colors(session, text):
    session.open(URI, text)
    return await session.client.text_document_document_color_async(types.DocumentColorParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))


def spec_with(colors):
    return '{"kind": "bar", "dataSets": [{"id": "a", "entries": [1], "colors": [\n' + ",\n".join(
        f'"{c}"' for c in colors) + "\n]}]}"


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="SKIP: rsvg-convert is not installed")
async def test_every_css_name_and_notation_means_what_an_svg_viewer_paints(session):
    texts = CSS_NAMES + FUNCTIONAL
    found = await document_colors(session, spec_with(texts))
    assert [c.range.start.line for c in found] == list(range(1, len(texts) + 1)), "one swatch per colour, in order"
    want = painted(texts)
    got = [tuple(round(v * 255) for v in (c.color.red, c.color.green, c.color.blue)) for c in found]
    wrong = [(t, g, w) for t, g, w in zip(texts, got, want) if g != w]
    assert wrong == []
    assert all(c.color.alpha == 1 for c in found)


async def test_swatch_ranges_cover_the_string_with_its_quotes(session):
    text = '{\n  "title": "€ 😀",\n  "dataSets": [{"id": "a", "color": "rgba(0, 0, 255, 0.25)", "entries": [1]}]\n}'
    found = await document_colors(session, text)
    assert len(found) == 1
    r = found[0].range
    line = text.split("\n")[r.start.line].encode("utf-16-le")
    assert line[2 * r.start.character:2 * r.end.character].decode("utf-16-le") == '"rgba(0, 0, 255, 0.25)"'
    assert found[0].color.alpha == 0.25


async def test_a_picked_colour_written_back_reads_as_that_colour(session):
    text = '{"dataSets": [{"id": "a", "color": "hsl(10, 20%, 30%)", "entries": [1]}]}'
    (swatch,) = await document_colors(session, text)
    picked = types.Color(red=0x2a / 255, green=0x9d / 255, blue=0x8f / 255, alpha=1.0)
    options = await session.client.text_document_color_presentation_async(types.ColorPresentationParams(
        text_document=types.TextDocumentIdentifier(uri=URI), color=picked, range=swatch.range))
    assert options[0].label.startswith("hsl("), "the notation already written comes first"
    for option in options:
        edit = option.text_edit
        start, end = edit.range.start.character, edit.range.end.character
        session.change(URI, [text[:start] + edit.new_text + text[end:]])
        (back,) = await document_colors_after_change(session)
        assert [round(v * 255) for v in (back.color.red, back.color.green, back.color.blue)] == [0x2a, 0x9d, 0x8f], option.label
        assert list(await session.diagnostics(URI)) == []


async def document_colors_after_change(session):
    await session.sync()
    return await session.client.text_document_document_color_async(types.DocumentColorParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))


async def test_colour_names_complete_with_their_swatch(session):
    text = '{"dataSets": [{"id": "a", "color": "rebecca"}]}'
    session.open(URI, text)
    items = await session.client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=text.index("rebecca") + 7)))
    items = items.items if hasattr(items, "items") else items
    purple = next(i for i in items if i.label == "rebeccapurple")
    assert purple.kind == types.CompletionItemKind.Color
    assert purple.documentation == "#663399"
    assert len([i for i in items if i.kind == types.CompletionItemKind.Color]) == len(CSS_NAMES) + 1


async def test_a_misspelt_colour_name_is_fixed_by_a_quick_fix(session):
    text = '{"dataSets": [{"id": "a", "color": "stelblue", "entries": [1]}]}'
    session.open(URI, text)
    (d,) = await session.diagnostics(URI)
    assert "did you mean 'steelblue'?" in d.message
    actions = await session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=d.range,
        context=types.CodeActionContext(diagnostics=[d])))
    (edit,) = actions[0].edit.changes[URI]
    assert edit.new_text == '"steelblue"'
