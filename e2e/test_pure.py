"""The page's pure-Python pieces, on plain CPython (no browser)."""

from __future__ import annotations

import pathlib
import re
import tomllib
from html import unescape

import pytest

from game import GAMES, new_game
from game.core import make_rng, randbelow
from game.ui import params, saves
from game.ui.renderers import renderer
from game.ui.session import Session
from game.ui.table import Ctx

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_pyscript_toml_maps_every_module_the_page_needs():
    conf = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert conf["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
    want = {f"./{p.relative_to(ROOT)}" for p in (ROOT / "game").rglob("*.py")
            if "__pycache__" not in p.parts and p.relative_to(ROOT).as_posix() not in ("game/__main__.py", "game/ai/arena.py")}
    assert set(conf["files"]) == want, "run python3 scripts/pyscript_files.py"
    assert all(k == v for k, v in conf["files"].items())


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
                html = mod.render(view, Ctx(legal=legal, your_turn=True))
                reached = set(_drawn(html, legal))
                for card in re.findall(r'data-select="([^"]*)"', html):   # pick a card up first
                    reached |= set(_drawn(mod.render(view, Ctx(legal=legal, your_turn=True, selected=card)), legal))
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


def test_bad_links_name_the_problem():
    for q, words in (("?game=hermit&players=1", "players"), ("?game=hermit&seed=x", "seed"),
                     ("?game=zzz", "unknown game"), ("?game=hermit&target=0", "target"),
                     ("?players=3", "no game"), ("?game=hermit&level=godlike", "level")):
        with pytest.raises(ValueError, match=words):
            params.parse_query(q)
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
    assert s.summary["round"] == 1 and len(s.summary["points"]) == 3
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
