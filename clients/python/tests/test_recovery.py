"""Crash recovery against the real chartd: SIGKILL mid-stream, mirrors end equal to a fresh render."""

import os
import signal
import threading
import time

import chartd
from chartd import edits as E


def test_sigkill_mid_stream(chartd_binary, specs):
    mismatches = []
    with chartd.Client(chartd_binary, timeout=60) as client:
        client.on("recoveryMismatch", mismatches.append)
        kinds = ["line", "bar", "candlestick", "pie", "combined"]
        docs = {k: client.open("crash://%s" % k, specs[k]) for k in kinds}
        first_pid = client.pid
        errors = []
        progress = {k: 0 for k in kinds}

        def stream(kind, doc):
            try:
                for i in range(150):
                    if kind == "line":
                        doc.update([E.append_entries("a", [[4 + i, i % 9]], max_entries=60), E.highlight("a", 0)])
                    elif kind == "bar":
                        doc.update_entries("q1", i % 4, [float(i % 7)])
                    elif kind == "candlestick":
                        c = 10 + (i % 5) / 10
                        doc.append_entries("btc", [{"x": 3 + i, "open": c, "high": c + 0.5, "low": c - 0.5, "close": c + 0.1}], max_entries=40)
                    elif kind == "pie":
                        doc.update_entries("share", i % 3, [10 + i % 11])
                    else:
                        doc.update_nowait([E.append_entries("vol", [[4 + i, i % 6]], max_entries=20)])
                    progress[kind] = i
            except Exception as e:  # reported below
                errors.append((kind, e))

        threads = [threading.Thread(target=stream, args=item) for item in docs.items()]
        for t in threads:
            t.start()
        while min(progress.values()) < 40:
            time.sleep(0.005)
        os.kill(first_pid, signal.SIGKILL)
        for t in threads:
            t.join()
        assert not errors, errors
        assert client.pid != first_pid and client.restart_count == 1
        client.synchronize()
        for kind, doc in docs.items():
            fresh = client.request("chart/render", {"uri": doc.uri})
            assert doc.version == 150 == fresh["version"], kind
            assert doc.svg == fresh["svg"], kind
    # The replayed specs reproduced every mirror byte for byte (no reset was needed).
    assert mismatches == []


def test_recovery_past_a_chunk_boundary_is_exact(chartd_binary):
    """A sliding window that dropped entries across a 1,000-entry chunk is replayed byte for byte:
    the replay counts the dropped entries in entryOffset, as chartd numbers chunks."""
    mismatches = []
    with chartd.Client(chartd_binary, timeout=60) as client:
        client.on("recoveryMismatch", mismatches.append)
        doc = client.open("crash://big", {"kind": "line", "dataSets": [{"id": "a", "entries": [[i, i % 17] for i in range(1500)]}]})
        doc.append_entries("a", [[1500 + i, i % 5] for i in range(300)], max_entries=1200)
        assert doc.spec["dataSets"][0]["entryOffset"] == 600
        os.kill(client.pid, signal.SIGKILL)
        doc.append_entries("a", [[1800, 1]], max_entries=1200)
        assert doc.version == 2
        assert doc.svg == client.request("chart/render", {"uri": doc.uri})["svg"]
        time.sleep(0.05)
    assert mismatches == []


def test_a_replay_that_differs_resets_the_mirror(chartd_binary):
    """Should the replayed spec ever render differently, the client says so and takes the new render."""
    mismatches = []
    with chartd.Client(chartd_binary, timeout=60) as client:
        client.on("recoveryMismatch", mismatches.append)
        doc = client.open("crash://drift", {"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2, 3]}]})
        doc.replay.spec["title"] = "not what the daemon had"  # a replay gone wrong, made on purpose
        os.kill(client.pid, signal.SIGKILL)
        doc.append_entries("a", [4])
        assert doc.version == 1 and "not what the daemon had" in doc.svg
        assert doc.svg == client.request("chart/render", {"uri": doc.uri})["svg"]
        time.sleep(0.05)
    assert [m["uri"] for m in mismatches] == ["crash://drift"] and mismatches[0]["replayExact"]
