"""The JSON Schemas validate with a standard validator: their $ids and $refs resolve across files."""

import json
import pathlib

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="SKIP: jsonschema is not installed")
referencing = pytest.importorskip("referencing", reason="SKIP: referencing is not installed")

SCHEMAS = pathlib.Path(__file__).resolve().parents[3] / "protocol" / "schema"


def validator():
    resources = []
    for path in SCHEMAS.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], referencing.Resource.from_contents(doc)))
    registry = referencing.Registry().with_resources(resources)
    spec = json.loads((SCHEMAS / "chart-spec.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(spec, registry=registry)


@pytest.mark.parametrize("spec", [
    {"xAxis": {}},
    {"$schema": "chart-spec.schema.json", "kind": "bar", "leftAxis": {"format": {"type": "percent"}},
     "dataSets": [{"id": "a", "line": {"fillGradient": {"colors": ["red"]}}, "valueLabels": {"show": True}}],
     "pie": {"holeRadius": 0.5}, "limitLines": [{"value": 1}]},
])
def test_valid_specs_validate(spec):
    validator().validate(spec)


def test_a_typo_is_flagged():
    errors = list(validator().iter_errors({"legend": {"form": "sqare"}, "colour": "red"}))
    assert errors
