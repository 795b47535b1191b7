"""The turn loop (game/ui/controller.py) with a fake clock, sleep and draw: no browser."""

from __future__ import annotations

import asyncio

import pytest

from game import new_game
from game.core import make_rng, randbelow
from game.ui.controller import HOLD, MIN_THINK, PACE, Controller, Pacing
from game.ui.restartable import STALL
from game.ui.session import Session


class Table:
    """A fake page: a clock that sleeping advances, every draw recorded."""

    def __init__(self, session: Session, fast: bool = False, think_time: float = 0.0) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.sleepers: list = []
        self.draws: list[tuple[float, str, dict | None, int | None]] = []
        self.rng = make_rng("controller")
        self.think_time = think_time
        self.over = 0
        self.c = Controller(session, draw=self.draw, sleep=self.sleep, think=self.think,
                            pacing=Pacing(fast=fast), clock=lambda: self.now, on_over=self.on_over)

    def draw(self) -> float:
        self.draws.append((self.now, self.c.phase(), self.c.held, self.c.thinking))
        return 0.0

    async def sleep(self, t: float) -> None:
        """Virtual time: wakes when the test's clock reaches now + t (concurrent sleeps overlap)."""
        self.sleeps.append(t)
        wake = asyncio.get_event_loop().create_future()
        self.sleepers.append((self.now + t, len(self.sleeps), wake))
        await wake

    async def tick(self) -> None:
        """Let every ready task run; then wake the earliest sleeper, moving the clock to its time."""
        for _ in range(20):
            await asyncio.sleep(0)
        live = sorted(x for x in self.sleepers if not x[2].done())
        self.sleepers = live[1:]
        if live:
            self.now = max(self.now, live[0][0])
            live[0][2].set_result(None)

    async def think(self, seat: int) -> str:
        if self.think_time < 0:                       # a search that never ends
            await asyncio.get_event_loop().create_future()
        if self.think_time:
            await self.sleep(self.think_time)
        await asyncio.sleep(0)
        ms = self.c.session.state.legal_moves(seat)
        return ms[randbelow(self.rng, len(ms))]

    def on_over(self) -> None:
        self.over += 1

    async def until_your_turn(self) -> str:
        for _ in range(10_000):
            if self.c.task.done() or self.c.phase() in ("your-turn", "over"):
                return self.c.phase()
            await self.tick()
        raise AssertionError("the loop never gave the turn back")


async def play_out(t: Table) -> None:
    t.c.start()
    s = t.c.session
    while await t.until_your_turn() != "over":
        ms = s.legal()
        assert t.c.submit(ms[randbelow(t.rng, len(ms))]) is None
    await t.c.task


@pytest.mark.parametrize("gid", ["hermit", "type-trump", "ferret", "hermits-whist", "hermit-stones"])
def test_the_loop_plays_a_whole_game_with_the_person_and_computer_seats(gid):
    opts = {"hermit": {"target": 10}, "type-trump": {"rounds": 1}, "hermit-stones": {"board": "square5"}}
    s = Session(new_game(gid, seed=3, options=opts.get(gid)))
    t = Table(s, fast=True)
    asyncio.run(play_out(t))
    assert s.state.is_over() and t.over == 1 and t.c.phase() == "over"
    assert t.draws[-1][1] == "over"


def test_a_completed_trick_is_held_in_place_before_it_goes_and_the_phase_waits():
    s = Session(new_game("hermits-whist", seed=4))
    t = Table(s)

    async def go():
        t.c.start()
        assert await t.until_your_turn() == "your-turn"
        card = [m for m in s.legal() if m != "flip"][0]
        assert t.c.submit(card) is None              # the dummy's card and yours: a trick
        assert t.c.held is not None and t.c.held["kind"] == "trick" and card in t.c.held["cards"]
        assert t.c.phase() == "waiting"
        assert t.c.submit(s.state.legal_moves(0)[0]) == "Please wait: the trick is being taken."
        assert await t.until_your_turn() == "your-turn"
        t.c.cancel()
    asyncio.run(go())
    held = [d for d in t.draws if d[2] is not None]
    assert held and all(phase == "waiting" for _, phase, _, _ in held)
    gone = next(d for d in t.draws if d[0] > held[0][0])
    assert gone[0] - held[0][0] >= HOLD and gone[2] is None


def test_skip_the_pacing_holds_nothing_and_never_sleeps_for_show():
    s = Session(new_game("hermit", players=4, seed=2, options={"target": 10}))
    t = Table(s, fast=True)
    asyncio.run(play_out(t))
    assert all(x == 0 for x in t.sleeps) or not t.sleeps
    assert not any(held for _, _, held, _ in t.draws)


def test_paced_computer_moves_stay_on_screen_and_thinking_shows_at_least_min_think():
    s = Session(new_game("hermit-stones", seed=1, options={"board": "square5", "first": 1}))
    t = Table(s)

    async def go():
        t.c.start()
        assert await t.until_your_turn() == "your-turn"
        t.c.cancel()
    asyncio.run(go())
    assert MIN_THINK in [round(x, 9) for x in t.sleeps]                 # a fast AI still "thinks" a moment
    assert any(d[3] == 1 for d in t.draws)                             # the thinking indicator was drawn
    assert PACE > 0 and len(s.state.history) == 1


def test_the_next_seat_thinks_while_the_trick_is_held():
    """Thinking never waits on the pacing: the next computer seat searches while the completed
    trick is held, so its move comes after max(hold, search) and the indicator's moment, not
    after hold + search."""
    s = Session(new_game("type-trump", players=3, seed=5, options={"rounds": 1}))
    t = Table(s, think_time=0.9)
    played: list[tuple[float, int]] = []
    t.c.on_move = lambda seat, move: played.append((t.now, seat))

    async def go():
        t.c.start()
        for _ in range(60):
            if await t.until_your_turn() == "over":
                break
            t.c.submit(s.legal()[0])
            if t.c.held is not None and s.ai_seat() is not None:
                held_at = t.now
                await t.until_your_turn()
                first = next(at for at, seat in played if at > held_at and seat != 0)
                return first - held_at
        return None
    waited = asyncio.run(go())
    assert waited is not None
    assert waited < HOLD + 0.9 - 0.1          # overlapped (sequential would be hold + search)
    assert waited >= HOLD + MIN_THINK - 1e-9  # the trick had its second and the indicator its moment


def test_cancel_stops_the_loop_wherever_it_waits():
    s = Session(new_game("ferret", seed=2, options={"dealer": 0}))      # the computer moves first
    t = Table(s, think_time=-1)

    async def go():
        task = t.c.start()
        for _ in range(5):
            await asyncio.sleep(0)
        assert t.c.thinking == 1
        t.c.cancel()
        for _ in range(5):
            await asyncio.sleep(0)
        return task
    task = asyncio.run(go())
    assert task.cancelled() and len(s.state.history) == 0 and t.c.thinking is None


def test_a_stalled_search_is_started_again_and_the_loop_plays_the_new_ones_move():
    """A search whose wake-up is lost never runs again, even when cancelled (seen in Chromium
    under load): rescue() after STALL seconds without a beat starts a new one, and the loop
    waits for that one instead of the lost one."""
    s = Session(new_game("ferret", seed=2, options={"dealer": 0}))      # the computer moves first
    t = Table(s, fast=True)
    first = s.state.legal_moves(1)[0]
    calls = []
    lost = {"on": True}

    async def think(seat: int) -> str:
        calls.append(seat)
        while len(calls) == 1 and lost["on"]:      # the first search: deaf even to cancel()
            try:
                await asyncio.get_event_loop().create_future()
            except asyncio.CancelledError:
                pass
        return s.state.legal_moves(seat)[0]
    t.c._think = think

    async def go():
        t.c.start()
        for _ in range(5):
            await asyncio.sleep(0)
        assert t.c.thinking == 1 and calls == [1]
        t.now += STALL - 0.5
        assert not t.c.rescue()             # not yet STALL seconds without progress
        t.c.beat()
        t.now += STALL - 0.5
        assert not t.c.rescue()             # a beat starts the count again
        t.now += 1.0
        assert t.c.rescue()                 # STALL seconds: a new search
        assert not t.c.rescue()             # ... which gets its own STALL seconds
        phase = await t.until_your_turn()
        lost["on"] = False                  # (lets asyncio.run end the lost task)
        return phase
    assert asyncio.run(go()) == "your-turn"
    assert calls == [1, 1] and t.c.rescues == 1
    assert s.state.history[0] == (1, first)


def test_a_move_out_of_turn_is_refused_with_a_reason_and_changes_nothing():
    s = Session(new_game("ferret", seed=2, options={"dealer": 0}))
    t = Table(s, think_time=-1)

    async def go():
        t.c.start()
        await asyncio.sleep(0)
        return t.c.submit("pass")
    why = asyncio.run(go())
    assert why.startswith("Please wait") and s.state.history == []


def test_with_motion_and_held_tricks_the_loop_still_plays_to_the_end_and_waits_while_cards_move():
    """A draw after a change starts 0.3 s of motion: the person's turn is shown only once it ends."""
    s = Session(new_game("hermits-whist", seed=6))
    t = Table(s)
    seen = {"n": -1}
    shown = []

    def draw() -> float:
        n = len(s.state.history) + (1000 if t.c.held else 0)
        moved = n != seen["n"]
        seen["n"] = n
        shown.append((t.now, t.c.phase()))
        return 0.3 if moved else 0.0
    t.c._draw = draw
    asyncio.run(play_out(t))
    assert s.state.is_over() and t.over == 1
    # every time the person got the turn, the last motion had ended
    for (at, phase), (before, _) in zip(shown[1:], shown):
        if phase == "your-turn":
            assert at >= before


def test_the_turn_is_drawn_as_the_persons_even_when_timers_wake_early_and_draws_take_time():
    """Browsers round a timer's delay down to whole milliseconds, and a draw takes time: a draw
    begun just before the motion ends shows ``waiting``; the loop must draw the turn again
    before it waits for the person (the page once stayed at ``waiting`` for good)."""
    s = Session(new_game("hermits-whist", seed=11))
    t = Table(s)
    seen = {"n": -1}
    shown: list[str] = []

    def draw() -> float:
        n = len(s.state.history)
        moved = n != seen["n"]
        seen["n"] = n
        shown.append(t.c.phase())
        t.now += 0.002                              # drawing takes 2 ms
        return 0.3 if moved else 0.0

    async def early_sleep(d: float) -> None:      # wakes 1 ms early, as setTimeout(2.7) does after 2
        await Table.sleep(t, d - 0.001 if d > 0.002 else d)

    t.c._draw, t.c._sleep = draw, early_sleep
    waits: list[str] = []

    async def main() -> None:
        t.c.start()
        while await t.until_your_turn() != "over":
            for _ in range(50):
                await asyncio.sleep(0)
            if t.c._waiter is not None and not t.c._waiter.done():
                waits.append(shown[-1])             # the person is asked: what does the table say?
                ms = s.legal()
                assert t.c.submit(ms[randbelow(t.rng, len(ms))]) is None
            else:
                await t.tick()
        await t.c.task

    asyncio.run(main())
    assert s.state.is_over() and len(waits) > 5
    assert set(waits) == {"your-turn"}, waits
