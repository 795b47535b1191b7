"""Pool the arena chunks of docs/strength-data/ into one line per experiment.

    .venv/bin/python docs/strength-data/summary.py            # a markdown table

An experiment is the file name before ``.s<seed>.json``; its chunks (disjoint
seeds) are pooled with game.ai.arena.pool.  Rates and differences are per deal
(A's seats averaged first), with the normal 95% interval over deals; a rate
near 0 or 1 also gets the Wilson interval (per game).
"""
import glob
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from game.ai.arena import pool  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials.

    >>> [round(x, 3) for x in wilson(50, 50)]
    [0.929, 1.0]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def experiments() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in sorted(glob.glob(os.path.join(HERE, "*.json"))):
        m = re.match(r"(.+)\.s\d+\.json$", os.path.basename(f))
        if m:
            out.setdefault(m.group(1), []).append(f)
    return out


def main() -> None:
    rows = []
    for name, files in experiments().items():
        r = pool([json.load(open(f)) for f in files])
        wins = sum(x["win"] for x in r["records"])
        lo, hi = wilson(wins, r["games"])
        w, wh = r["deal_win_a"]
        d, dh = r["deal_diff"]
        ta, tb = r["time_a"], r["time_b"]
        tb_txt = f"{tb[0] * 1000:.0f} / {tb[1] * 1000:.0f}" if tb[2] else "-"
        rows.append(
            f"| {name} | {r['games']} | {r['deals']} | {w:.3f} [{w - wh:.3f}, {w + wh:.3f}]"
            f" | [{lo:.3f}, {hi:.3f}] | {d:+.2f} [{d - dh:+.2f}, {d + dh:+.2f}]"
            f" | {ta[0] * 1000:.0f} / {ta[1] * 1000:.0f} | {tb_txt}"
            f" | {r['ips_a']:,.0f} / {r['ips_b']:,.0f} | {len(files)} |")
    print("| experiment | games | deals | A win rate per deal [95%] | Wilson [95%] per game"
          " | A - B per deal [95%] | A ms mean / max | B ms mean / max | iter/s A / B | chunks |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
