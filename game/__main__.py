"""Command line: ``python -m game play|bench|arena ...``.

* ``play GAME [--players N] [--seed S] [--option key=value ...]``: a plain
  terminal game; you are seat 0, the other seats move at random (or with the
  AI, once ``game.ai`` offers ``choose_move``).
* ``bench GAME [--players N] [--seconds T] [--option key=value ...]``: random
  playouts; prints moves, rounds (hands) and whole games per second.
* ``arena GAME [--players N] [--games K] [--a hard] [--b heuristic]``: AI
  against AI, seat-rotated, with 95% confidence intervals and time per
  decision (game/ai/arena.py; ``--hands H`` stops each game after H hands;
  ``--b-checkout PATH`` takes B from another checkout, e.g. a git worktree of
  an earlier commit, to measure the AI against an earlier version of itself;
  ``--json FILE`` keeps the per-game records).
* ``arena-pool FILE...``: one report from several ``arena --json`` runs of the
  same match on disjoint seeds (long experiments run in chunks).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from . import GAMES, IllegalMove, new_game
from .core import State, randbelow


def parse_option_args(gid: str, players: int, pairs: list[str]) -> dict[str, Any]:
    """``key=value`` strings to an options dict, parsed as the page parses URLs."""
    cls = GAMES[gid]
    known = {o.name: o for o in cls.OPTIONS}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        if key not in known:
            raise ValueError(f"option {key!r}: unknown for {gid} (options: {', '.join(known)})")
        out[key] = known[key].parse_text(text, players)
    return out


def _random_move(state: State, rng: random.Random) -> tuple[int, str]:
    seat = state.to_move()[0]
    moves = state.legal_moves(seat)
    return seat, moves[randbelow(rng, len(moves))]


def _opponent(state: State, seat: int, rng: random.Random, level: str) -> str:
    from .ai import choose_move
    return choose_move(state, seat, level=level, seed=rng.getrandbits(32))


def cmd_play(args: argparse.Namespace) -> int:
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    state = new_game(args.game, players=players, seed=args.seed,
                     options=parse_option_args(args.game, players, args.option))
    rng = random.Random(args.seed)
    names = ["You"] + [f"Seat {i}" for i in range(1, players)]
    seen = 0

    def tell() -> None:
        """Print what happened since the last call, as seat 0 may know it (the game's own words)."""
        nonlocal seen
        for ev in state.events(0, since=seen):
            text = type(state).event_text(ev, names, 0)
            if text:
                print(("\n=== " if ev["kind"] == "deal" else "  ") + text)
        seen = len(state.events(0))

    tell()
    while not state.is_over():
        movers = state.to_move()
        if 0 in movers:
            view = state.view(0)
            public = {k: v for k, v in view.items() if k not in ("game", "players", "seat")}
            print(json.dumps(public, indent=None))
            moves = state.legal_moves(0)
            for i, m in enumerate(moves):
                print(f"  {i:2}: {m}")
            try:
                answer = input("your move (number or notation, q quits)> ").strip()
            except EOFError:
                return 1
            if answer == "q":
                return 0
            move = moves[int(answer)] if answer.isdigit() and int(answer) < len(moves) else answer
            try:
                state.play(0, move)
            except IllegalMove as e:
                print(f"illegal: {e}")
            tell()
            continue
        seat = movers[0]
        state.play(seat, _opponent(state, seat, rng, args.level))
        tell()
    print(f"\ngame over: scores {[str(x) for x in state.scores()]}, winners {state.winners()}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    options = parse_option_args(args.game, players, args.option)
    if args.ai:
        return bench_ai(args, players, options)
    rng = random.Random(args.seed)
    games = rounds = moves = 0
    t0 = time.perf_counter()
    deadline = t0 + args.seconds
    while time.perf_counter() < deadline:
        state = new_game(args.game, players=players, seed=games + args.seed, options=options)
        r = state.round
        while not state.is_over():
            state.play(*_random_move(state, rng))
            moves += 1
            if state.round != r:
                rounds += state.round - r
                r = state.round
        rounds += 1
        games += 1
    dt = time.perf_counter() - t0
    shown = "".join(f" {k}={v}" for k, v in options.items())
    print(f"{args.game} players={players}{shown}: {games} games, {rounds} rounds, {moves} moves in {dt:.2f} s")
    print(f"  {games / dt:,.1f} games/s   {rounds / dt:,.1f} rounds (hands)/s   {moves / dt:,.0f} moves/s")
    return 0


def bench_ai(args: argparse.Namespace, players: int, options: dict[str, Any]) -> int:
    """The AI's search speed: iterations per second at normal level over fixed positions.

    Positions are reached by random play from seeds ``seed, seed+1, ...`` (a few
    moves into the game, so hidden cards exist); each search runs its full
    time budget with no iteration cap.
    """
    from .ai import start_search

    rng = random.Random(args.seed)
    per = max(0.2, args.seconds / 10)
    iterations = 0
    spent = 0.0
    positions = 0
    while spent < args.seconds:
        state = new_game(args.game, players=players, seed=args.seed + positions, options=options)
        for _ in range(3 + positions % 7):
            if state.is_over():
                break
            state.play(*_random_move(state, rng))
        positions += 1
        if state.is_over():
            continue
        seat = state.to_move()[0]
        search = start_search(state, seat, "normal", seed=positions, iterations=10**9, seconds=per)
        while not search.step(per):
            pass
        iterations += search.iterations
        spent += search.elapsed
    print(f"{args.game} players={players} AI (normal): {iterations} iterations over {positions} positions "
          f"in {spent:.2f} s of search")
    print(f"  {iterations / max(spent, 1e-9):,.0f} iterations/s")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .ai.arena import play_match, report
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    r = play_match(args.game, players, args.games, args.a, args.b, seed=args.seed, hands=args.hands,
                   seconds=args.time, iterations=args.iterations,
                   options=parse_option_args(args.game, players, args.option),
                   a_checkout=args.a_checkout, b_checkout=args.b_checkout, ponder=args.ponder,
                   a_seconds=args.a_time)
    print(report(r))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f)
    return 0


def cmd_arena_pool(args: argparse.Namespace) -> int:
    from .ai.arena import pool, report
    results = []
    for path in args.files:
        with open(path) as f:
            results.append(json.load(f))
    print(report(pool(results)))
    return 0


def add_arena_parser(sub: Any) -> None:
    from .ai.arena import AGENTS
    arena = sub.add_parser("arena", help="AI against AI: seat-rotated matches with 95%% CIs")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("--players", type=int)
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--a", default="hard", choices=AGENTS)
    arena.add_argument("--b", default="heuristic", choices=AGENTS)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--hands", type=int, help="stop each game after this many hands/rounds")
    arena.add_argument("--time", type=float, help="search agents: this many seconds per move, no iteration "
                       "limit (with --iterations: only a cap on that budget)")
    arena.add_argument("--a-time", type=float, metavar="SECONDS",
                       help="A only: this many seconds per move in place of --time (a handicap: what more time, "
                            "such as a faster engine would buy, is worth)")
    arena.add_argument("--iterations", type=int, help="search agents: this iteration budget (with a large --time, "
                       "every search is a function of its seed: equal-iteration comparisons)")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    arena.add_argument("--a-checkout", metavar="PATH",
                       help="run A from another checkout of the project (e.g. a git worktree of an earlier commit)")
    arena.add_argument("--b-checkout", metavar="PATH", help="run B from another checkout of the project")
    arena.add_argument("--ponder", type=float, default=0.0, metavar="SECONDS",
                       help="let each AI player think this long before every other seat's decision, as during "
                            "a person's turn (hard, in stones)")
    arena.add_argument("--json", metavar="FILE", help="also write the full result (per-game records, times) as JSON")
    arena.set_defaults(func=cmd_arena)
    pooled = sub.add_parser("arena-pool", help="one report from several arena --json results (disjoint seeds)")
    pooled.add_argument("files", nargs="+", metavar="FILE")
    pooled.set_defaults(func=cmd_arena_pool)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game", description="Hermitage games from the terminal")
    sub = p.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play", help="play a game in the terminal as seat 0")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.set_defaults(func=cmd_play)
    bench = sub.add_parser("bench", help="random playouts: speed of the engine")
    bench.add_argument("game", choices=sorted(GAMES))
    bench.add_argument("--players", type=int)
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    bench.add_argument("--ai", action="store_true", help="time the AI's search (iterations/s) instead of random playouts")
    bench.set_defaults(func=cmd_bench)
    add_arena_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
