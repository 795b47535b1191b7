"""game.ui.wakeups: a zero-delay callback the browser never ran is run by the clock tick.

The loop here routes ``call_soon`` through ``call_later(0, ...)`` as Pyodide's WebLoop does,
and can lose the next zero-delay callback it is given, as Chromium under load once did.
"""

from __future__ import annotations

import asyncio

from game.ui.wakeups import AGE, Ledger


class LossyLoop(asyncio.SelectorEventLoop):
    """An asyncio loop whose ``call_soon`` is ``call_later(0)`` (Pyodide's WebLoop) and that
    drops the next ``lose`` zero-delay callbacks."""

    lose = 0

    def call_soon(self, callback, *args, context=None):
        return self.call_later(0, callback, *args, context=context)

    def call_later(self, delay, callback, *args, context=None):
        if delay == 0 and self.lose > 0:
            self.lose -= 1
            return asyncio.Handle(callback, args, self, context)     # never scheduled
        return super().call_later(delay, callback, *args, context=context)


async def tick(loop, ledger):
    """The page's clock tick: a timer callback (never inside a task) that sweeps."""
    swept = []
    loop.call_later(0.001, lambda: swept.append(ledger.sweep()))
    await asyncio.sleep(0.01)
    return swept[0]


def run_with_ledger(main):
    loop = LossyLoop()
    now = [0.0]
    ledger = Ledger(loop, clock=lambda: now[0]).install()
    try:
        return loop.run_until_complete(main(loop, ledger, now))
    finally:
        loop.close()


def test_a_task_whose_wake_up_was_lost_resumes_at_the_next_sweep():
    async def main(loop, ledger, now):
        woken = loop.create_future()

        async def waiter():
            await woken
            return "resumed"
        task = loop.create_task(waiter())
        await asyncio.sleep(0.01)
        loop.lose = 1
        woken.set_result(None)              # the waiter's wake-up is lost
        await asyncio.sleep(0.02)
        stuck = not task.done()
        early = await tick(loop, ledger)    # not yet AGE seconds: left to the loop
        now[0] += AGE
        swept = await tick(loop, ledger)
        return stuck, early, swept, await asyncio.wait_for(task, 1.0), ledger.swept, ledger.waiting()

    assert run_with_ledger(main) == (True, 0, 1, "resumed", 1, 0)


def test_a_callback_runs_exactly_once_whether_the_loop_or_the_sweep_runs_it_first():
    async def main(loop, ledger, now):
        ran = []
        loop.lose = 1                       # held back: the loop runs it after the sweep
        held = loop.call_soon(ran.append, "a")
        now[0] += AGE
        swept = await tick(loop, ledger)    # the sweep comes first ...
        held._run()                         # ... and the loop's own run finds it done
        loop.call_soon(ran.append, "b")
        await asyncio.sleep(0.01)           # the loop runs it ...
        now[0] += AGE
        return ran, swept, await tick(loop, ledger)   # ... and the sweep finds nothing

    assert run_with_ledger(main) == (["a", "b"], 1, 0)


def test_the_sweep_keeps_the_order_callbacks_were_scheduled_in_and_skips_cancelled_ones():
    async def main(loop, ledger, now):
        ran = []
        loop.lose = 3
        loop.call_soon(ran.append, 1)
        loop.call_soon(ran.append, 2).cancel()
        loop.call_soon(ran.append, 3)
        now[0] += AGE
        return await tick(loop, ledger), ran, ledger.waiting()

    assert run_with_ledger(main) == (2, [1, 3], 0)


def test_timers_are_left_to_the_loop():
    async def main(loop, ledger, now):
        ran = []
        loop.call_later(0.01, ran.append, "timer")
        waiting = ledger.waiting()
        await asyncio.sleep(0.03)
        return waiting, ran

    assert run_with_ledger(main) == (0, ["timer"])


def test_a_callback_run_by_the_sweep_sees_its_loop_running_and_the_caller_s_is_restored():
    seen = []

    async def main(loop, ledger, now):
        loop.lose = 1
        loop.call_soon(lambda: seen.append(asyncio.get_running_loop() is loop))
        now[0] += AGE
        await tick(loop, ledger)
        return asyncio.get_running_loop() is loop

    assert run_with_ledger(main) is True and seen == [True]
    assert asyncio._get_running_loop() is None
