"""A minimal chartd client over pipes (ndjson framing), standard library only."""

import json
import subprocess


class Chartd:
    """Spawns `chartd --framing ndjson` and sends requests one at a time."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "--framing", "ndjson"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.next_id = 1
        self.call("initialize", {"processId": None, "capabilities": {}})
        self.notify("initialized", {})

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def call(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("chartd exited")
            msg = json.loads(line)
            if msg.get("id") != rid:
                continue  # a notification
            if "error" in msg:
                raise RuntimeError(f"chartd error: {json.dumps(msg['error'])[:400]}")
            return msg.get("result")

    def _send(self, msg):
        self.proc.stdin.write(json.dumps(msg, separators=(",", ":")).encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def close(self):
        try:
            self.call("shutdown", None)
            self.notify("exit", None)
            self.proc.stdin.close()
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        self.proc.wait(timeout=30)
