"""protocol/examples as a conformance suite for a client (protocol/replay.md): the Python client's
own framing and process handling send each transcript's client messages to the real chartd, and
every reply must equal the recorded one. A client in another language can do the same."""

import json
import os
import pathlib

import pytest

from chartd.connection import Generation
from chartd.daemon import DaemonProcess
from chartd.framing import encode_body

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "protocol" / "examples"
SCHEMA = EXAMPLES.parent / "schema" / "transcript.schema.json"
TRANSCRIPTS = sorted(EXAMPLES.glob("*.ndjson"))


def read(path: pathlib.Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    header = lines[0] if lines and "transcript" in lines[0] else {}
    return header, [line for line in lines if line is not header]


def test_the_examples_are_there():
    assert len(TRANSCRIPTS) >= 3


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_every_line_matches_the_transcript_schema(path):
    jsonschema = pytest.importorskip("jsonschema", reason="SKIP: jsonschema not installed")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    for number, line in enumerate(path.read_text().splitlines(), 1):
        errors = [e.message for e in validator.iter_errors(json.loads(line))]
        assert not errors, "line %d: %s" % (number, errors)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_the_python_transport_reproduces_the_transcript(path, chartd_binary):
    header, lines = read(path)
    framing = header.get("framing", "lsp")
    # The header's settings, as chartd replay passes them: initialize reports these limits.
    flags = {"maxMessageBytes": "--max-message-bytes", "maxDocuments": "--max-documents",
             "maxUnsentBytes": "--max-unsent-bytes", "maxMemory": "--max-memory"}
    args = ["--framing", framing] + [arg for key, flag in flags.items() if key in header for arg in (flag, str(header[key]))]
    replies: list = []
    process = DaemonProcess(chartd_binary, args)
    gen = Generation(1, process, framing, lambda g, m: replies.append(m), lambda g: None, lambda g, e: replies.append(e))
    gen.start()
    try:
        expected = []
        for line in lines:
            if line["dir"] == "in" and "message" in line:
                message = line["message"]
                if message.get("method") == "initialize" and isinstance(message.get("params", {}).get("processId"), int):
                    message = dict(message, params=dict(message["params"], processId=os.getpid()))
                gen.send_body(encode_body(message))
            elif line["dir"] == "in" and "raw" in line:
                gen.send_body(line["raw"].encode())
            elif line["dir"] == "out":
                expected.append(line["message"])
        gen.close_input()
        exit_code = process.wait(20)
        gen._reader.join(10)
    finally:
        process.kill()
    assert replies == expected
    assert [exit_code] == [line["exitCode"] for line in lines if "exitCode" in line]

