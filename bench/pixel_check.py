#!/usr/bin/env python3
"""Is chartd's M4 aggregation pixel-exact? Renders the 1,000,000-point line (W2b) twice.

Once with `largeData: {mode: "auto"}` (M4 at the device-pixel columns) and once with
`{mode: "lossless"}` (every point), rasterizes both with rsvg-convert at the same size, and counts
the pixels that differ. Prints one JSON line; writes the PNGs and a diff image to bench/out/.

    pixel_check.py --chartd .build/release/chartd [--workload W2b] [--zoom 1,2]
"""

import argparse
import copy
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "peers"))
import benchlib  # noqa: E402
from chartd_client import Chartd  # noqa: E402
import exact_stroke  # noqa: E402


def rasterize(svg_path, png_path, zoom):
    subprocess.run(["rsvg-convert", "-z", str(zoom), "-b", "white", "-o", png_path, svg_path], check=True)


def ink_pixels(png):
    """Pixels that are not plain white: the drawing's own size, to put a difference in proportion."""
    from PIL import Image
    im = Image.open(png).convert("L").point(lambda v: 255 if v < 255 else 0)
    return im.histogram()[255]


def red_rows(im):
    """Per pixel column of an image, the rows of the line's ink.

    The line is drawn in pure red for the check, so its ink is told from the black/grey chrome by
    colour: red clearly above green (anti-aliased rims over white or grey included)."""
    im = im.convert("RGB")
    w, h = im.size
    px = im.load()
    return [[y for y in range(h) if px[x, y][0] - px[x, y][1] > 24] for x in range(w)]


def line_extents(png):
    """Per pixel column, the top and bottom row of the line's ink (None where the column has none)."""
    from PIL import Image
    return [(rows[0], rows[-1]) if rows else (None, None) for rows in red_rows(Image.open(png))]


def line_polylines(svg):
    """The polylines of the check's red line paths (every chunk region's path)."""
    out = []
    for tag in re.findall(r"<path [^>]*>", svg):
        if 'stroke="#ff0000"' in tag:
            out += exact_stroke.parse_path(re.search(r' d="([^"]*)"', tag).group(1))
    return out


def line_width_of(svg):
    """The stroke width the check's red line is drawn with."""
    return float(re.search(r'stroke="#ff0000" stroke-width="([0-9.]+)"', svg).group(1))


def exact_comparison(svg_auto, svg_lossless, zoom):
    """M4 against lossless under the exact aliased rasterizer (exact_stroke): per column ink extents
    and pixels, with no rasterizer's artefacts in between."""
    half = line_width_of(svg_lossless) / 2
    (ea, ra), (eb, rb) = (exact_stroke.rasterize(line_polylines(s), half, zoom) for s in (svg_auto, svg_lossless))
    columns = set(ea) | set(eb)
    differing = [c for c in columns if ea.get(c) != eb.get(c)]
    further = shorter = largest = 0
    for c in differing:
        if c in ea and c in eb:
            for d in (eb[c][0] - ea[c][0], ea[c][1] - eb[c][1]):  # > 0: M4's ink reaches further out
                further += d > 0
                shorter += d < 0
                largest = max(largest, abs(d))
    pixels = sum(len(ra.get(c, set()) ^ rb.get(c, set())) for c in columns)
    return {"exact_columns_extent_differs": len(differing), "exact_columns_with_ink": len(eb),
            "exact_differing_pixels": pixels, "exact_largest_extent_difference_rows": largest,
            "exact_ends_further": further, "exact_ends_shorter": shorter}


def rsvg_rows(svg):
    """{column: rows} of the red ink of one SVG rasterized by rsvg-convert at 1×."""
    from PIL import Image
    import io
    png = subprocess.run(["rsvg-convert", "-b", "white"], input=svg.encode(), capture_output=True, check=True).stdout
    return {x: set(rows) for x, rows in enumerate(red_rows(Image.open(io.BytesIO(png)))) if rows}


def compare_extents(a, b):
    """Columns whose line ink extents differ, and the largest row difference among them."""
    differing, largest = 0, 0
    for (ta, ba), (tb, bb) in zip(a, b):
        if (ta, ba) != (tb, bb):
            differing += 1
            if None not in (ta, ba, tb, bb):
                largest = max(largest, abs(ta - tb), abs(ba - bb))
    return differing, sum(1 for t, _ in b if t is not None), largest


def compare(png_a, png_b, diff_path):
    """(differing pixels, total pixels, largest channel difference); writes a diff mask."""
    from PIL import Image, ImageChops
    a = Image.open(png_a).convert("RGB")
    b = Image.open(png_b).convert("RGB")
    if a.size != b.size:
        return None, a.size[0] * a.size[1], None
    diff = ImageChops.difference(a, b)
    mask = diff.convert("L").point(lambda v: 255 if v else 0)
    differing = mask.histogram()[255]
    extrema = diff.getextrema()
    largest = max(hi for _, hi in extrema)
    mask.save(diff_path)
    return differing, a.size[0] * a.size[1], largest


def main():
    ap = argparse.ArgumentParser(description="M4 vs lossless pixel comparison")
    ap.add_argument("--chartd", required=True)
    ap.add_argument("--workload", default="W2b")
    ap.add_argument("--data", default=benchlib.DATA_DIR)
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--zoom", default="2,1", help="rasterizer zoom factors (2 = the default device pixel ratio)")
    args = ap.parse_args()

    try:
        import PIL  # noqa: F401
    except ImportError:
        # Pillow lives in bench/.venv (installed by the peer script).
        import run_peers
        run_peers.ensure_venv()
        os.execv(run_peers.venv_python(), [run_peers.venv_python(), os.path.abspath(__file__)] + sys.argv[1:])

    os.makedirs(args.out, exist_ok=True)
    wl = benchlib.load_workload(args.workload, args.data)
    # Variants: the default line width, and a 1-device-pixel line (0.5 units at the default device
    # pixel ratio 2), the case M4's guarantee is stated for.
    widths = [None, 0.5]
    svgs = {}
    times = {}
    client = Chartd(args.chartd)
    try:
        for width in widths:
            for mode in ("auto", "lossless"):
                spec = copy.deepcopy(wl["spec"])
                spec["largeData"] = {"mode": mode}
                for ds in spec["dataSets"]:
                    ds["color"] = "#ff0000"  # told from the chrome by colour (line_extents)
                    if width is not None:
                        ds["line"] = {"width": width}
                t0 = time.perf_counter()
                svgs[mode, width] = client.call("chart/renderSpec", {"spec": spec})["svg"]
                times[mode, width] = (time.perf_counter() - t0) * 1000
    finally:
        client.close()

    record = {"side": "chartd", "tool": "chartd", "workload": args.workload, "op": "pixel-check",
              "svg_bytes_auto": len(svgs["auto", None].encode()),
              "svg_bytes_lossless": len(svgs["lossless", None].encode()),
              # Round trip of chart/renderSpec from this Python client, its JSON encoding included.
              "render_ms_auto": round(times["auto", None], 1), "render_ms_lossless": round(times["lossless", None], 1),
              "zooms": []}
    # M4's guarantee is about which pixels a line touches; with anti-aliasing, a million overlapping
    # sub-pixel segments also add up edge coverage differently. So both are measured: as drawn, and
    # with anti-aliasing off (shape-rendering="crispEdges" on the root, inherited by every shape).
    paths = {}
    for (mode, width), svg in svgs.items():
        for aa in (True, False):
            text = svg if aa else svg.replace("<svg ", '<svg shape-rendering="crispEdges" ', 1)
            name = f"pixel-{mode}{'' if width is None else '-thin'}{'' if aa else '-crisp'}"
            paths[mode, width, aa] = os.path.join(args.out, name + ".svg")
            with open(paths[mode, width, aa], "w", encoding="utf-8") as f:
                f.write(text)
    for zoom in [float(z) for z in args.zoom.split(",")]:
        for width in widths:
            for aa in (True, False):
                tag = f"{zoom:g}x{'' if width is None else '-thin'}{'' if aa else '-crisp'}"
                pngs = {}
                for mode in ("auto", "lossless"):
                    pngs[mode] = os.path.join(args.out, f"pixel-{mode}-{tag}.png")
                    rasterize(paths[mode, width, aa], pngs[mode], zoom)
                differing, total, largest = compare(pngs["auto"], pngs["lossless"],
                                                    os.path.join(args.out, f"pixel-diff-{tag}.png"))
                columns, inked, rows = compare_extents(line_extents(pngs["auto"]), line_extents(pngs["lossless"]))
                record["zooms"].append({"zoom": zoom, "antialias": aa, "line_width": width or "default",
                                        "differing_pixels": differing, "total_pixels": total,
                                        "ink_pixels_lossless": ink_pixels(pngs["lossless"]),
                                        "largest_channel_difference": largest,
                                        "columns_with_ink": inked, "columns_extent_differs": columns,
                                        "largest_extent_difference_rows": rows})
    # The exact aliased rasterizer (checked first against sampling every pixel centre) on the same
    # path data: what M4 changes in the geometry drawn, apart from any rasterizer's artefacts.
    exact_stroke.self_check(random.Random(13))
    for z in record["zooms"]:
        if not z["antialias"]:
            width = None if z["line_width"] == "default" else z["line_width"]
            z.update(exact_comparison(svgs["auto", width], svgs["lossless", width], z["zoom"]))
    record["phantom_probe"] = exact_stroke.phantom_probe(rsvg_rows)
    benchlib.emit(record)


if __name__ == "__main__":
    main()
