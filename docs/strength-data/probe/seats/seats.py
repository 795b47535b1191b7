"""How often seat 1 wins in the 2-player arena runs (2026-11-28).

Usage: python3 docs/strength-data/probe/seats/seats.py [PREFIX ...]
(default: every stones and Ferret run in docs/strength-data).  Per run prefix:
games, seat 1's share of the wins (ties count half), and A's record in seat
0 and in seat 1.  Between players of like strength the share shows what the
seating alone decides.  In stones seat 0 places the first stone (seat 1 is
the second player); in Ferret seat 1 is the first to move.
"""
import glob
import json
import os
import sys
from collections import Counter

HERE = os.path.join(os.path.dirname(__file__), "..", "..")


def prefixes() -> list[str]:
    names = {os.path.basename(f).split(".s")[0] for f in glob.glob(os.path.join(HERE, "*.s*.json"))}
    return sorted(n for n in names if n.startswith(("stones", "ferret")))


def main(args: list[str]) -> None:
    for pre in args or prefixes():
        c: Counter = Counter()
        for f in sorted(glob.glob(os.path.join(HERE, f"{pre}.s*.json"))):
            for r in json.load(open(f))["records"]:
                c[(r["seat"], r["win"])] += 1
        n = sum(c.values())
        if not n:
            continue
        one = c[(1, 1.0)] + c[(0, 0.0)] + 0.5 * (c[(0, 0.5)] + c[(1, 0.5)])
        first_a = c[(0, 1.0)] + 0.5 * c[(0, 0.5)]
        second_a = c[(1, 1.0)] + 0.5 * c[(1, 0.5)]
        half = n // 2
        print(f"{pre:28s} {n:4d} games  seat 1 wins {one / n:.3f}"
              f"   A in seat 0 {first_a:g}/{half}, in seat 1 {second_a:g}/{n - half}")


if __name__ == "__main__":
    main(sys.argv[1:])
