"""Wake-ups the browser never delivered are run by the page's clock tick.

Every asyncio step on the page (a task resuming after ``await``, a future's done callback)
is a zero-delay ``loop.call_soon``, which Pyodide's event loop hands to the browser as a
posted message.  Rarely, under load, Chromium never ran one: the task waiting on it stayed
pending forever with the main thread idle (seen in CI: a hint that never came, a table that
said "thinking" for minutes).  :class:`Ledger` wraps the loop's ``call_later`` so that each
zero-delay callback is noted when scheduled and struck off when it runs; :meth:`Ledger.sweep`
(the page's one-second ``setInterval`` tick, a browser timer rather than a message) runs the
ones still waiting after ``AGE`` seconds itself.  Each callback runs exactly once, whichever
comes first; a cancelled handle is never run.

>>> class Loop:                       # a loop that drops every callback it is given
...     def get_debug(self): return False
...     def call_later(self, delay, callback, *args, context=None):
...         return asyncio.Handle(callback, args, self, context)
>>> now = [0.0]
>>> ran = []
>>> loop = Loop()
>>> ledger = Ledger(loop, clock=lambda: now[0]).install()
>>> handle = loop.call_later(0, ran.append, "woken")
>>> ledger.sweep(), ran              # not yet AGE seconds: still the browser's to run
(0, [])
>>> now[0] += AGE
>>> ledger.sweep(), ran, ledger.swept
(1, ['woken'], 1)
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
from typing import Any, Callable

AGE = 0.5       # seconds a zero-delay callback may wait for the browser before the tick runs it


class Ledger:
    """The zero-delay callbacks ``loop`` has scheduled and not yet run."""

    def __init__(self, loop: Any, clock: Callable[[], float], age: float = AGE) -> None:
        self.loop, self.clock, self.age = loop, clock, age
        self.swept = 0                      # callbacks the tick ran (the page reports them)
        self._waiting: dict[int, tuple[float, asyncio.Handle, asyncio.Handle]] = {}
        self._keys = itertools.count()

    def install(self) -> "Ledger":
        """Route ``loop.call_later`` (and so ``call_soon``) through the ledger."""
        original: Callable[..., asyncio.Handle] = self.loop.call_later

        def call_later(delay: float, callback: Callable[..., Any], *args: Any,
                       context: contextvars.Context | None = None) -> asyncio.Handle:
            if delay > 0:                   # timers: the browser's setTimeout, not messages
                return original(delay, callback, *args, context=context)
            key = next(self._keys)
            once = asyncio.Handle(callback, args, self.loop, context)

            def run() -> None:
                if self._waiting.pop(key, None) is not None:
                    once._run()
            handle = original(0, run)
            self._waiting[key] = (self.clock(), handle, once)
            return handle

        self.loop.call_later = call_later
        return self

    def waiting(self) -> int:
        """Callbacks scheduled and not yet run."""
        return len(self._waiting)

    def sweep(self) -> int:
        """Run, in the order they were scheduled, the callbacks still waiting ``age``
        seconds on; returns how many ran."""
        now = self.clock()
        overdue = [k for k, (at, _, _) in self._waiting.items() if now - at >= self.age]
        ran = 0
        for key in overdue:
            entry = self._waiting.pop(key, None)
            if entry is None:               # an earlier one's run took it
                continue
            _, handle, once = entry
            if handle.cancelled():
                continue
            running = asyncio._get_running_loop()
            asyncio._set_running_loop(self.loop)     # as the loop's own runs have it
            try:
                once._run()
            finally:
                asyncio._set_running_loop(running)
            ran += 1
        self.swept += ran
        return ran
