"""The page's pure-Python pieces, on plain CPython (no browser)."""

from __future__ import annotations

import json
import pathlib
import re
from html import unescape

import pytest

from game import GAMES, new_game
from game.core import make_rng, randbelow
from game.ui import params, saves
from game.ui.renderers import renderer
from game.ui.session import Session
from game.ui.table import Ctx

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_pyscript_json_names_the_start_up_module_as_the_interpreter_and_nothing_else():
    """static/js/pyodide-boot.mjs starts Python and puts the game package (static/game.zip,
    checked in tests/test_game_zip.py) on its path: PyScript has no files to fetch, no
    packages to install; PyScript's plugins the page does not use are off."""
    conf = json.loads((ROOT / "pyscript.json").read_text())
    assert conf.pop("interpreter") == "./static/js/pyodide-boot.mjs"
    assert set(conf) <= {"plugins"}          # and the plugins it turns off (tests/test_vendor.py)


def test_only_game_ui_app_and_boot_import_js():
    for p in (ROOT / "game").rglob("*.py"):
        text = p.read_text()
        if re.search(r"^\s*(import js\b|from js\b|from pyodide\b|import pyodide\b|import pyscript\b|from pyscript\b)",
                     text, re.M):
            assert p.relative_to(ROOT).as_posix() in ("game/ui/app.py", "game/ui/boot.py"), p


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_legal_move_is_drawn_on_exactly_one_element(gid):
    """Random positions: each of the person's moves is on one data-move element, directly or once its card is picked up."""
    for seed in range(3):
        s = new_game(gid, seed=seed)
        rng = make_rng(f"render:{gid}:{seed}")
        mod = renderer(gid)
        for _ in range(400):
            if s.is_over():
                break
            legal = s.legal_moves(0)
            if legal:
                view = s.view(0)
                html = mod.render(view, Ctx(legal=legal, your_turn=True, game=GAMES[gid]))
                reached = set(_drawn(html, legal))
                for card in re.findall(r'data-select="([^"]*)"', html):   # pick a card up first
                    reached |= set(_drawn(mod.render(view, Ctx(legal=legal, your_turn=True, selected=card, game=GAMES[gid])), legal))
                assert reached == set(legal), (gid, seed, len(s.history), set(legal) - reached)
            seat = s.to_move()[0]
            ms = s.legal_moves(seat)
            s.play(seat, ms[randbelow(rng, len(ms))])


def _drawn(html: str, legal: list[str]) -> list[str]:
    """The moves on data-move elements: each legal, none twice."""
    drawn = [unescape(m) for m in re.findall(r'data-move="([^"]*)"', html)]
    assert len(drawn) == len(set(drawn)), "a move on two elements"
    assert set(drawn) <= set(legal), set(drawn) - set(legal)
    return drawn


@pytest.mark.parametrize("gid", list(GAMES))
def test_share_link_round_trips_the_deal(gid):
    cls = GAMES[gid]
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        opts = cls.parse_options({}, players)
        q = params.share_query(gid, players, 123, opts)
        req = params.parse_query(q)
        assert (req.game, req.players, req.seed, req.options) == (gid, players, 123, opts)


#: Bad links and the sentence each gets (the player's words the page shows).
BAD_LINKS = {
    "?game=hermit&players=9": "This link asks for 9 players; Hermit takes 2 to 5.",
    "?game=hermit&players=1": "This link asks for 1 player; Hermit takes 2 to 5.",
    "?game=ferret&players=x": "This link asks for “x” players; Ferret takes exactly 2.",
    "?game=hermits-whist&players=2": "This link asks for 2 players; Hermits Whist is played alone.",
    "?game=hermit&seed=x": "This link gives the deal number “x”; a deal number is a whole number.",
    "?game=zzz": "This link asks for a game called “zzz”; Hermitage has Hermit, Type Trump, Ferret, "
                 "Hermits Whist and Hermit (stones).",
    "?game=hermit&target=0": "This link asks for target “0”; Hermit's target can be a whole number from 1 to 200.",
    "?game=hermit-stones&board=square8": "This link asks for board “square8”; Hermit (stones)'s board can be "
                                         "one of: 7x7 square; hexagon, side 5; 5x5 square; 9x9 square; hexagon, side 4.",
    "?game=hermit&colour=red": "This link sets “colour”, which Hermit does not have; its options are: dealer, "
                               "target, pleasant company and house party.",
    "?players=3": "This link does not say which game to open.",
    "?game=hermit&level=godlike": "This link asks for computer players at level “godlike”; "
                                  "the levels are easy, normal and hard.",
    "?game=type-trump&players=3&partnership=true": "This link's options do not fit together in Type Trump; "
                                                   "partnership: only for 4 players, not 3.",
    "?game=hermit&seed=1&seed=2": "This link gives “seed” twice; it can only say it once.",
}


@pytest.mark.parametrize("query", list(BAD_LINKS))
def test_a_bad_link_says_what_it_asks_for_and_what_the_game_takes(query):
    with pytest.raises(params.LinkError) as e:
        params.parse_query(query)
    assert str(e.value) == BAD_LINKS[query]
    assert "option '" not in str(e.value) and "expected" not in str(e.value)   # no developer wording


def test_a_link_with_no_query_opens_nothing():
    assert params.parse_query("") is None


def test_session_pauses_after_a_hand_with_continue_and_keeps_the_save_replayable():
    s = Session(new_game("hermit", players=3, seed=9, options={"target": 200}))
    rng = make_rng("session")
    store = saves.MemoryStorage()
    while s.state.round == 1:
        seat = s.ai_seat() if s.phase() == "waiting" else 0
        ms = s.legal()
        ms = s.state.legal_moves(seat) if seat else ms
        s.play(seat, ms[randbelow(rng, len(ms))])
        saves.write(store, s.state)
    assert s.phase() == "your-turn" and s.legal() == ["continue"] and s.ai_seat() is None
    assert s.summary["round"] == 1 and len(s.summary["event"]["points"]) == 3
    s.play(0, "continue")
    assert s.summary is None
    back, problem = saves.read(store, "hermit")
    assert problem is None and back.view(0) == s.state.view(0)


def test_a_save_that_is_not_json_is_set_aside_not_lost():
    store = saves.MemoryStorage()
    store.setItem(saves.save_key("hermit"), "{oops")
    store.setItem(saves.backup_key("hermit"), "an older backup")
    state, problem = saves.read(store, "hermit")
    assert state is None and "hermitage.backup.hermit.1" in problem
    assert store.getItem(saves.backup_key("hermit", 1)) == "{oops"
    assert store.getItem(saves.backup_key("hermit")) == "an older backup"
    assert store.getItem(saves.save_key("hermit")) is None


# ---- player features (pure parts) ---------------------------------------------------

from game import load_game  # noqa: E402
from game.core import random_playout  # noqa: E402
from game.ui import features  # noqa: E402
from game.ui.gamelog import GameLog, seat_name  # noqa: E402


@pytest.mark.parametrize("gid", list(GAMES))
def test_game_log_tells_the_events_and_never_shows_an_open_commit(gid):
    """The log is the game's own sentences for events(0): another seat's hidden choice reads
    "... has chosen." and names no card until the reveal; a log rebuilt from the save is the same."""
    s = new_game(gid, seed=5)
    rng = make_rng(f"log:{gid}")
    log = GameLog(s, 0)
    while not s.is_over() and len(s.history) < 300:
        movers = s.to_move()
        seat = movers[-1]                      # computer seats before the person where possible
        ms = s.legal_moves(seat)
        m = ms[randbelow(rng, len(ms))]
        s.play(seat, m)
        new = log.update()
        open_ = len(movers) > 1 and [x for x in movers if x != seat] == s.to_move()
        if open_ and seat != 0:
            assert [e.text for e in new] == [f"{seat_name(seat)} has chosen."], new
        for e in new:
            assert e.text.endswith(".") and "None" not in e.text, e
    assert s.is_over() or len(s.history) >= 300
    kinds = {e.kind for e in log.entries}
    assert "move" in kinds or gid in ("ferret", "hermits-whist")
    if s.is_over():
        assert log.entries[-1].kind == "over"
    again = GameLog(load_game(s.to_json()), 0)
    assert [(e.seat, e.text) for e in again.entries] == [(e.seat, e.text) for e in log.entries]


def test_undo_replays_the_save_without_your_last_move_and_the_computer_moves_since():
    s = Session(new_game("hermit", players=3, seed=8, options={"target": 5}))
    for _ in range(3):
        while s.ai_seat() is not None:
            seat = s.ai_seat()
            s.play(seat, s.state.legal_moves(seat)[0])
        s.play(0, s.state.legal_moves(0)[-1])
    while s.ai_seat() is not None:
        seat = s.ai_seat()
        s.play(seat, s.state.legal_moves(seat)[0])
    cut = s.undo_point()
    assert s.state.history[cut][0] == 0 and all(seat != 0 for seat, _ in s.state.history[cut + 1:])
    back = s.undone()
    assert back.state.history == s.state.history[:cut]
    assert back.state.view(0) == load_game({**s.state.to_json(), "moves": s.state.to_json()["moves"][:cut]}).view(0)
    assert back.phase() == "your-turn"


def test_nothing_to_undo_at_the_start_or_after_the_end_or_when_watching():
    s = Session(new_game("ferret", seed=1))
    assert s.undo_point() is None
    done = new_game("ferret", seed=1)
    random_playout(done, make_rng("end"))
    assert Session(done).undo_point() is None
    w = Session(new_game("ferret", seed=1), watch=True)
    assert w.phase() == "waiting" and w.ai_seat() is not None and w.legal() == []


def test_assisted_marks_are_per_deal_and_cleared_for_a_fresh_one():
    st = saves.MemoryStorage()
    a, b = new_game("hermit-stones", seed=1), new_game("ferret", seed=1)
    features.mark_assisted(st, a)
    features.mark_assisted(st, b)
    assert features.is_assisted(st, a) and features.is_assisted(st, b)
    features.clear_assisted(st, "hermit-stones")
    assert not features.is_assisted(st, a) and features.is_assisted(st, b)
    st.setItem(features.ASSISTED_KEY, "not json")
    assert not features.is_assisted(st, b)


def test_watch_pace_is_validated():
    assert params.parse_query("?game=ferret&watch=1&pace=2").pace == 2.0
    for bad in ("0", "nan", "inf", "x", "11"):
        with pytest.raises(ValueError, match="seconds per move"):
            params.parse_query(f"?game=ferret&watch=1&pace={bad}")


def test_rules_become_text_nodes_only():
    from game.help import CREDITS, HELP
    for page in list(HELP.values()) + [CREDITS]:
        nodes = features.help_nodes(page)
        assert {t for t, _ in nodes} <= {"p", "h3", "ul"}
        assert all(isinstance(c, str) or all(isinstance(x, str) for x in c) for _, c in nodes)


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_finished_game_reopened_shows_its_result_again(gid):
    """A reload of a finished game shows the same result (its over event, and the last
    round's scoring where the game has rounds) as the moment it ended."""
    s = Session(new_game(gid, seed=3))
    rng = make_rng(f"reopen:{gid}")
    while not s.state.is_over():
        if s.summary is not None:
            s.play(s.you, "continue")
            continue
        seat = s.state.to_move()[0]
        ms = s.state.legal_moves(seat)
        s.play(seat, ms[randbelow(rng, len(ms))])
    again = Session(load_game(s.state.to_json()))
    assert again.summary == s.summary and again.summary["over"]["kind"] == "over"
    assert again.phase() == "over"
