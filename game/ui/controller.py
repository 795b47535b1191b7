"""The turn loop: whose turn, the computer players' moves, pacing and the held trick.

Plain Python: the page passes in ``draw`` (put the table on screen; returns how
many seconds its motion lasts), ``sleep`` (an awaitable pause) and ``think``
(the computer's move for a seat, searched without blocking the page), so
``tests/`` drive the same loop with fakes.  One :class:`Controller` plays one
session; a new deal, an undo or leaving the table cancels its task
(``Controller.cancel``: asyncio task cancellation, wherever the loop waits).

Pacing (off with "Skip the pacing", and in watch mode set by its pace):

* a computer's move stays on screen ``PACE`` seconds before the next one shows
  (the next seat thinks meanwhile: thinking never waits on the pacing);
* a completed trick is held in place ``HOLD`` seconds (``held``: its ``trick``
  event, which the renderer draws with the winning card marked) before its
  cards go to the taker;
* while anything moves or is held, the phase shown is ``waiting``.

A search that stops making progress is restarted (:meth:`Controller.rescue`, which the
page calls every second; :mod:`.restartable`): the page's think reports each slice
(:meth:`Controller.beat`); ``STALL`` seconds without one means its next slice was never
run, and the table would say "thinking" forever.

>>> import asyncio
>>> from game import new_game
>>> from game.ui.session import Session
>>> s = Session(new_game("hermit-stones", seed=1, options={"board": "square5"}))
>>> async def think(seat): return s.state.legal_moves(seat)[0]
>>> async def sleep(t): await asyncio.sleep(0)
>>> c = Controller(s, draw=lambda: 0.0, sleep=sleep, think=think, pacing=Pacing(fast=True))
>>> async def main():
...     task = c.start(); await asyncio.sleep(0)
...     c.submit("a1"); await asyncio.sleep(0.01)
...     c.cancel(); return c.phase(), len(s.state.history)
>>> asyncio.run(main())
('your-turn', 2)
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from .restartable import Restartable
from .session import Session

PACE = 0.7            # seconds each computer move stays on screen before the next
MIN_THINK = 0.35      # the thinking indicator shows at least this long
HOLD = 1.0            # seconds a completed trick stays in place, its winning card marked


@dataclass
class Pacing:
    """How the loop paces itself; the page may change ``fast`` between moves."""

    fast: bool = False          # no pacing, no holding, no minimum thinking time
    watch_pace: float = 1.0     # seconds per move in watch mode

    def pace(self, watch: bool) -> float:
        return self.watch_pace if watch else 0.0 if self.fast else PACE

    def hold(self, watch: bool) -> float:
        return 0.0 if self.fast and not watch else min(HOLD, max(self.watch_pace, 0.3)) if watch else HOLD


class Controller:
    """Plays one session: the person's moves come in through :meth:`submit`."""

    def __init__(self, session: Session, *, draw: Callable[[], float | None],
                 sleep: Callable[[float], Awaitable[Any]], think: Callable[[int], Awaitable[str]],
                 pacing: Pacing | None = None, clock: Callable[[], float] = time.perf_counter,
                 on_move: Callable[[int, str], None] | None = None,
                 on_over: Callable[[], None] | None = None,
                 ponder: Callable[[], Awaitable[None]] | None = None) -> None:
        self.session = session
        #: the computer seats' thinking during the person's turn (run while it lasts)
        self._ponder = ponder
        self._draw, self._sleep, self._think, self.clock = draw, sleep, think, clock
        self.pacing = pacing or Pacing()
        self.on_move, self.on_over = on_move, on_over
        self.thinking: int | None = None          # the computer seat thinking now
        self.held: dict[str, Any] | None = None   # the completed trick held in place
        self.task: asyncio.Task[None] | None = None
        self._waiter: asyncio.Future[str] | None = None
        self._busy_until = 0.0                    # motion or a held trick on screen until then
        self._drawn_at = 0.0                      # when the table was last drawn
        self._thought: Restartable[str] | None = None     # the search running now
        self.rescues = 0                          # searches restarted (the page reports them)
        self._next_at = 0.0                       # the next computer move shows no earlier

    # ---- the page's side ---------------------------------------------------------

    def start(self) -> "asyncio.Task[None]":
        self.task = asyncio.ensure_future(self.run())
        return self.task

    def cancel(self) -> None:
        """Stop this game's loop wherever it waits (a new deal, an undo, the start screen)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def phase(self) -> str:
        """The phase the table shows: ``waiting`` while a trick is held or cards move."""
        p = self.session.phase()
        if self.held is not None or (p == "your-turn" and self.clock() < self._busy_until):
            return "waiting"
        return p

    def submit(self, move: str) -> str | None:
        """The person plays ``move``; None when played, else why not (in words)."""
        s = self.session
        if self.held is not None or s.phase() != "your-turn" or move not in s.legal():
            return s.explain(move) if self.held is None else "Please wait: the trick is being taken."
        s.play(s.you, move)
        self._after(s.you, move)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(move)
        return None

    # ---- the loop -----------------------------------------------------------------

    def draw(self) -> None:
        """Draw; a draw that starts motion keeps the phase ``waiting`` until it ends (the page
        shows ``waiting`` for it, see :meth:`moving`), and the loop draws again after it."""
        self._drawn_at = self.clock()
        motion = self._draw() or 0.0
        if motion > 0:
            self._busy_until = max(self._busy_until, self.clock() + motion)

    def moving(self) -> bool:
        """Whether cards are still moving (or a trick is held) on the table."""
        return self.held is not None or self.clock() < self._busy_until

    async def run(self) -> None:
        s = self.session
        while True:
            self.draw()
            phase = s.phase()
            if phase == "over":
                await self._settle(self._busy_until)
                if self.on_over:
                    self.on_over()
                return
            if s.watch and s.summary is not None:       # watching: hands pass by themselves
                await self._sleep(self.pacing.watch_pace * 2)
                s.summary = None
                continue
            if phase == "your-turn":
                # The trick, then its cards' motion, end; a draw begun before the motion ended
                # showed ``waiting`` (and a draw takes time), so the turn is drawn again.
                if self.moving() or self._drawn_at < self._busy_until:
                    await self._settle(self._busy_until)
                    continue
                self._waiter = asyncio.get_event_loop().create_future()
                idle = asyncio.ensure_future(self._ponder()) if self._ponder is not None else None
                try:
                    await self._waiter
                finally:
                    if idle is not None:
                        idle.cancel()
                continue
            seat = s.ai_seat()
            assert seat is not None
            self.thinking = seat
            self._start_search(seat)
            try:
                await self._settle(self._busy_until)    # a held trick stays while the seat thinks
                self.draw()                             # the thinking indicator
                shown = self.clock()
                move = await self._searched()
                rest = MIN_THINK - (self.clock() - shown)     # the indicator stays long enough to see
                if not self.pacing.fast and not s.watch and rest > 0:
                    await self._sleep(rest)
                await self._settle(self._next_at)       # the previous move had its time on screen
            finally:
                if self._thought is not None:
                    self._thought.cancel()
                self._thought = None
                self.thinking = None
            s.play(seat, move)
            self._after(seat, move)
            self._next_at = self.clock() + self.pacing.pace(s.watch)

    def _start_search(self, seat: int) -> None:
        self._thought = Restartable(lambda: self._think(seat), self.clock)

    async def _searched(self) -> str:
        """The search's move; one that :meth:`rescue` replaced is waited for in its stead."""
        assert self._thought is not None
        return await self._thought.result()

    def beat(self) -> None:
        """The search made progress (the page's think calls this after every slice)."""
        if self._thought is not None:
            self._thought.beat()

    def search_status(self) -> dict[str, object] | None:
        """The running search's :meth:`.Restartable.status` (None when no seat thinks)."""
        return self._thought.status() if self._thought is not None else None

    def rescue(self) -> bool:
        """Start the search again if it has gone ``STALL`` seconds without progress (True
        if so); the loop then waits for the new one (:class:`.Restartable`)."""
        job = self._thought
        if job is None or self.thinking is None or not job.rescue():
            return False
        self.rescues += 1
        return True

    def _after(self, seat: int, move: str) -> None:
        """A move was played: tell the page, hold a completed trick."""
        if self.on_move:
            self.on_move(seat, move)
        tricks = [e for e in self.session.fresh if e["kind"] == "trick"]
        hold = self.pacing.hold(self.session.watch)
        if tricks and hold > 0:
            self.held = tricks[-1]
            self._busy_until = max(self._busy_until, self.clock() + hold)

    async def _settle(self, until: float) -> None:
        """Wait until ``until``; a held trick then goes to its taker."""
        while (rest := until - self.clock()) > 0:   # a browser timer may wake a little early
            await self._sleep(rest)
        if self.held is not None:
            self.held = None
            self.draw()
