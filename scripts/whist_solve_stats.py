"""Hermits Whist: how many deals can be won, how fast ``solve`` is, how often the AI wins them.

    .venv/bin/python scripts/whist_solve_stats.py solve [--seeds 0:1000] [--wilds 1,2,3,4,5,6]
    .venv/bin/python scripts/whist_solve_stats.py ai [--seeds 0:200] [--level normal] [--out FILE]
    .venv/bin/python scripts/whist_solve_stats.py summary FILE...

* ``solve``: for each seed, ``solve(new_game("hermits-whist", seed=s))``: the share
  of winnable deals with its 95% (Wilson) interval; the CPU time of a whole new
  game's solve (median, 95th percentile, max); every line found is played
  through the engine and must win (the script stops with an error otherwise).
  Also the time ``new_game(..., options={"winnable": true})`` takes (its seed
  search) and how far it had to look.
* ``ai``: the seeds whose deal ``solve`` wins are played by ``game.ai.choose_move``
  (seat 0, ``--level``, move seed = move number); prints the AI's win rate on
  them with its 95% interval.  ``--out`` appends one JSON line per game, so a
  long run can be split into chunks (each under ~10 minutes, under
  ``flock /tmp/hermitage-heavy.lock``) and totalled with ``summary``.

Times are CPU times (``time.process_time``) of this process.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game import new_game  # noqa: E402
from game.rules.hermits_whist import solve  # noqa: E402

Z95 = 1.959964


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n (good near 0 and 1).

    >>> [round(x, 4) for x in wilson(1000, 1000)]
    [0.9962, 1.0]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + Z95 ** 2 / n
    mid = (p + Z95 ** 2 / (2 * n)) / den
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def share(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {100 * k / max(n, 1):.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"


def quantiles(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]
    return (f"median {1000 * statistics.median(xs):.1f} ms, p95 {1000 * p95:.1f} ms, "
            f"max {1000 * xs[-1]:.1f} ms (n={len(xs)})")


def seed_range(text: str) -> range:
    a, _, b = text.partition(":")
    return range(int(a), int(b))


def options_for(args: argparse.Namespace) -> dict:
    return {"wilds": [int(x) for x in args.wilds.split(",")]}


def cmd_solve(args: argparse.Namespace) -> int:
    options = options_for(args)
    won = 0
    times: list[float] = []
    seeds = seed_range(args.seeds)
    for seed in seeds:
        s = new_game("hermits-whist", seed=seed, options=options)
        t0 = time.process_time()
        line = solve(s)
        times.append(time.process_time() - t0)
        if line is not None:
            won += 1
            for m in line:
                s.play(0, m)
            if s.winners() != [0]:
                raise SystemExit(f"seed {seed}: the solver's line does not win")
    print(f"wilds {options['wilds']}, seeds {seeds.start}..{seeds.stop - 1}")
    print(f"  winnable deals: {share(won, len(seeds))}")
    print(f"  solve of a new game (CPU): {quantiles(times)}")
    search_times: list[float] = []
    gaps: list[int] = []
    for seed in seeds[:args.winnable_games]:
        t0 = time.process_time()
        try:
            g = new_game("hermits-whist", seed=seed, options={**options, "winnable": True})
        except ValueError as e:
            print(f"  winnable=true, seed {seed}: {e}")
            break
        search_times.append(time.process_time() - t0)
        gaps.append(g.deal_seed - seed)
    if search_times:
        print(f"  new_game(winnable=true) (CPU): {quantiles(search_times)}; "
              f"seeds skipped: mean {statistics.mean(gaps):.2f}, max {max(gaps)}")
    return 0


def play_ai(seed: int, options: dict, level: str) -> bool:
    from game.ai import choose_move
    s = new_game("hermits-whist", seed=seed, options=options)
    n = 0
    while not s.is_over():
        s.play(0, choose_move(s, 0, level=level, seed=n))
        n += 1
    return s.winners() == [0]


def cmd_ai(args: argparse.Namespace) -> int:
    options = options_for(args)
    played = won = skipped = 0
    t0 = time.process_time()
    out = open(args.out, "a") if args.out else None
    for seed in seed_range(args.seeds):
        if solve(new_game("hermits-whist", seed=seed, options=options)) is None:
            skipped += 1
            continue
        g0 = time.process_time()
        w = play_ai(seed, options, args.level)
        played += 1
        won += w
        if out:
            out.write(json.dumps({"seed": seed, "wilds": options["wilds"], "level": args.level,
                                  "won": w, "cpu": round(time.process_time() - g0, 3)}) + "\n")
            out.flush()
    print(f"AI level {args.level}, wilds {options['wilds']}, seeds {args.seeds}: "
          f"{skipped} not winnable (skipped)")
    print(f"  AI wins {share(won, played)} of the winnable deals; "
          f"{time.process_time() - t0:.0f} s CPU")
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    rows = [json.loads(line) for f in args.files for line in open(f) if line.strip()]
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((tuple(r["wilds"]), r["level"]), []).append(r)
    for (wilds, level), rs in groups.items():
        seeds = sorted(r["seed"] for r in rs)
        if len(set(seeds)) != len(seeds):
            print(f"  warning: {len(seeds) - len(set(seeds))} seeds counted twice")
        won = sum(r["won"] for r in rs)
        cpu = sum(r["cpu"] for r in rs)
        print(f"AI level {level}, wilds {list(wilds)}: seeds {seeds[0]}..{seeds[-1]}")
        print(f"  AI wins {share(won, len(rs))} of the winnable deals; "
              f"{cpu / len(rs):.2f} s CPU per game")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("solve", help="share of winnable deals and solve time")
    a.add_argument("--seeds", default="0:1000", help="A:B, seeds A..B-1")
    a.add_argument("--wilds", default="1,2,3,4,5,6")
    a.add_argument("--winnable-games", type=int, default=200,
                   help="time new_game(winnable=true) for this many of the seeds")
    a.set_defaults(func=cmd_solve)
    b = sub.add_parser("ai", help="the AI's win rate on winnable deals")
    b.add_argument("--seeds", default="0:100")
    b.add_argument("--wilds", default="1,2,3,4,5,6")
    b.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    b.add_argument("--out", help="append one JSON line per game to this file")
    b.set_defaults(func=cmd_ai)
    c = sub.add_parser("summary", help="total the JSON lines of ai --out runs")
    c.add_argument("files", nargs="+")
    c.set_defaults(func=cmd_summary)
    args = p.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
