"""Pair two arena runs on the same deals: the per-deal difference of A - B, with its 95% interval.

    .venv/bin/python docs/strength-data/probe/oracle/paired.py 'PATTERN_1' 'PATTERN_2'

Each pattern is a glob of arena JSON records (``--json``) that played the same deals;
prints each run's pooled per-deal A - B and the mean over deals of (run 2 - run 1).
"""

from __future__ import annotations

import glob
import json
import sys

from game.ai.arena import mean_ci, pool


def per_deal(pattern: str) -> tuple[dict[int, float], tuple[float, float]]:
    runs = [json.load(open(f)) for f in sorted(glob.glob(pattern))]
    r = pool(runs)
    deals: dict[int, list[float]] = {}
    for run in runs:
        for x in run["records"]:
            deals.setdefault(x["deal"], []).append(x["diff"])
    return {d: sum(v) / len(v) for d, v in deals.items()}, r["deal_diff"]


def main(a: str, b: str) -> None:
    da, ra = per_deal(a)
    db, rb = per_deal(b)
    common = sorted(set(da) & set(db))
    m, h = mean_ci([db[d] - da[d] for d in common])
    print(f"run 1: {ra[0]:+.2f} [{ra[0] - ra[1]:+.2f}, {ra[0] + ra[1]:+.2f}] over {len(da)} deals")
    print(f"run 2: {rb[0]:+.2f} [{rb[0] - rb[1]:+.2f}, {rb[0] + rb[1]:+.2f}] over {len(db)} deals")
    print(f"run 2 - run 1, paired over {len(common)} deals: {m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
