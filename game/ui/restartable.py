"""A search task that is started again when it stops making progress.

Seen rarely in Chromium under load: Pyodide's scheduled wake-up of a task never came, so a
search paused between two slices never ran again (not even for ``cancel()``), and whatever
waited for it waited forever: the table said "thinking", or a hint never came.  The page's
searches report each slice (:meth:`Restartable.beat`); the page's clock tick asks
:meth:`Restartable.rescue`, which, after ``STALL`` seconds without a beat, cancels the task
and starts a new one from the same factory (the same seed: the same move whenever the
iteration budget ends the search).  :meth:`Restartable.result` waits for whichever task is
current, so a caller never waits on a lost one.

>>> import asyncio
>>> now = [0.0]
>>> async def search(): return "a1"
>>> async def main():
...     job = Restartable(search, clock=lambda: now[0])
...     now[0] += STALL + 1
...     rescued = job.rescue()       # no beat for STALL seconds: started again
...     return rescued, await job.result(), job.restarts
>>> asyncio.run(main())
(True, 'a1', 1)
"""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, Generic, TypeVar

T = TypeVar("T")

STALL = 5.0           # seconds a search may go without a slice before it is restarted


class Restartable(Generic[T]):
    """The task ``make()`` runs now, restarted by :meth:`rescue` once it stalls."""

    def __init__(self, make: Callable[[], Awaitable[T]], clock: Callable[[], float]) -> None:
        self.make, self.clock = make, clock
        self.restarts = 0
        self._woken: asyncio.Future[None] | None = None   # wakes the caller of result()
        self._start()

    def _start(self) -> None:
        self._beat = self.clock()
        self.task: asyncio.Future[T] = asyncio.ensure_future(self.make())

    def beat(self) -> None:
        """The search made progress (called after every slice)."""
        self._beat = self.clock()

    def done(self) -> bool:
        return self.task.done()

    def status(self) -> dict[str, object]:
        """For failure reports: restarts so far, whether the task has ended, seconds since
        the last beat."""
        return {"restarts": self.restarts, "done": self.task.done(),
                "since_beat": round(self.clock() - self._beat, 2)}

    def cancel(self) -> None:
        if not self.task.done():
            self.task.cancel()

    def rescue(self) -> bool:
        """Start a new task if this one has gone ``STALL`` seconds without progress (True if
        so).  The stalled task is cancelled, but one whose wake-up was lost never runs again:
        :meth:`result` waits for the new one instead."""
        if self.task.done() or self.clock() - self._beat < STALL:
            return False
        self.restarts += 1
        self.task.cancel()
        self._start()
        if self._woken is not None and not self._woken.done():
            self._woken.set_result(None)
        return True

    async def result(self) -> T:
        """The current task's result; a task that :meth:`rescue` replaced is waited for in
        its stead."""
        while True:
            task = self.task
            woken: asyncio.Future[None] = asyncio.get_event_loop().create_future()
            self._woken = woken

            def wake(_done: object, woken: asyncio.Future[None] = woken) -> None:
                if not woken.done():
                    woken.set_result(None)
            task.add_done_callback(wake)
            await woken                     # the task's end, or rescue()
            if task is self.task:
                return task.result()
