"""The client's spec replay against the real chartd: seeded random edit sequences, and after every
update the replayed spec must render (chart/renderSpec, same id prefix) to exactly the mirror, and
name the same highlights, hidden slices and entry offsets as chart/getSpec (crash recovery re-opens
documents with this spec, so any difference would show after a crash)."""

import random

import pytest

import chartd
from chartd import edits as E

SEEDS = range(1, 5)
STEPS = 40


def line_spec(rng):
    # A small chunk size, so sliding windows and removals from the front move chunk ids (entryOffset).
    walk = lambda n: [round(rng.uniform(0, 9), 2) for _ in range(n)]  # noqa: E731
    return {
        "kind": "line",
        "largeData": {"chunkSize": 16},
        "dataSets": [{"id": "a", "entries": walk(40)}, {"id": "b", "entries": walk(20), "entryOffset": 5}],
    }


def bar_spec(rng):
    return {
        "kind": "bar",
        "dataSets": [
            {"id": "s", "entries": [{"values": stack(rng)} for _ in range(8)]},
            {"id": "t", "entries": [rng.randint(1, 9) for _ in range(8)]},
        ],
    }


def pie_spec(rng):
    return {"kind": "pie", "dataSets": [{"id": "p", "entries": [rng.randint(1, 9) for _ in range(8)], "hiddenEntries": [2]}]}


SPECS = {"line": line_spec, "bar": bar_spec, "pie": pie_spec}


def stack(rng):
    return [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]


def new_entries(rng, kind, ds_id, k):
    if kind == "bar" and ds_id != "t":
        return [{"values": stack(rng)} for _ in range(k)]
    if kind == "line":
        return [round(rng.uniform(0, 9), 2) for _ in range(k)]
    return [rng.randint(1, 9) for _ in range(k)]


def random_highlights(rng, spec):
    out = []
    for _ in range(rng.randint(0, 3)):
        ds = rng.choice(spec["dataSets"])
        entries = ds["entries"]
        n = len(entries["x"])
        if n == 0:
            continue
        h = {"dataSet": ds["id"], "index": rng.randrange(n)}
        segments = entries.get("stacks", [None] * n)[h["index"]] or []
        if segments and rng.random() < 0.5:
            h["stackIndex"] = rng.randrange(len(segments))
        out.append(h)
    return out


def random_edit(rng, spec, fresh_id):
    """One valid edit for the document in ``spec`` (the daemon's own chart/getSpec)."""
    kind, sets = spec["kind"], spec["dataSets"]
    ds = rng.choice(sets)
    n = len(ds["entries"]["x"])
    roll = rng.random()
    if roll < 0.25:
        k = rng.randint(1, 6)
        window = rng.choice([None, max(1, n + k - rng.randint(0, 8))])
        return E.append_entries(ds["id"], new_entries(rng, kind, ds["id"], k), max_entries=window)
    if roll < 0.40 and n:
        start = rng.choice([0, rng.randrange(n)])
        return E.remove_entries(ds["id"], start, rng.randint(0, min(5, n - start)))
    if roll < 0.48 and n:
        start = rng.randrange(n)
        return E.update_entries(ds["id"], start, new_entries(rng, kind, ds["id"], rng.randint(1, min(3, n - start))))
    if roll < 0.53:
        return E.replace_entries(ds["id"], new_entries(rng, kind, ds["id"], rng.randint(0, 10)))
    if roll < 0.73:
        return E.set_highlight(random_highlights(rng, spec))
    if roll < 0.83:
        if kind == "pie" and n:
            return E.set_visibility(ds["id"], rng.random() < 0.4, entry=rng.randrange(n))
        return E.set_visibility(ds["id"], rng.random() < 0.6)
    if roll < 0.88 and kind != "pie" and len(sets) > 1:
        return E.remove_data_set(ds["id"])
    if roll < 0.93 and kind != "pie":
        data_set = {"id": fresh_id, "entries": new_entries(rng, kind, ds["id"], rng.randint(1, 12))}
        if rng.random() < 0.5:
            data_set["entryOffset"] = rng.randint(0, 40)
        return E.add_data_set(data_set, index=rng.randint(0, len(sets)))
    if roll < 0.96:
        return E.replace_data_set({"id": ds["id"], "entries": new_entries(rng, kind, ds["id"], rng.randint(1, 12))})
    return E.merge_spec({"title": "step %d" % rng.randint(0, 99)})


def state(spec):
    """What edits keep by index: highlights, and per data set hidden slices and the entry offset."""
    sets = {
        ds.get("id", ds.get("label")): (sorted(set(ds.get("hiddenEntries", []))), ds.get("entryOffset", 0))
        for ds in spec.get("dataSets", [])
    }
    return spec.get("highlights", []), sets


@pytest.mark.parametrize("kind", sorted(SPECS))
@pytest.mark.parametrize("seed", SEEDS)
def test_replay_follows_random_edits_exactly(chartd_binary, kind, seed):
    rng = random.Random(seed)
    with chartd.Client(chartd_binary, timeout=60) as client:
        doc = client.open("replay://%s/%d" % (kind, seed), SPECS[kind](rng))
        for step in range(STEPS):
            daemon = client.request("chart/getSpec", {"uri": doc.uri})["spec"]
            edit = random_edit(rng, daemon, "n%d" % step)
            doc.update([edit])
            daemon = client.request("chart/getSpec", {"uri": doc.uri})["spec"]
            where = "seed %d step %d after %s" % (seed, step, edit["op"])
            assert state(doc.spec) == state(daemon), where
            rendered = client.request("chart/renderSpec", {"spec": doc.spec, "idPrefix": doc.id_prefix})["svg"]
            assert rendered == doc.svg, where
        assert doc.replay_exact
