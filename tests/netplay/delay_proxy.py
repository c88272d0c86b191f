"""A TCP proxy on 127.0.0.1 that delays every chunk by a fixed one-way time, each way.

It runs its own asyncio loop in a daemon thread, keeps the order of the bytes, and stops
(closing every connection) when the test closes it; every wait in it is bounded."""

import asyncio
import contextlib
import threading


class DelayProxy:
    def __init__(self, target_port: int, one_way: float):
        self.target_port, self.one_way = target_port, one_way
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True,
                                        name="delay-proxy")
        self._thread.start()
        if not self._ready.wait(5.0):
            raise RuntimeError("the delay proxy did not start")

    async def _pipe(self, reader, writer) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        async def later() -> None:
            while True:
                due, data = await queue.get()
                if data is None:
                    break
                await asyncio.sleep(max(0.0, due - loop.time()))
                writer.write(data)
        sender = loop.create_task(later())
        try:
            while data := await reader.read(65536):
                queue.put_nowait((loop.time() + self.one_way, data))
        except OSError:
            pass
        queue.put_nowait((0.0, None))
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2.0):
                await sender
        writer.close()

    async def _serve(self, reader, writer) -> None:
        try:
            async with asyncio.timeout(5.0):
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except (OSError, TimeoutError):
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        await self._stop.wait()
        server.close()
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()

    def close(self) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5.0)
