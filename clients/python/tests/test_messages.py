"""What the client sends (issue 15): numbers JSON cannot express are refused at the call, with the
place named, and leave nothing behind; an error answer with id null is surfaced, never dropped."""

import logging
import math
import threading

import pytest

import chartd
from chartd import ChartdError, edits as E
from chartd.framing import encode_body

SPEC = {"kind": "line", "dataSets": [{"id": "a", "entries": [[0, 1]]}]}


@pytest.fixture
def fake(fake_binary):
    with chartd.Client(fake_binary, timeout=20) as c:
        yield c


@pytest.mark.parametrize("value, name", [(math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity")])
def test_a_non_finite_number_is_refused_where_it_is_sent(fake, value, name):
    doc = fake.open("mem://a", SPEC)
    with pytest.raises(ValueError) as info:
        doc.append_entries("a", [1.5, value])
    assert str(info.value) == (
        "chart/update: cannot send %s at /edits/0/entries/1: JSON has no NaN or Infinity (send None for a missing value)" % name
    )
    # Nothing is left waiting for an answer, and the version it would have had is still free.
    assert fake._pending == {}
    assert doc.append_entries("a", [[1, 2]]).version == 1


def test_the_same_rule_for_every_way_of_sending(fake):
    doc = fake.open("mem://a", SPEC)
    with pytest.raises(ValueError, match="at /edits/0/entries/0/y"):
        doc.update_nowait([E.append_entries("a", [{"x": 1, "y": math.nan}])])
    assert doc._unconfirmed == [] and doc._last_sent == 0
    with pytest.raises(ValueError, match="^chart/renderSpec: cannot send Infinity at /spec/width"):
        fake.render_spec({"kind": "line", "width": math.inf})
    with pytest.raises(ValueError, match="^x/y: cannot send NaN at /v"):
        fake.notify("x/y", {"v": math.nan})
    with pytest.raises(ValueError, match="at /edits/0/xMin"):
        doc.set_viewport(math.nan, 3)
    assert fake._pending == {}
    # None is the protocol's null: a missing value, sent as such.
    assert doc.append_entries("a", [[1, None]]).version == 1


def test_other_unsendable_values_raise_as_themselves(fake):
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        fake.request("chart/renderSpec", {"spec": loop})
    with pytest.raises(TypeError):
        fake.request("chart/renderSpec", {"spec": {1, 2}})
    assert fake._pending == {}


def test_encode_body_names_the_first_place_in_document_order():
    message = {"method": "m", "params": {"a": [1, {"b": math.nan}], "c": math.inf}}
    with pytest.raises(ValueError, match="at /a/1/b:"):
        encode_body(message)
    assert encode_body({"params": {"v": None}}) == b'{"params":{"v":null}}'


def test_an_error_answer_with_id_null_reaches_protocol_error_listeners(chartd_client):
    seen: list = []
    done = threading.Event()
    chartd_client.on("protocolError", lambda e: (seen.append(e), done.set()))
    chartd_client._gen.send_body(b'{"jsonrpc":"2.0","id":7,"method":')  # bytes no encoder of ours makes
    assert done.wait(10)
    assert isinstance(seen[0], ChartdError) and seen[0].code == -32700
    assert chartd_client.render_spec(SPEC).startswith("<svg")  # the session goes on


def test_without_listeners_it_is_logged_not_dropped(chartd_client, caplog):
    with caplog.at_level(logging.ERROR, logger="chartd"):
        chartd_client._gen.send_body(b"[1,")
        chartd_client.synchronize()  # answered after the parse error: it has been handled by now
    assert any("id null" in r.getMessage() and "-32700" in r.getMessage() for r in caplog.records)
