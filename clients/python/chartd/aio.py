"""The asyncio API: the same engine as the sync client, with awaitable methods.

The engine's I/O runs on its own threads, so awaiting never blocks the event loop; callbacks
registered here run on the loop (coroutine functions are scheduled as tasks).

    async with await chartd.aio.AsyncClient.start() as client:
        doc = await client.open("mem://a", spec)
        patch = await doc.append_entries("price", [[10, 1.5]], max_entries=500)
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from typing import Any, AsyncIterator, Callable

from .client import Client
from .document import Batch, Document, EditMethods
from .types import HitTarget, Patch, Render, SvgText

__all__ = ["AsyncClient", "AsyncDocument"]


class AsyncDocument(EditMethods):
    """An open chart document with awaitable methods (wraps a sync ``Document``)."""

    def __init__(self, doc: Document) -> None:
        self.document = doc

    uri = property(lambda self: self.document.uri)
    version = property(lambda self: self.document.version)
    svg = property(lambda self: self.document.svg)
    regions = property(lambda self: self.document.regions)
    diagnostics = property(lambda self: self.document.diagnostics)
    mirror = property(lambda self: self.document.mirror)
    spec = property(lambda self: self.document.spec)

    async def update(self, edits: list[dict], version: int | None = None) -> Patch:
        return await asyncio.wrap_future(self.document.submit(edits, version))

    def update_nowait(self, edits: list[dict]) -> int:
        return self.document.update_nowait(edits)

    @contextlib.asynccontextmanager
    async def batch(self) -> AsyncIterator[Batch]:
        b = Batch()
        yield b
        if b.edits:
            await self.update(b.edits)

    async def render(self) -> Render:
        return await asyncio.wrap_future(self.document.submit_render())

    async def hit_test(self, x: float, y: float) -> HitTarget | None:
        return await asyncio.wrap_future(self.document.submit_hit_test(x, y))

    async def close(self) -> None:
        await asyncio.wrap_future(self.document.submit_close())

    def __repr__(self) -> str:
        return "<chartd.aio.AsyncDocument %s v%d>" % (self.uri, self.version)

    def _repr_svg_(self) -> str:
        return self.document.svg


class AsyncClient:
    """A chartd daemon for asyncio code; create with ``await AsyncClient.start(...)``."""

    def __init__(self, client: Client, loop: asyncio.AbstractEventLoop) -> None:
        self.client = client
        self._loop = loop

    @classmethod
    async def start(cls, binary: Any = None, **options: Any) -> "AsyncClient":
        """Spawns and initialises the daemon (off the loop); options as for ``chartd.Client``."""
        loop = asyncio.get_running_loop()
        client = await loop.run_in_executor(None, lambda: Client(binary, **options))
        return cls(client, loop)

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def close(self) -> None:
        await self._loop.run_in_executor(None, self.client.close)

    @property
    def server_info(self):
        return self.client.server_info

    @property
    def pid(self) -> int | None:
        return self.client.pid

    async def open(self, uri: str, spec: Any, version: int = 0, id_prefix: str | None = None) -> AsyncDocument:
        doc = await asyncio.wrap_future(self.client.submit_open(uri, spec, version, id_prefix))
        return AsyncDocument(doc)

    async def render_spec(self, spec: Any, id_prefix: str | None = None) -> SvgText:
        return await asyncio.wrap_future(self.client.submit_render_spec(spec, id_prefix))

    async def synchronize(self) -> None:
        await asyncio.wrap_future(self.client._request("chart/synchronize", None))

    async def request(self, method: str, params: Any = None) -> Any:
        return await asyncio.wrap_future(self.client._request(method, params))

    def notify(self, method: str, params: Any = None) -> None:
        self.client.notify(method, params)

    def on(self, event: str, callback: Callable) -> Callable[[], None]:
        """Runs ``callback`` on the event loop for each event (coroutines become tasks)."""

        def relay(payload: Any) -> None:
            if inspect.iscoroutinefunction(callback):
                asyncio.run_coroutine_threadsafe(callback(payload), self._loop)
            else:
                self._loop.call_soon_threadsafe(callback, payload)

        return self.client.on(event, relay)

    def on_diagnostics(self, callback: Callable) -> Callable[[], None]:
        return self.on("chart/diagnostics", callback)

    def on_patch(self, callback: Callable) -> Callable[[], None]:
        return self.on("chart/patch", callback)

    def on_log_message(self, callback: Callable) -> Callable[[], None]:
        return self.on("window/logMessage", callback)
