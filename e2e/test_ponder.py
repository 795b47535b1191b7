"""The computer thinks during the person's turn (hard, in stones): in the browser too.

A saved stones game near its end, at level hard, the person to move: the
computer seat's ponder runs in slices (the page reports its time and
positions on the table), the person's move stops it, and the computer
answers from what it found.  Times are printed, never asserted.
"""

from __future__ import annotations

import json
import random

from game import new_game
from game.ai.heuristics import hermit_stones as h_stones

from .driver import click_move, moves, wait_phase
from .test_page import deal_link


def _near_the_end(seed: int):
    """A square5 game, the person (seat 0) to move, the computer down to PONDER_CELLS cells."""
    s = new_game("hermit-stones", seed=seed, options={"board": "square5"})
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_move()[0]
        if seat == 0 and 0 < sum(s.open[1]) <= h_stones.PONDER_CELLS["hard"] - 4 and s.left[1]:
            return s
        s.play(seat, h_stones.heuristic_move(s, seat, rng))
    raise AssertionError("no such position")


def test_hard_ponders_in_slices_during_the_persons_turn_and_then_answers(page, site):
    s = _near_the_end(21)
    page.goto(site)
    page.evaluate("t => localStorage.setItem('hermitage.save.hermit-stones', t)", json.dumps(s.to_json()))
    page.goto(site + deal_link("hermit-stones", s.seed, level="hard", fast=1))
    wait_phase(page, "your-turn")
    assert int(page.get_attribute("#table", "data-moves")) == len(s.history)     # the save, resumed
    page.wait_for_function("() => Number(document.getElementById('table').dataset.ponderedPositions) > 0",
                           timeout=60_000)
    page.wait_for_timeout(1500)
    ms = int(page.get_attribute("#table", "data-pondered-ms"))
    positions = int(page.get_attribute("#table", "data-pondered-positions"))
    print(f"\npondered {positions} positions in {ms} ms of slices "
          f"({positions / max(ms, 1) * 1000:,.0f} a second in Pyodide); longest slice "
          f"{page.get_attribute('#table', 'data-longest-slice-ms')} ms")
    assert positions > 0 and ms > 0
    before = len(s.history)
    click_move(page, moves(page)[0])
    page.wait_for_function("""(before) => Number(document.getElementById('table').dataset.moves) > before + 1
        || document.getElementById('table').dataset.phase === 'over'""", arg=before, timeout=60_000)
    assert wait_phase(page, "your-turn", "over") in ("your-turn", "over")
    print(f"after the computer's answer (its own prover reading the memory): longest slice "
          f"{page.get_attribute('#table', 'data-longest-slice-ms')} ms")
