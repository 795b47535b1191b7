"""Hermits Whist: estimate what the rest of a game is worth, and write the table the AI reads.

    .venv/bin/python scripts/whist_value.py [--deals 4000] [--worlds 16] [--jobs 2] [--check]

V(open pips, 8s turned) is the chance of winning the rest of the game from a hand's start
with those wild cards face up and that many 8s turned.  It is estimated by play: for each
of ``--deals`` deals and each number k of 8s turned (1-4), the player's own hand is kept
and ``--worlds`` deals of the cards it cannot see are sampled (``determinize``, the worlds
the player cannot rule out); in each, the rule-based player (``rule_move``, which sees only
what a player sees: its hand, the dummy's turned card, the trump, the tricks won) plays the
hand aiming at each pip 1-6 in turn, and the outcome is recorded (the tricks won, the 8s
turned by the end).  Then, smallest sets first,

    V({}, k) = 1;  V(S, k) = max(mean over deals of max over aims a in S of
                                     mean over worlds of V(S - t, k_t) where t in S hit,
                                 V(S, k + 1))

The aim is chosen from the hand alone, as the best mean over the worlds, and the deal is
worth that aim's mean: what a player who sees its hand but not the dummy's face-down cards
can expect.  (Until 2026-12-06 the table took, deal by deal, the best pip one play-out hit:
an aim chosen knowing the dummy's cards, which rated leaving pip 6 for later as nearly
free; docs/strength-data/probe/whist-commit/, plan70.)  An 8 can always be turned before
the next hand's first card, so having turned one more is never worth more.  The table, per
mille for the default wild cards 1-6, is written between the markers of
game/ai/whist_value.py; ``--check`` only compares (exit 1 if the module differs).  About
70 s of CPU in CPython for 4,000 deals of 16 worlds (``--jobs`` processes share it).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import new_game  # noqa: E402
from game.ai.heuristics.hermits_whist import rule_move  # noqa: E402
from game.ai.whist_value import DEALS, DEFAULT_PIPS, WORLDS  # noqa: E402
from game.rules.hermits_whist import EIGHTS, GameState, trump_after  # noqa: E402

MODULE = ROOT / "game" / "ai" / "whist_value.py"
BEGIN, END = "VALUE: dict[tuple[int, ...], tuple[int, int, int, int]] = {\n", "}\n"
AIMS = DEFAULT_PIPS
KS = range(1, len(EIGHTS) + 1)

#: one world's outcome for each aim: (tricks won, 8s turned at the hand's end)
Outcome = list[tuple[int, int]]


def outcomes(job: tuple[int, int, int]) -> list[Outcome]:
    """For deal ``d`` with ``k`` 8s turned, in each of ``m`` worlds sampled from the
    player's view: for each aim in :data:`AIMS`, the tricks the rule-based player wins
    playing the hand aiming at it and the 8s turned by the hand's end."""
    d, k, m = job
    base = new_game("hermits-whist", seed=10_000 + 7 * d + k)
    assert isinstance(base, GameState)
    base.turned8, base.trump = k, trump_after(base.eights, k)
    rng = random.Random(d * 1000 + k)
    out = []
    for _ in range(m):
        world = base.determinize(0, rng)
        row = []
        for a in AIMS:
            w = world.clone()
            assert isinstance(w, GameState)
            r = w.round
            while w.round == r and not w.over:
                w.push(0, rule_move(w, a))
            assert w.last_hand is not None
            row.append((w.last_hand["tricks_won"], w.turned8))
        out.append(row)
    return out


def table(data: dict[int, list[list[Outcome]]], pips: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], float]:
    """V(S, k) for every subset S of ``pips`` (sorted) from the recorded outcomes
    ``data[k]`` (one list of worlds per deal, as :func:`outcomes` gives; a world's row is
    indexed as :data:`AIMS`).

    Aiming at 1 hits it with 2 8s turned in one world of two and misses in the other
    (0 tricks); aiming at 2 hits 2 in both, with 3 8s turned:

    >>> deal = [[(1, 2), (2, 3)] + [(0, 1)] * 4, [(0, 1), (2, 3)] + [(0, 1)] * 4]
    >>> V = table({k: [deal] for k in (1, 2, 3, 4)}, (1, 2))
    >>> V[(1,), 1], V[(2,), 1], V[(1, 2), 1], V[(), 4]
    (0.5, 1.0, 0.5, 1.0)
    """
    V: dict[tuple[tuple[int, ...], int], float] = {}
    subsets = {tuple(sorted(c)) for r in range(len(pips) + 1) for c in itertools.combinations(pips, r)}
    for S in sorted(subsets, key=len):
        for k in reversed(KS):
            if not S:
                V[S, k] = 1.0
                continue
            total = 0.0
            for worlds in data[k]:
                best = 0.0
                for j, a in enumerate(AIMS):
                    if a not in S:
                        continue
                    s = 0.0
                    for row in worlds:
                        t, e = row[j]
                        if t in S:
                            i = S.index(t)
                            s += V[S[:i] + S[i + 1:], e]
                    best = max(best, s / len(worlds))
                total += best
            V[S, k] = max(total / len(data[k]), V[S, k + 1] if k < len(EIGHTS) else 0.0)
    return V


def rows(deals: int, worlds: int, jobs: int = 1) -> str:
    """The table's lines for game/ai/whist_value.py."""
    work = [(d, k, worlds) for k in KS for d in range(deals)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            res = pool.map(outcomes, work, chunksize=20)
    else:
        res = [outcomes(job) for job in work]
    data: dict[int, list[list[Outcome]]] = {k: [] for k in KS}
    for (_, k, _), r in zip(work, res):
        data[k].append(r)
    V = table(data, DEFAULT_PIPS)
    out = []
    for S in sorted({S for S, _ in V}, key=lambda s: (len(s), s)):
        out.append(f"    {S!r}: ({', '.join(str(round(1000 * V[S, k])) for k in KS)}),\n")
    return "".join(out)


def rewrite(text: str, body: str) -> str:
    """``text`` with the lines between the table's markers replaced by ``body``."""
    i = text.index(BEGIN) + len(BEGIN)
    j = text.index(END, i)
    return text[:i] + body + text[j:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=DEALS)
    ap.add_argument("--worlds", type=int, default=WORLDS)
    ap.add_argument("--jobs", type=int, default=1, help="processes that share the play (default 1)")
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 if the module differs")
    args = ap.parse_args(argv)
    text = MODULE.read_text()
    new = rewrite(text, rows(args.deals, args.worlds, args.jobs))
    what = f"a fresh estimate over {args.deals} deals of {args.worlds} worlds"
    if args.check:
        if new != text:
            print(f"{MODULE.relative_to(ROOT)} differs from {what}")
            return 1
        print(f"{MODULE.relative_to(ROOT)} matches {what}")
        return 0
    MODULE.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
