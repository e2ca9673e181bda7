"""The package as others consume it: typed, free of import cycles, displayable in Jupyter, and the
edit helpers in step with protocol/spec/edits.md."""

import ast
import pathlib
import re

import chartd
from chartd import edits as E

PACKAGE = pathlib.Path(chartd.__file__).resolve().parent


def imports_of(path: pathlib.Path) -> set[str]:
    """The package modules a module imports anywhere (top level, functions, TYPE_CHECKING blocks)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found & {p.stem for p in PACKAGE.glob("*.py")}


def test_modules_import_each_other_without_a_cycle():
    graph = {p.stem: imports_of(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for dep in sorted(graph.get(module, ())):
            assert state.get(dep) != "open", "import cycle: " + " → ".join(path + [module, dep])
            if dep not in state:
                visit(dep, path + [module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert "client" not in graph["document"] and "client" not in graph["recovery"]


def test_the_package_is_marked_typed():
    assert (PACKAGE / "py.typed").is_file()
    project = (PACKAGE.parent / "pyproject.toml").read_text()  # (tomllib is 3.11+; the client supports 3.10)
    assert re.search(r'\[tool\.setuptools\.package-data\]\s*chartd = \["py\.typed"\]', project)


def test_set_viewport_passes_auto_scale_y_only_when_given():
    assert E.set_viewport(1, 5) == {"op": "setViewport", "xMin": 1, "xMax": 5}
    assert E.set_viewport(x_max=5, auto_scale_y=False) == {"op": "setViewport", "xMin": None, "xMax": 5, "autoScaleY": False}
    assert E.set_viewport() == {"op": "setViewport", "xMin": None, "xMax": None}


def test_svg_text_is_a_string_that_jupyter_shows():
    text = chartd.SvgText("<svg/>")
    assert text == "<svg/>" and isinstance(text, str) and text._repr_svg_() == "<svg/>"


def test_documents_and_render_spec_display_as_charts(chartd_client):
    spec = {"kind": "line", "dataSets": [{"id": "a", "entries": [1, 3, 2]}]}
    doc = chartd_client.open("mem://jupyter", spec)
    assert doc._repr_svg_() == doc.svg
    one = chartd_client.render_spec(spec, id_prefix="first")
    two = chartd_client.render_spec(spec, id_prefix="second")
    assert one._repr_svg_().startswith('<svg xmlns="http://www.w3.org/2000/svg" id="first"')
    assert ' id="second-' in two and ' id="first' not in two


def test_auto_scale_y_reaches_the_daemon(chartd_client):
    spec = {"kind": "line", "dataSets": [{"id": "a", "entries": [1, 30, 2, 5, 4]}]}
    doc = chartd_client.open("mem://viewport", spec)
    doc.set_viewport(2, 4, auto_scale_y=False)
    assert chartd_client.request("chart/getSpec", {"uri": doc.uri})["spec"]["viewport"] == {"xMin": 2, "xMax": 4, "autoScaleY": False}
    doc.set_viewport()  # both ends open: all data; the y setting stays as it is
    assert chartd_client.request("chart/getSpec", {"uri": doc.uri})["spec"]["viewport"]["autoScaleY"] is False
    assert doc.spec["viewport"]["autoScaleY"] is False  # the client's replay agrees (crash recovery)
