"""The client engine against the stand-in daemon (testing/fake_chartd.py): correlation,
notifications, errors, stderr draining, resync and crash recovery. The same behaviour is checked
against the real daemon in test_integration.py."""

import os
import signal
import threading
import time

import pytest

import chartd
from chartd import ChartdError, ConnectionLostError, ErrorCode, edits as E

SPEC = {"kind": "line", "dataSets": [{"id": "a", "label": "A", "entries": [[0, 1]]}, {"id": "b", "entries": []}]}


@pytest.fixture
def client(fake_binary):
    with chartd.Client(fake_binary, timeout=20) as c:
        yield c


def assert_mirror_is_render(client, doc):
    render = doc.render()
    fresh = client.request("chart/render", {"uri": doc.uri})
    assert doc.svg == fresh["svg"] == render.svg


def test_initialize_reports_server_info(client):
    assert client.server_info.name == "chartd"
    assert client.server_info.protocol_version == "1.0"
    assert client.state == "running"


def test_every_edit_keeps_the_mirror_equal_to_a_full_render(client):
    doc = client.open("mem://a", SPEC)
    assert doc.version == 0 and doc.id_prefix == "c1"
    steps = [
        lambda: doc.append_entries("a", [[1, 2], [2, 3]], max_entries=2),
        lambda: doc.add_data_set({"id": "c", "label": "C <&>", "entries": [1, 2]}, index=0),
        lambda: doc.update_entries("a", 0, [[1, 5]]),
        lambda: doc.remove_entries("a", 0, 1),
        lambda: doc.replace_entries("b", [[0, 9]]),
        lambda: doc.set_visibility("b", False),
        lambda: doc.highlight("b", 0),
        lambda: doc.clear_highlight(),
        lambda: doc.set_viewport(0, 5),
        lambda: doc.set_viewport(None, None),
        lambda: doc.replace_data_set({"id": "c", "entries": [7]}),
        lambda: doc.remove_data_set("c"),
        lambda: doc.resize(300, 200),
        lambda: doc.merge_spec({"title": "T"}),
        lambda: doc.set_spec(SPEC),
    ]
    for n, step in enumerate(steps, start=1):
        patch = step()
        assert isinstance(patch, chartd.Patch)
        assert patch.version == n == doc.version == doc.mirror.version
        assert_mirror_is_render(client, doc)
    with doc.batch() as b:
        b.append_entries("a", [[3, 3]])
        b.highlight("a", 0)
    assert doc.version == len(steps) + 1
    assert_mirror_is_render(client, doc)


def test_invalid_edit_raises_with_diagnostics_and_changes_nothing(client):
    doc = client.open("mem://a", SPEC)
    before = doc.svg
    with pytest.raises(ChartdError) as info:
        doc.update([E.append_entries("a", [[1, 1]]), E.set_visibility("nope", True)])
    assert info.value.code == ErrorCode.INVALID_PARAMS
    assert info.value.diagnostics[0]["path"] == "/edits/1/dataSet"
    assert doc.svg == before and doc.version == 0
    assert doc.append_entries("a", [[1, 1]]).version >= 1  # the document still takes edits


def test_stale_version_and_unknown_document(client):
    doc = client.open("mem://a", SPEC)
    doc.append_entries("a", [[1, 1]])
    with pytest.raises(ChartdError) as info:
        doc.update([E.append_entries("a", [[2, 2]])], version=1)
    assert info.value.code == ErrorCode.CONTENT_MODIFIED and info.value.current_version == 1
    with pytest.raises(ChartdError) as info:
        client.request("chart/render", {"uri": "mem://none"})
    assert info.value.code == ErrorCode.REQUEST_FAILED and info.value.kind == "unknownDocument"


def test_notification_updates_arrive_as_patch_callbacks(client):
    doc = client.open("mem://a", SPEC)
    seen = []
    done = threading.Event()

    def on_patch(p):
        seen.append(p.version)
        if p.version == 20:
            done.set()

    client.on_patch(on_patch)
    for i in range(20):
        doc.update_nowait([E.append_entries("a", [[i + 1, i]])])
    assert done.wait(10)
    assert seen == list(range(1, 21))
    client.synchronize()
    assert doc.version == 20
    assert_mirror_is_render(client, doc)
    assert doc.spec["dataSets"][0]["entries"]["x"][-1] == 20 and doc.spec["dataSets"][0]["entries"]["y"][-1] == 19


def test_a_rejected_notification_update_is_not_replayed(client):
    doc = client.open("mem://a", SPEC)
    mismatches = []
    client.on("recoveryMismatch", mismatches.append)
    doc.update_nowait([E.append_entries("a", [[1, 1]])])
    doc.update_nowait([E.set_spec({"kind": "line", "dataSets": "bad"})])  # rejected by the daemon
    doc.update_nowait([E.append_entries("a", [[2, 2]])])
    client.synchronize()
    assert doc.version == 3 and doc.diagnostics[0]["path"] == "/edits/0/spec/dataSets"
    assert doc.spec["dataSets"][0]["entries"]["x"] == [0, 1, 2] and doc.replay_exact
    os.kill(client.pid, signal.SIGKILL)
    doc.append_entries("a", [[3, 3]])
    assert_mirror_is_render(client, doc)
    assert mismatches == []


def test_concurrent_updates_from_threads(client):
    doc = client.open("mem://a", SPEC)
    errors = []

    def worker(k):
        try:
            for i in range(25):
                doc.append_entries("a", [[k * 100 + i, i]])
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert doc.version == 100
    assert_mirror_is_render(client, doc)


def test_a_mirror_out_of_step_resyncs_with_a_full_render(client):
    doc = client.open("mem://a", SPEC)
    doc.append_entries("a", [[1, 1]])
    with client._lock:
        doc.mirror.version = 0  # pretend a patch was lost
        doc.mirror.regions[0] = "<g id=\"c1-bg\">garbage</g>"
    doc.append_entries("a", [[2, 2]])
    assert doc.mirror.version == 2
    assert_mirror_is_render(client, doc)


def test_chatty_stderr_never_blocks(fake_binary):
    lines = []
    env = dict(os.environ, FAKE_CHARTD_STDERR_KIB="1024")  # 1 MiB: far beyond a pipe buffer
    with chartd.Client(fake_binary, env=env, on_stderr=lines.append, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        doc.append_entries("a", [[1, 1]])
    assert len(lines) == 1024


def test_close_shuts_the_daemon_down_cleanly(fake_binary):
    c = chartd.Client(fake_binary)
    process = c._gen.process.process
    with c:
        c.open("mem://a", SPEC)
    assert process.returncode == 0  # exit after shutdown → 0
    assert c.state == "closed"
    with pytest.raises(ConnectionLostError):
        c.synchronize()


def test_ndjson_framing(fake_binary):
    with chartd.Client(fake_binary, framing="ndjson") as c:
        doc = c.open("mem://a", SPEC)
        doc.append_entries("a", [[1, 1]])
        assert_mirror_is_render(c, doc)


def test_missing_binary_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv("CHARTD", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(chartd.DaemonNotFoundError):
        chartd.Client()
    with pytest.raises(chartd.DaemonNotFoundError):
        chartd.Client(tmp_path / "nope")


# -- crash recovery -------------------------------------------------------------------------


def test_sigkill_mid_stream_loses_nothing(fake_binary):
    env = dict(os.environ, FAKE_CHARTD_DELAY_MS="2")
    restarts = []
    with chartd.Client(fake_binary, env=env, timeout=20) as c:
        c.on("restart", restarts.append)
        docs = [c.open("mem://%d" % k, SPEC) for k in range(3)]
        first_pid = c.pid
        stop = threading.Event()
        errors = []

        def stream(doc, k):
            try:
                for i in range(60):
                    doc.append_entries("a", [[i + 1, i * k]], max_entries=25)
                    if i % 10 == 0:
                        doc.update_nowait([E.highlight("a", 0)])
            except Exception as e:
                errors.append(e)

        threads = [threading.Thread(target=stream, args=(d, k)) for k, d in enumerate(docs)]
        for t in threads:
            t.start()
        time.sleep(0.15)
        os.kill(first_pid, signal.SIGKILL)
        for t in threads:
            t.join()
        stop.set()
        assert not errors, errors
        assert c.pid != first_pid and c.restart_count == 1
        c.synchronize()
        for doc in docs:
            assert doc.version == 66
            assert_mirror_is_render(c, doc)
            assert len(doc.spec["dataSets"][0]["entries"]["x"]) == 25
    time.sleep(0.05)
    assert restarts and restarts[0]["generation"] == 2


def test_a_request_that_kills_the_daemon_twice_fails_clearly(fake_binary):
    env = dict(os.environ, FAKE_CHARTD_CRASH_ON="poison")
    with chartd.Client(fake_binary, env=env, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        doc.append_entries("a", [[1, 1]])
        with pytest.raises(ConnectionLostError) as info:
            doc.add_data_set({"id": "poison", "entries": []})
        assert "retried" in str(info.value)
        assert c.restart_count == 2
        # The document survived at its last confirmed version and keeps working.
        assert doc.version == 1
        doc.append_entries("a", [[2, 2]])
        assert_mirror_is_render(c, doc)


def test_gives_up_after_too_many_restarts(fake_binary):
    env = dict(os.environ, FAKE_CHARTD_CRASH_ON="poison")
    with chartd.Client(fake_binary, env=env, timeout=20, max_retries=5, max_restarts=2) as c:
        doc = c.open("mem://a", SPEC)
        with pytest.raises(ConnectionLostError) as info:
            doc.add_data_set({"id": "poison", "entries": []})
        reason = "the daemon died again after 2 restarts within 30 s (last exit: signal SIGKILL); the client gave up"
        assert info.value.message == reason + "; chart/update was not answered"
        assert c.state == "broken" and c.broken_reason == reason
        # Every later call keeps the cause (issue 15): the exits, and the daemon's stderr tail.
        with pytest.raises(ConnectionLostError) as later:
            doc.append_entries("a", [[1, 1]])
        assert later.value.message == "the client is broken: %s; chart/update was not sent" % reason
        assert later.value.reason == reason and later.value.data["reason"] == reason


def test_no_restart_when_disabled(fake_binary):
    with chartd.Client(fake_binary, auto_restart=False, timeout=20) as c:
        doc = c.open("mem://a", SPEC)
        os.kill(c.pid, signal.SIGKILL)
        with pytest.raises(ConnectionLostError) as info:
            for _ in range(100):  # the death may be noticed a moment later
                doc.append_entries("a", [[1, 1]])
                time.sleep(0.01)
        assert "signal SIGKILL" in str(info.value) and "auto_restart is off" in str(info.value)
