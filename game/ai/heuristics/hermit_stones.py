"""Hermit (stones) knowledge: hermits first, and take the cells the opponent wants.

Only a stone with no own stone next to it (a new hermit) adds a group: any
merge (1+1+stone = 3, 1+3+stone = 5, ...) costs the mover groups.  So the
rule-based player and the rollouts place hermits, preferring cells where the
opponent could ALSO place a hermit (taking one from him), and among those the
cells that spoil the fewest of its own future hermit cells; they merge only
when no hermit is possible.

This is group structure knowledge; the search itself stays generic.  A
placement means the same whenever it is played, so the search also uses RAVE
(all-moves-as-first statistics, ``RAVE`` below); with both, it beats plain UCT
at equal time (80 games at 0.3 s a move: about 81%).

>>> from game import new_game
>>> s = new_game("hermit-stones")
>>> s.play(0, "b2"); s.play(1, "f6")
>>> heuristic_move(s, 0, __import__("random").Random(0)) not in ("a2", "b1", "b3", "c2")
True
"""

from __future__ import annotations

from typing import Any

import random
from itertools import compress

from ...core import randbelow
from ...rules.hermit_stones import GameState as Stones
from .hermit_stones_prover import ProverMemory, StonesPonder, StonesProver

#: hard's search stops at 4000: more buys nothing here (24,000 iterations against 2,500, both
#: with the same prover, won 45% [27, 63] of deals: docs/strength-data/probe/stones-leaf/)
ITERATIONS = {"normal": 2500, "hard": 4000}
#: the ending is searched exhaustively once the mover has this many cells or fewer: what
#: decides stones between like players is how early the ending is proved (the same probe:
#: hard proving from 15-16 cells won 57-65% of deals against normal's 13), so hard spends
#: its time there, not on iterations (normal from 13 since its prover,
#: hermit_stones_prover, runs about twice as fast as the generic one) ...
SOLVE_CELLS = {"normal": 13, "hard": 15}
#: ... within this many positions per level (then the search goes on as usual; 200,000 is
#: about 2 s of CPython on this machine, inside hard's share of its 3 s, PROVER_SHARE)
SOLVE_BUDGET = {"normal": 40_000, "hard": 200_000}
#: hard thinks during the other seat's turn too (``ponder``), once it has this many cells
#: or fewer; its proofs are kept in the game's memory ...
PONDER_CELLS = {"hard": 18}
#: ... so with a memory its own prover starts from this many cells (most of what it needs
#: is then in the table).  Not from 18: there the pondered table decides almost nothing
#: and the failed proof cost hard about 2 s of its search (docs/ai-strength.md, plan32's
#: probe); from 15-16 cells it decided 6 endings of 7.
MEMORY_CELLS = {"hard": 16}
#: the prover may use three quarters of the level's time cap, the search the rest: in
#: Pyodide the prover runs about 2.5 times slower, and a proof that does not come must
#: still leave a searched move (MCTS is the player here; the prover its ending)
PROVER_SHARE = 0.75
UCB_C = 0.35
#: RAVE: stone placements mean the same whenever they are played
RAVE = 500
EPSILON = 0.1
TRUSTED_POLICY = True
_RANGE = {n: tuple(range(n)) for n in range(200)}


def _classify(state: Stones, seat: int) -> tuple[list[int], list[int], list[int]]:
    """(contested hermit cells, own-only hermit cells, other open cells) for ``seat``."""
    stone = state.stone
    nbrs = state.board.neighbours
    mine = state.open[seat]
    theirs = state.open[1 - seat]
    other = 1 - seat
    contested: list[int] = []
    hermit: list[int] = []
    rest: list[int] = []
    for c in compress(_RANGE[len(stone)], mine):
        own = False
        opp = False
        for m in nbrs[c]:
            s = stone[m]
            if s == seat:
                own = True
                break
            if s == other:
                opp = True
        if own:
            rest.append(c)
        elif theirs[c] and not opp:
            contested.append(c)
        else:
            hermit.append(c)
    return contested, hermit, rest


def _spoil(state: Stones, seat: int, c: int) -> int:
    """How many empty neighbours of ``c`` are still own-hermit cells (a hermit on c spoils them)."""
    stone = state.stone
    nbrs = state.board.neighbours
    n = 0
    for m in nbrs[c]:
        if stone[m] == -1 and all(stone[x] != seat for x in nbrs[m]):
            n += 1
    return n


def heuristic_move(state: Stones, seat: int, rng: random.Random) -> str:
    contested, hermit, rest = _classify(state, seat)
    pool = contested or hermit or _least_merge(state, seat, rest)
    best = min(_spoil(state, seat, c) for c in pool)
    choice = [c for c in pool if _spoil(state, seat, c) == best]
    return state.board.cells[choice[randbelow(rng, len(choice))]]


def _merged(state: Stones, seat: int, c: int) -> int:
    """How many own groups a stone on ``c`` would merge (each costs a group)."""
    stone, gid = state.stone, state.gid
    seen = []
    for m in state.board.neighbours[c]:
        if stone[m] == seat and gid[m] not in seen:
            seen.append(gid[m])
    return len(seen)


def _least_merge(state: Stones, seat: int, rest: list[int]) -> list[int]:
    best = min(_merged(state, seat, c) for c in rest)
    return [c for c in rest if _merged(state, seat, c) == best]


def rollout_move(state: Stones, seat: int, rng: random.Random) -> str:
    contested, hermit, rest = _classify(state, seat)
    r = rng.random()
    if r < EPSILON:
        pool = contested + hermit + rest
    elif contested and (r < 0.8 or not hermit):
        pool = contested
    else:
        pool = hermit or contested or _least_merge(state, seat, rest)
    return state.board.cells[pool[randbelow(rng, len(pool))]]


def position_key(state: Stones) -> tuple[Any, ...]:
    """A position for the transposition table: the stones and the seat to move."""
    return (tuple(state.stone), state.to_move()[0])


def _order(state: Stones, seat: int, moves: list[str]) -> list[str]:
    """Likely winners first: contested hermit cells, own hermit cells, the rest."""
    contested, hermit, rest = _classify(state, seat)
    cells = state.board.cells
    first = [cells[c] for c in contested + hermit + rest]
    return first + [m for m in moves if m not in first]


def root_solver(state: Stones, seat: int, level: str, seed: int,
                memory: dict[str, Any] | None = None) -> StonesProver | None:
    """Prove the ending exactly once few cells are left (MCTS alone can throw a won ending away);
    with the player's ``memory`` of this game, from ``MEMORY_CELLS`` on, reusing its table."""
    if level not in SOLVE_BUDGET:
        return None
    cells = SOLVE_CELLS[level]
    mem = None
    if memory is not None and level in MEMORY_CELLS:
        mem = memory.setdefault("stones-prover", ProverMemory())
        cells = max(cells, MEMORY_CELLS[level])
    if len(state.legal_moves(seat)) > cells:
        return None
    return StonesProver(state, seat, SOLVE_BUDGET[level], _order, memory=mem)


def ponder(state: Stones, seat: int, level: str, memory: dict[str, Any]) -> StonesPonder | None:
    """During the other seat's turn (hard only): prove what ``seat`` can win after each of its
    moves, into ``memory``, once ``seat`` is down to ``PONDER_CELLS`` cells."""
    movers = state.to_move()
    if level not in PONDER_CELLS or not movers or movers == [seat] or state.placed == 0:
        return None
    if not state.left[seat] or sum(state.open[seat]) > PONDER_CELLS[level]:
        return None
    return StonesPonder(state, seat, memory.setdefault("stones-prover", ProverMemory()), _order)
