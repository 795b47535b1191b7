"""``python -m game arena``: matches between agents, and against another checkout."""

from __future__ import annotations

import json
import pathlib

import pytest

from game.__main__ import main
from game.ai.arena import play_match

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_an_agent_from_a_checkout_plays_exactly_as_the_same_agent_here():
    """The worker process decides with that checkout's own code: run on THIS
    checkout, it gives the very games a local agent gives (iteration budgets,
    so the seed alone decides)."""
    kw = dict(games=3, a="heuristic", b="normal", seed=4, hands=1, iterations=15, log=None)
    here = play_match("hermit", 3, **kw)
    there = play_match("hermit", 3, b_checkout=str(ROOT), **kw)
    assert here["records"] == there["records"]
    assert there["b_checkout"] == str(ROOT)
    assert len(there["times_b"]) == len(here["times_b"]) > 0


def test_an_agent_against_itself_at_fixed_iterations_is_exactly_even_on_every_deal():
    """The A/A check behind docs/ai-strength.md's equal-iteration runs: with an iteration
    budget and no time cap every search is a function of its seed, so one agent against
    the same agent from a checkout plays the same game whichever seat A holds, and every
    deal comes out exactly even; against another agent, games differ only where the two
    decide differently (far less spread per deal than under a time cap)."""
    r = play_match("hermit", 4, games=8, a="normal", b="normal", seed=11, hands=1, iterations=12,
                   seconds=60.0, b_checkout=str(ROOT), log=None)
    per_deal: dict[int, float] = {}
    for x in r["records"]:
        per_deal[x["deal"]] = per_deal.get(x["deal"], 0.0) + x["diff"] / 4
    assert len(per_deal) == 2
    assert all(abs(v) < 1e-9 for v in per_deal.values()), per_deal
    assert any(x["diff"] != 0 for x in r["records"])        # the seats themselves did differ


def test_duplicate_deals_are_averaged_per_deal():
    """Every deal is played with A in each seat; the per-deal figures count deals."""
    r = play_match("hermit-stones", 2, games=4, a="heuristic", b="random", seed=0, log=None)
    assert r["deals"] == 2
    assert [(x["deal"], x["seat"]) for x in r["records"]] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    per_deal = [(r["records"][i]["win"] + r["records"][i + 1]["win"]) / 2 for i in (0, 2)]
    assert r["deal_win_a"][0] == sum(per_deal) / 2


def test_arena_command_against_a_checkout_writes_json(tmp_path, capsys):
    out = tmp_path / "r.json"
    code = main(["arena", "hermit-stones", "--games", "2", "--a", "heuristic", "--b", "random",
                 "--b-checkout", str(ROOT), "--json", str(out)])
    assert code == 0
    assert "checkout" in capsys.readouterr().out
    assert len(json.loads(out.read_text())["records"]) == 2


def test_a_path_that_is_no_checkout_is_refused_in_words(tmp_path, capsys):
    code = main(["arena", "hermit-stones", "--games", "2", "--b-checkout", str(tmp_path)])
    assert code == 2
    assert "not a checkout of this project" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [[], ["play"], ["bench"], ["arena"], ["arena-pool"]])
def test_every_command_prints_its_help(argv, capsys):
    """``python -m game [command] --help`` prints its usage and exits 0 (a ``%`` in a help
    text once made argparse crash on it)."""
    with pytest.raises(SystemExit) as stop:
        main(argv + ["--help"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m game")


def test_a_time_gives_a_alone_its_own_seconds_per_move(monkeypatch):
    """``--a-time``: a handicap for measuring what speed is worth (A thinks longer at equal
    everything else).  Every decision of A's seat gets A's seconds, every one of B's the
    common ``--time``; the result records both."""
    import game.ai.arena as arena

    asked: list[tuple[int, float | None]] = []
    real = arena.decide

    def spy(agent, state, seat, seed, tally, seconds, iterations, memory=None):
        asked.append((seat, seconds))
        return real(agent, state, seat, seed, tally, seconds, iterations, memory)

    monkeypatch.setattr(arena, "decide", spy)
    r = play_match("ferret", 2, games=2, a="normal", b="normal", seed=3, seconds=0.002, a_seconds=0.005,
                   iterations=5, log=None)
    assert [x["seat"] for x in r["records"]] == [0, 1]       # A sat in both seats
    seen = {s for _, s in asked}
    assert seen == {0.002, 0.005}
    assert r["seconds"] == 0.002 and r["a_seconds"] == 0.005
    assert sum(1 for _, s in asked if s == 0.005) == len(r["times_a"])
    assert sum(1 for _, s in asked if s == 0.002) == len(r["times_b"])


def test_arena_command_passes_a_time_through(tmp_path):
    """``python -m game arena ... --a-time S`` reaches the match and its JSON."""
    out = tmp_path / "r.json"
    code = main(["arena", "ferret", "--games", "2", "--a", "normal", "--b", "normal", "--iterations", "3",
                 "--time", "0.002", "--a-time", "0.004", "--json", str(out)])
    assert code == 0
    r = json.loads(out.read_text())
    assert (r["seconds"], r["a_seconds"]) == (0.002, 0.004)
