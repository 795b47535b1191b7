"""Thinking during the other seat's turn (game.ai.start_ponder): hard, in stones.

The ponder proves, for each move the other seat may make, whether the seat
wins by force after it, and keeps every position it decides in the player's
memory of the game; the player's own prover reads that table at its turn.
Only facts are kept (a stone never moves), so the answers are those of a
fresh proof, only sooner.
"""

from __future__ import annotations

import asyncio

from game import new_game
from game.ai import start_ponder, start_search
from game.ai.heuristics import hermit_stones as h_stones
from game.ai.heuristics.hermit_stones_prover import ProverMemory, StonesPonder, StonesProver
from game.ai.solver import prove
from game.ui.controller import Controller, Pacing
from game.ui.session import Session
from tests.test_ai_solver import _stones_endings


def _other_to_move(states, seat_of=lambda s: 1 - s.to_move()[0]):
    """(position, the seat that is NOT to move) pairs."""
    return [(s, seat_of(s)) for s in states]


def test_each_move_of_the_other_seat_is_judged_as_a_full_proof_judges_it():
    for s, seat in _other_to_move(_stones_endings("square5", 7, 6, seed=11)):
        mem = ProverMemory()
        p = StonesPonder(s, seat, mem, h_stones._order)
        while not p.step(600):
            pass
        mover = s.to_move()[0]
        assert sorted(p.moves) == sorted(s.legal_moves(mover))
        for move, won in zip(p.moves, p.results):
            c = s.clone()
            c.play(mover, move)
            assert won is prove(c, seat, 10**6, {}, h_stones.position_key), move


def test_after_pondering_the_seat_decides_its_turn_from_the_memory_with_the_same_verdict():
    checked = 0
    for s, seat in _other_to_move(_stones_endings("square7", 11, 5, seed=3)):
        memory: dict = {}
        job = start_ponder(s, seat, "hard", memory)
        assert job is not None
        while not job.step(0.5):
            pass
        mover = s.to_move()[0]
        for move in s.legal_moves(mover)[:3]:
            c = s.clone()
            c.play(mover, move)
            if c.to_move() != [seat]:
                continue
            fresh = StonesProver(c, seat, 10**6, h_stones._order)
            while not fresh.step(600):
                pass
            kept = h_stones.root_solver(c, seat, "hard", 0, memory)
            assert kept is not None and kept.table is memory["stones-prover"].table
            while not kept.step(600):
                pass
            assert (kept.move is None) == (fresh.move is None) and kept.lost == fresh.lost
            if kept.move is not None:        # a win, perhaps another one: still a proven win
                w = c.clone()
                w.play(seat, kept.move)
                assert prove(w, seat, 10**6, {}, h_stones.position_key) is True
            assert kept.nodes < fresh.nodes or fresh.nodes == 0
            checked += 1
    assert checked >= 5


def test_with_a_memory_hard_proves_its_own_turn_from_memory_cells_and_ponders_from_more():
    """The own-turn prover with a memory starts from MEMORY_CELLS (where the pondered
    table decides), not from PONDER_CELLS (where proofs fail and cost the search its time)."""
    start, ponder_from = h_stones.MEMORY_CELLS["hard"], h_stones.PONDER_CELLS["hard"]
    assert h_stones.SOLVE_CELLS["hard"] < start < ponder_from
    seen = set()
    for s in _stones_endings("square7", ponder_from, 12, seed=8):
        seat = s.to_move()[0]
        n = len(s.legal_moves(seat))
        proves = h_stones.root_solver(s, seat, "hard", 0, {}) is not None
        assert proves == (n <= start), n
        seen.add(proves)
        other = 1 - seat
        if s.left[other] and 0 < sum(s.open[other]) <= ponder_from:
            assert start_ponder(s, other, "hard", {}) is not None
    assert seen == {True, False}


def test_a_memory_from_another_position_is_not_read():
    a, b = _stones_endings("square7", 11, 2, seed=5)
    m = ProverMemory()
    StonesProver(a, a.to_move()[0], 100, memory=m)
    assert m.fits(a, a.to_move()[0])
    assert not m.fits(b, a.to_move()[0])           # another game: stones differ
    before = m.table
    StonesProver(b, a.to_move()[0], 100, memory=m)
    assert m.table is not before and m.fits(b, a.to_move()[0])


def test_only_hard_ponders_and_only_on_the_other_seats_turn_near_the_end():
    s = _stones_endings("square7", 11, 1, seed=2)[0]
    mover = s.to_move()[0]
    other = 1 - mover
    assert start_ponder(s, other, "hard", {}) is not None
    assert start_ponder(s, other, "normal", {}) is None
    assert start_ponder(s, other, "easy", {}) is None
    assert start_ponder(s, mover, "hard", {}) is None          # its own turn: it searches
    assert start_ponder(new_game("hermit-stones", seed=1), 1, "hard", {}) is None   # the opening
    assert start_ponder(new_game("hermit", players=3, seed=1), 1, "hard", {}) is None


def test_a_memory_changes_nothing_for_normal():
    s = _stones_endings("square7", 11, 1, seed=4)[0]
    seat = s.to_move()[0]
    a = start_search(s, seat, "normal", 3, iterations=300, seconds=60)
    b = start_search(s, seat, "normal", 3, iterations=300, seconds=60, memory={})
    for x in (a, b):
        while not x.step(1.0):
            pass
    assert a.best() == b.best()


def test_the_table_ponders_during_the_persons_turn_and_stops_when_the_person_moves():
    s = Session(new_game("hermit-stones", seed=1, options={"board": "square5"}), level="hard")
    log: list[str] = []

    async def ponder() -> None:
        log.append("start")
        try:
            await asyncio.get_event_loop().create_future()       # thinks until stopped
        except asyncio.CancelledError:
            log.append("stopped")
            raise

    async def think(seat: int) -> str:
        return s.state.legal_moves(seat)[0]

    async def sleep(t: float) -> None:
        await asyncio.sleep(0)

    async def main() -> None:
        c = Controller(s, draw=lambda: 0.0, sleep=sleep, think=think, pacing=Pacing(fast=True), ponder=ponder)
        c.start()
        for _ in range(10):
            await asyncio.sleep(0)
        assert log == ["start"] and c.phase() == "your-turn"
        assert c.submit(s.state.legal_moves(0)[0]) is None
        for _ in range(10):
            await asyncio.sleep(0)
        assert log[:2] == ["start", "stopped"]
        c.cancel()

    asyncio.run(main())


def test_arena_ponder_gives_the_hard_player_time_during_the_others_turns():
    from game.ai.arena import play_match
    r = play_match("hermit-stones", 2, 2, "hard", "normal", seed=7, iterations=60, ponder=0.05,
                   options={"board": "square5"}, log=None)
    assert r["ponder"] == 0.05 and r["ponder_time_a"] > 0 and r["ponder_time_b"] == 0
