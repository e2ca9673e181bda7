"""Finding and spawning the chartd binary; stderr is drained on a thread so it never blocks."""

from __future__ import annotations

import collections
import os
import shutil
import signal
import subprocess
import threading
from typing import Callable, Sequence

from .errors import DaemonNotFoundError

__all__ = ["find_binary", "describe_exit", "DaemonProcess"]


def describe_exit(returncode: int | None) -> str:
    """ "exit status N", "signal SIGKILL" (``Popen`` reports a signal as a negative code), "still running"."""
    if returncode is None:
        return "still running"
    if returncode < 0:
        try:
            return "signal %s" % signal.Signals(-returncode).name
        except ValueError:
            return "signal %d" % -returncode
    return "exit status %d" % returncode


def find_binary(binary: str | os.PathLike | None = None) -> str:
    """The chartd executable: ``binary`` if given, else ``$CHARTD``, else ``chartd`` on ``PATH``."""
    candidates = [binary, os.environ.get("CHARTD")]
    for c in candidates:
        if c:
            path = os.fspath(c)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
            found = shutil.which(path)
            if found:
                return found
            raise DaemonNotFoundError("chartd binary %r does not exist or is not executable" % path)
    found = shutil.which("chartd")
    if found:
        return found
    raise DaemonNotFoundError("chartd not found: pass binary=..., set CHARTD, or put chartd on PATH")


class DaemonProcess:
    """One running chartd: stdin/stdout pipes for the protocol, stderr read line by line on a thread.

    The last ``tail_lines`` stderr lines are kept (for error messages when the daemon dies) and each
    line is passed to ``on_stderr`` when given.
    """

    def __init__(
        self,
        binary: str,
        args: Sequence[str] = (),
        on_stderr: Callable[[str], None] | None = None,
        tail_lines: int = 50,
        env: dict | None = None,
    ) -> None:
        self.argv = [binary, *args]
        self.process = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env=env,
        )
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=tail_lines)
        self._on_stderr = on_stderr
        self._stderr_thread = threading.Thread(target=self._drain_stderr, name="chartd-stderr", daemon=True)
        self._stderr_thread.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _drain_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stderr_tail.append(line)
            if self._on_stderr is not None:
                try:
                    self._on_stderr(line)
                except Exception:  # a faulty log callback must not stop the draining
                    pass

    def stderr_text(self) -> str:
        return "\n".join(self.stderr_tail)

    def exit_description(self) -> str:
        """How the process ended, as the Node client says it: "exit status 3", "signal SIGKILL"."""
        return describe_exit(self.process.poll())

    def write(self, data: bytes) -> None:
        """Writes all of ``data`` (one whole frame) to the daemon's stdin."""
        stdin = self.process.stdin
        assert stdin is not None
        view = memoryview(data)
        while view:
            n = stdin.write(view)
            view = view[n:]

    def read_chunk(self, size: int = 65536) -> bytes:
        """Some bytes from stdout; b"" at end of file."""
        stdout = self.process.stdout
        assert stdout is not None
        return os.read(stdout.fileno(), size)

    def close_stdin(self) -> None:
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass

    def wait(self, timeout: float | None = None) -> int | None:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Ends the process for sure (SIGKILL) and reaps it."""
        if self.process.poll() is None:
            try:
                self.process.kill()
            except OSError:
                pass
        self.process.wait()
        self.close_stdin()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def join_stderr(self, timeout: float = 1.0) -> None:
        self._stderr_thread.join(timeout)
