"""The asyncio API (same engine as the sync client)."""

import asyncio
import os
import signal

import pytest

from chartd import ChartdError, ErrorCode, Patch
from chartd.aio import AsyncClient

SPEC = {"kind": "line", "dataSets": [{"id": "a", "entries": [[0, 1]]}]}


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_async_edits_callbacks_and_errors(fake_binary):
    async def main():
        seen = []
        async with await AsyncClient.start(fake_binary, timeout=20) as client:
            loop_thread = asyncio.get_running_loop()

            async def on_patch(patch):
                seen.append((patch.version, asyncio.get_running_loop() is loop_thread))

            client.on_patch(on_patch)
            doc = await client.open("mem://a", SPEC)
            patches = await asyncio.gather(*(doc.append_entries("a", [[i + 1, i]]) for i in range(30)))
            assert [p.version for p in patches] == list(range(1, 31))
            assert all(isinstance(p, Patch) for p in patches)
            async with doc.batch() as b:
                b.highlight("a", 0)
                b.set_viewport(0, 10)
            assert doc.version == 31
            render = await doc.render()
            assert render.svg == doc.svg
            doc.update_nowait([{"op": "setHighlight", "highlights": []}])
            await client.synchronize()
            await asyncio.sleep(0.05)
            assert seen == [(32, True)]
            with pytest.raises(ChartdError) as info:
                await doc.set_visibility("nope", False)
            assert info.value.code == ErrorCode.INVALID_PARAMS
            assert await doc.hit_test(1, 1) is None  # the stand-in answers every hit test with null
            await doc.close()

    run(main())


def test_async_survives_a_crash(fake_binary):
    async def main():
        async with await AsyncClient.start(fake_binary, timeout=20) as client:
            doc = await client.open("mem://a", SPEC)
            await doc.append_entries("a", [[1, 1]])
            os.kill(client.pid, signal.SIGKILL)
            patches = await asyncio.gather(*(doc.append_entries("a", [[i + 2, i]]) for i in range(10)))
            assert patches[-1].version == 11
            fresh = await client.request("chart/render", {"uri": "mem://a"})
            assert doc.svg == fresh["svg"]
            assert client.client.restart_count == 1

    run(main())
