"""``python -m game arena``: matches between agents, and against another checkout."""

from __future__ import annotations

import json
import pathlib


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
