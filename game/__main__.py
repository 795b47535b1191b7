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
    try:
        from .ai import choose_move  # the AI issue provides it
    except ImportError:
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]
    return choose_move(state, seat, level=level, seed=rng.getrandbits(32))


def cmd_play(args: argparse.Namespace) -> int:
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    state = new_game(args.game, players=players, seed=args.seed,
                     options=parse_option_args(args.game, players, args.option))
    rng = random.Random(args.seed)
    shown_round = 0
    while not state.is_over():
        if state.round != shown_round:
            shown_round = state.round
            print(f"\n=== round {state.round}   scores {[str(x) for x in state.scores()]}")
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
            continue
        seat = movers[0]
        move = _opponent(state, seat, rng, args.level)
        state.play(seat, move)
        # While several seats choose at once, a choice is a hidden commit: not shown to
        # you until all have chosen (the view then reveals them together).
        print(f"seat {seat}: {move if len(movers) == 1 else '(chooses secretly)'}")
    print(f"\ngame over: scores {[str(x) for x in state.scores()]}, winners {state.winners()}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    options = parse_option_args(args.game, players, args.option)
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


def cmd_arena(args: argparse.Namespace) -> int:
    from .ai.arena import play_match, report
    players = args.players or GAMES[args.game].DEFAULT_PLAYERS
    r = play_match(args.game, players, args.games, args.a, args.b, seed=args.seed, hands=args.hands,
                   seconds=args.time, iterations=args.iterations,
                   options=parse_option_args(args.game, players, args.option),
                   a_checkout=args.a_checkout, b_checkout=args.b_checkout)
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
    arena = sub.add_parser("arena", help="AI against AI: seat-rotated matches with 95% CIs")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("--players", type=int)
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--a", default="hard", choices=AGENTS)
    arena.add_argument("--b", default="heuristic", choices=AGENTS)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--hands", type=int, help="stop each game after this many hands/rounds")
    arena.add_argument("--time", type=float, help="search agents: this many seconds per move, no iteration limit")
    arena.add_argument("--iterations", type=int, help="search agents: this iteration budget")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    arena.add_argument("--a-checkout", metavar="PATH",
                       help="run A from another checkout of the project (e.g. a git worktree of an earlier commit)")
    arena.add_argument("--b-checkout", metavar="PATH", help="run B from another checkout of the project")
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
    bench.set_defaults(func=cmd_bench)
    add_arena_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
