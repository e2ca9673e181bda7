"""Checks that a full SVG from chartd is a valid SVG document, from the SVG and XML specifications
alone (standard library only; it shares nothing with chartd's own checks of its markup).

What a well-formed but wrong SVG would get past the patch checks, because a render from scratch
makes the same mistake: a coordinate written as `nan`, path data a viewer stops reading halfway, a
negative width, a `url(#…)` that names no element. Each is an error a viewer handles by not
drawing (SVG 2, "Error processing"), so a chart that shows a blank where a bar should be.

    problems(svg)  ->  a list of messages, empty for a valid document

The grammars are SVG 2's: numbers (`<number>`: no `nan`, no `inf`, no leading `+.`-less
oddities), path data (section 9.3.9, with its compact forms: `.5.5` is two numbers, a flag may
touch the next number), transform lists, `viewBox`, paints and the keyword properties chartd writes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"

#: `<number>` (CSS Values): optional sign, digits with an optional fraction or a fraction alone,
#: optional exponent. Nothing else: `nan`, `inf`, `1.` followed by a letter are not numbers.
NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER = re.compile(NUMBER)
_WS = " \t\r\n"

#: Attributes whose value is one number, and whether it may be negative.
NUMERIC = {
    "x": True, "y": True, "cx": True, "cy": True, "x1": True, "y1": True, "x2": True, "y2": True,
    "width": False, "height": False, "r": False, "rx": False, "ry": False,
    "stroke-width": False, "font-size": False,
}
#: Attributes in [0, 1] (SVG clamps them; a value outside is a computation gone wrong).
UNIT_INTERVAL = {"opacity", "fill-opacity", "stroke-opacity", "stop-opacity"}
#: Attributes with a fixed set of values.
KEYWORDS = {
    "text-anchor": {"start", "middle", "end"},
    "stroke-linecap": {"butt", "round", "square"},
    "stroke-linejoin": {"miter", "miter-clip", "round", "bevel", "arcs"},
    "display": {"inline", "block", "none", "inherit"},
    "font-weight": {"normal", "bold", "bolder", "lighter"} | {str(w) for w in range(100, 1000, 100)},
    "spreadMethod": {"pad", "reflect", "repeat"},
    "gradientUnits": {"userSpaceOnUse", "objectBoundingBox"},
    "aria-hidden": {"true", "false"},
}
#: Paint attributes and the elements a `url(#id)` in them may name.
PAINTS = {"fill", "stroke", "stop-color"}
PAINT_SERVERS = {"linearGradient", "radialGradient", "pattern"}
#: The CSS named colours (CSS Color 4, section 6.1), lower case.
NAMED_COLORS = set("""aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen
darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey
darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta
maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen transparent""".split())
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_URL = re.compile(r"url\(\s*#([^)\s]+)\s*\)(?:\s+(.+))?")
_FUNCTIONAL = re.compile(r"(rgba?|hsla?)\(\s*" + NUMBER + r"%?(?:\s*[,\s/]\s*" + NUMBER + r"%?){2,3}\s*\)")

#: Path commands and how many numbers each takes per repetition.
PATH_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
TRANSFORM_ARGS = {"matrix": {6}, "translate": {1, 2}, "scale": {1, 2}, "rotate": {1, 3}, "skewX": {1}, "skewY": {1}}


def problems(svg: str) -> list[str]:
    """What is wrong with `svg` as an SVG document (empty when nothing is)."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        return ["not well-formed XML: %s" % e]
    if root.tag != SVG_NS + "svg":
        return ["the root element is %s, not svg in the SVG namespace" % root.tag]
    ids: dict[str, str] = {}
    found: list[str] = []
    for el in root.iter():
        element_id = el.get("id")
        if element_id is not None:
            if element_id in ids:
                found.append("element id %r appears twice" % element_id)
            ids[element_id] = local(el.tag)
    for el in root.iter():
        tag = local(el.tag)
        where = "<%s%s>" % (tag, ' id="%s"' % el.get("id") if el.get("id") else "")
        for name, value in el.attrib.items():
            problem = attribute_problem(tag, local(name), value, ids)
            if problem:
                found.append("%s %s=%r: %s" % (where, local(name), value[:80], problem))
    return found


def local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def attribute_problem(tag: str, name: str, value: str, ids: dict[str, str]) -> str | None:
    """Why `value` is not a valid value of attribute `name` on element `tag` (None when it is)."""
    if name == "d":
        return path_problem(value)
    if name == "transform":
        return transform_problem(value)
    if name == "viewBox":
        numbers = number_list(value)
        if numbers is None or len(numbers) != 4:
            return "a viewBox is four numbers"
        return "a viewBox's width and height are positive" if numbers[2] <= 0 or numbers[3] <= 0 else None
    if name == "offset":
        n = number_or_percentage(value)
        return "an offset is a number or a percentage" if n is None else None
    if name in ("x1", "y1", "x2", "y2") and tag == "linearGradient":
        return None if number_or_percentage(value) is not None else "a gradient vector end is a number or a percentage"
    if name in ("width", "height") and tag == "svg":
        n = number(value.removesuffix("px"))
        return None if n is not None and n > 0 else "the root's size is a positive length"
    if name in ("x", "y") and tag in ("text", "tspan"):
        # Text takes a list of coordinates, one per character (SVG 2, 11.2).
        return None if number_list(value) else "not a list of numbers"
    if name in NUMERIC:
        n = number(value)
        if n is None:
            return "not a number"
        return "negative" if n < 0 and not NUMERIC[name] else None
    if name in UNIT_INTERVAL:
        n = number(value)
        return None if n is not None and 0 <= n <= 1 else "not a number from 0 to 1"
    if name in KEYWORDS:
        return None if value in KEYWORDS[name] else "not one of %s" % ", ".join(sorted(KEYWORDS[name]))
    if name in PAINTS:
        return paint_problem(value, ids, allow_url=name != "stop-color")
    if name == "clip-path":
        m = _URL.fullmatch(value.strip())
        if value == "none":
            return None
        if not m or m.group(2):
            return "a clip-path is url(#id) or none"
        return reference_problem(m.group(1), ids, {"clipPath"})
    if name == "stroke-dasharray":
        numbers = number_list(value)
        if value == "none":
            return None
        if not numbers or any(n < 0 for n in numbers):
            return "a dash array is a list of non-negative numbers"
        return "a dash array of zeros only" if not any(numbers) else None
    if name == "aria-labelledby":
        missing = [i for i in value.split() if i not in ids]
        return "names no element %s" % ", ".join(missing) if missing else None
    return None


def number(text: str) -> float | None:
    return float(text) if _NUMBER.fullmatch(text.strip(_WS)) else None


def number_or_percentage(text: str) -> float | None:
    text = text.strip(_WS)
    return number(text[:-1]) if text.endswith("%") else number(text)


def number_list(text: str) -> list[float] | None:
    """Numbers separated by whitespace and at most one comma each (SVG's `<list-of-numbers>`)."""
    scanner = Scanner(text)
    out = []
    scanner.skip()
    while not scanner.done():
        n = scanner.number()
        if n is None:
            return None
        out.append(n)
        scanner.separator()
    return out


def paint_problem(value: str, ids: dict[str, str], allow_url: bool) -> str | None:
    value = value.strip()
    if value in ("none", "currentColor") or value.lower() in NAMED_COLORS:
        return None
    if _HEX.fullmatch(value) or _FUNCTIONAL.fullmatch(value):
        return None
    m = _URL.fullmatch(value)
    if m and allow_url:
        if m.group(2) and paint_problem(m.group(2), ids, allow_url=False):
            return "the fallback after url() is not a colour"
        return reference_problem(m.group(1), ids, PAINT_SERVERS)
    return "not a colour%s" % (" or url(#id)" if allow_url else "")


def reference_problem(target: str, ids: dict[str, str], kinds: set[str]) -> str | None:
    if target not in ids:
        return "names no element of the document"
    return None if ids[target] in kinds else "names a <%s>, not one of %s" % (ids[target], ", ".join(sorted(kinds)))


class Scanner:
    """Reads numbers, flags and separators off path data and number lists, as SVG 2 section
    9.3.9's grammar does: the longest number at each point, separators optional where unambiguous."""

    def __init__(self, text: str):
        self.text = text
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.text)

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in _WS:
            self.at += 1

    def separator(self) -> None:
        """Whitespace, then at most one comma and whitespace."""
        self.skip()
        if self.at < len(self.text) and self.text[self.at] == ",":
            self.at += 1
            self.skip()

    def number(self) -> float | None:
        m = _NUMBER.match(self.text, self.at)
        if not m:
            return None
        self.at = m.end()
        return float(m.group())

    def flag(self) -> bool:
        if self.at < len(self.text) and self.text[self.at] in "01":
            self.at += 1
            return True
        return False

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""


def path_problem(d: str) -> str | None:
    """Why `d` is not valid path data (None when it is). An empty `d` is valid: nothing is drawn."""
    s = Scanner(d)
    s.skip()
    if s.done():
        return None
    if s.peek() not in "Mm":
        return "path data starts with %r, not a moveto" % d[s.at:s.at + 12]
    while not s.done():
        command = s.peek()
        if command.lower() not in PATH_ARGS:
            return "expected a command at byte %d, found %r" % (s.at, d[s.at:s.at + 12])
        s.at += 1
        s.skip()
        arity = PATH_ARGS[command.lower()]
        if arity == 0:
            continue
        # One or more groups of arguments; a comma between groups promises another group, and
        # whitespace alone before the next command.
        while True:
            problem = argument_group(s, command, arity)
            if problem:
                return problem
            s.skip()
            if s.peek() == ",":
                s.at += 1
                s.skip()
                continue
            if s.done() or s.peek().isalpha():
                break
    return None


def argument_group(s: Scanner, command: str, arity: int) -> str | None:
    """Reads one group of `command`'s arguments (an arc's flags are single digits 0 or 1)."""
    for k in range(arity):
        if k > 0:
            s.separator()
        if command in "Aa" and k in (3, 4):
            if not s.flag():
                return "an arc flag at byte %d is not 0 or 1" % s.at
        elif s.number() is None:
            return "expected a number at byte %d of a %r command, found %r" % (s.at, command, s.text[s.at:s.at + 12])
    return None


def transform_problem(value: str) -> str | None:
    rest = value.strip(_WS)
    if not rest:
        return None
    function = re.compile(r"([A-Za-z]+)\s*\(([^()]*)\)[\s,]*")
    while rest:
        m = function.match(rest)
        if not m:
            return "not a transform list at %r" % rest[:20]
        name, args = m.group(1), number_list(m.group(2))
        if name not in TRANSFORM_ARGS:
            return "unknown transform function %r" % name
        if args is None or len(args) not in TRANSFORM_ARGS[name]:
            return "%s takes %s numbers" % (name, " or ".join(map(str, sorted(TRANSFORM_ARGS[name]))))
        rest = rest[m.end():]
    return None
