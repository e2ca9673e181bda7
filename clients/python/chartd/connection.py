"""One daemon process and its I/O threads (a "generation": a restart creates the next one).

The writer thread owns stdin (callers only enqueue whole frames, so a full pipe never blocks
them); the reader thread owns stdout and hands each message to the client; stderr is drained by
``DaemonProcess``.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable

from .daemon import DaemonProcess
from .framing import FramingError, encode_body, make_codec

__all__ = ["Generation"]


class Generation:
    """A running daemon with a writer queue and a reader thread; ``on_message``/``on_death`` call back."""

    def __init__(
        self,
        number: int,
        process: DaemonProcess,
        framing: str,
        on_message: Callable[["Generation", Any], None],
        on_death: Callable[["Generation"], None],
        on_protocol_error: Callable[["Generation", Exception], None],
    ) -> None:
        self.number = number
        self.process = process
        self._frame, self._decoder = make_codec(framing)
        self._on_message = on_message
        self._on_death = on_death
        self._on_protocol_error = on_protocol_error
        self._queue: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.dead = False
        self._writer = threading.Thread(target=self._write_loop, name="chartd-writer-%d" % number, daemon=True)
        self._reader = threading.Thread(target=self._read_loop, name="chartd-reader-%d" % number, daemon=True)

    def start(self) -> None:
        self._writer.start()
        self._reader.start()

    def send(self, message: Any) -> None:
        """Queues one message; it is written whole, in queue order."""
        self.send_body(encode_body(message))

    def send_body(self, body: bytes) -> None:
        """Queues a message encoded beforehand (``framing.encode_body``)."""
        self._queue.put(self._frame(body))

    def close_input(self) -> None:
        """Stops the writer after what is queued and closes the daemon's stdin (an EOF ends it)."""
        self._queue.put(None)

    def _write_loop(self) -> None:
        while True:
            data = self._queue.get()
            if data is None:
                self.process.close_stdin()
                return
            try:
                self.process.write(data)
            except (BrokenPipeError, OSError, ValueError):
                # The daemon is gone; the reader sees end of file and reports the death.
                return

    def _read_loop(self) -> None:
        try:
            while True:
                try:
                    chunk = self.process.read_chunk()
                except OSError:
                    chunk = b""
                if not chunk:
                    return
                self._dispatch(chunk)
        finally:
            self.dead = True
            self._queue.put(None)
            self._on_death(self)

    def _dispatch(self, chunk: bytes) -> None:
        data = chunk
        while True:
            try:
                for message in self._decoder.feed(data):
                    self._on_message(self, message)
                return
            except ValueError as error:  # a body that is not JSON: report it, keep the stream
                self._on_protocol_error(self, error)
                data = b""
            except FramingError as error:  # the stream cannot be resynchronised: end this daemon
                self._on_protocol_error(self, error)
                self.process.kill()
                return
