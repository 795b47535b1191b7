"""Hermits Whist: estimate what the rest of a game is worth, and write the table the AI reads.

    .venv/bin/python scripts/whist_value.py [--deals 4000] [--check]

V(open pips, 8s turned) is the chance of winning the rest of the game from a hand's start
with those wild cards face up and that many 8s turned.  It is estimated by play: for each
of ``--deals`` deals and each number k of 8s turned (1-4), the rule-based player
(``rule_move``, which sees only what a player sees: its hand, the dummy's turned card, the
trump, the tricks won) plays the hand aiming at each pip 0-10 in turn, and the outcome is
recorded (the pip hit or missed, the 8s turned by the end).  Then, smallest sets first,

    V({}, k) = 1;  V(S, k) = max(mean over deals of max over a in S hit: V(S - a, k_a),
                                 V(S, k + 1))

(the player takes, deal by deal, the best pip its honest play-outs hit, as PIMC's tie-break
does over sampled worlds; and an 8 can always be turned before the next hand's first card,
so having turned one more is never worth more).  The table, per mille for the default wild
cards 1-6, is written between the markers of game/ai/whist_value.py; ``--check`` only
compares (exit 1 if the module differs).  About 15 s in CPython for 4,000 deals.
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import new_game  # noqa: E402
from game.ai.heuristics.hermits_whist import rule_move  # noqa: E402
from game.ai.whist_value import DEALS, DEFAULT_PIPS  # noqa: E402
from game.rules.hermits_whist import EIGHTS, GameState, trump_after  # noqa: E402

MODULE = ROOT / "game" / "ai" / "whist_value.py"
BEGIN, END = "VALUE: dict[tuple[int, ...], tuple[int, int, int, int]] = {\n", "}\n"
AIMS = range(11)
KS = range(1, len(EIGHTS) + 1)


def outcomes(seed: int, k: int) -> list[int]:
    """For each aim 0..10: the 8s turned at the end of the hand the rule-based player plays
    aiming at it, from new_game(seed)'s first deal with ``k`` 8s turned; -1 if it missed."""
    base = new_game("hermits-whist", seed=seed)
    assert isinstance(base, GameState)
    out = []
    for a in AIMS:
        w = base.clone()
        assert isinstance(w, GameState)
        w.turned8, w.trump = k, trump_after(w.eights, k)
        r = w.round
        while w.round == r and not w.over:
            w.push(0, rule_move(w, a))
        assert w.last_hand is not None
        out.append(w.turned8 if w.last_hand["tricks_won"] == a else -1)
    return out


def table(data: dict[int, list[list[int]]], pips: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], float]:
    """V(S, k) for every sub-multiset S of ``pips`` (sorted) from the recorded outcomes
    ``data[k]`` (one list per deal, as :func:`outcomes` gives).

    >>> hit = [-1, 2, 3] + [-1] * 8       # aim 1 hit with 2 8s turned by the end, aim 2 with 3
    >>> V = table({k: [hit, [-1] * 11] for k in (1, 2, 3, 4)}, (1, 2))
    >>> V[(1,), 1], V[(1, 2), 1], V[(), 4]
    (0.5, 0.25, 1.0)
    """
    V: dict[tuple[tuple[int, ...], int], float] = {}
    subsets = {tuple(sorted(c)) for r in range(len(pips) + 1) for c in itertools.combinations(pips, r)}
    for S in sorted(subsets, key=len):
        for k in reversed(KS):
            if not S:
                V[S, k] = 1.0
                continue
            total = 0.0
            for out in data[k]:
                best = 0.0
                for i, a in enumerate(S):
                    if out[a] >= 0 and not (i and S[i - 1] == a):
                        best = max(best, V[S[:i] + S[i + 1:], out[a]])
                total += best
            V[S, k] = max(total / len(data[k]), V[S, k + 1] if k < len(EIGHTS) else 0.0)
    return V


def rows(deals: int) -> str:
    """The table's lines for game/ai/whist_value.py."""
    data = {k: [outcomes(10_000 + 7 * d + k, k) for d in range(deals)] for k in KS}
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
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 if the module differs")
    args = ap.parse_args(argv)
    text = MODULE.read_text()
    new = rewrite(text, rows(args.deals))
    if args.check:
        if new != text:
            print(f"{MODULE.relative_to(ROOT)} differs from a fresh estimate over {args.deals} deals")
            return 1
        print(f"{MODULE.relative_to(ROOT)} matches a fresh estimate over {args.deals} deals")
        return 0
    MODULE.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
