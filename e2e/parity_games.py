"""Seeded random games of every registered game, as data: run by CPython and by Pyodide.

The same seed and the same moves must give the same scores in both (a shared
deal link means the same cards everywhere).  Pure: no I/O, no js.
"""

from __future__ import annotations

import json

from game import GAMES, new_game
from game.core import json_number, make_rng, randbelow

SEEDS = (1, 2)


def play(gid: str, players: int, seed: int) -> dict:
    """One game to the end, moves chosen by an RNG seeded from the case."""
    s = new_game(gid, players=players, seed=seed)
    rng = make_rng(f"parity:{gid}:{players}:{seed}")
    while not s.is_over():
        seat = s.to_move()[0]
        moves = s.legal_moves(seat)
        s.play(seat, moves[randbelow(rng, len(moves))])
    return {"game": gid, "players": players, "seed": seed,
            "moves": [[a, m] for a, m in s.history],
            "scores": [json_number(x) for x in s.scores()],
            "winners": s.winners(), "round": s.round}


def cases() -> list[tuple[str, int, int]]:
    out = []
    for gid, cls in GAMES.items():
        for players in sorted({cls.MIN_PLAYERS, cls.MAX_PLAYERS}):
            for seed in SEEDS:
                out.append((gid, players, seed))
    return out


def run_all() -> str:
    import sys
    return json.dumps({"python": sys.version.split()[0],
                       "games": [play(*c) for c in cases()]})
