"""Every screen's markup (game/ui/screens/), built on plain CPython without a browser."""

from __future__ import annotations

import re
from html import unescape

import pytest

from game import GAMES, new_game
from game.core import make_rng, randbelow
from game.ui import saves, settings as settings_mod, urls
from game.ui.screens import play, result, start
from game.ui.session import Session


def test_the_settings_panel_shows_the_settings_and_a_save_gets_its_continue_label():
    html = start.settings_html(settings_mod.Settings(level="hard", fast=True, pace=2.0))
    assert '<option value="hard" selected>' in html and 'id="fast" data-setting="fast" checked' in html
    assert '<option value="2" selected>2 s per move</option>' in html
    s = new_game("ferret", seed=3)
    assert start.continue_label(s) == "Continue saved game (not started)"     # a deal opened, no move yet
    seat = s.to_move()[0]
    s.play(seat, s.legal_moves(seat)[0])
    assert start.continue_label(s) == "Continue saved game (1 move)"
    seat = s.to_move()[0]
    s.play(seat, s.legal_moves(seat)[0])
    assert start.continue_label(s) == "Continue saved game (2 moves)"


def test_a_form_becomes_a_share_link_that_deals_that_game():
    q = urls.form_query("hermit", [("players", "3"), ("target", "20"), ("house_party", "false")], 77)
    st = urls.deal_from(q)
    assert (st.GAME_ID, st.players, st.seed, st.options["target"]) == ("hermit", 3, 77, 20)
    with pytest.raises(ValueError, match="target"):
        urls.deal_from(urls.form_query("hermit", [("target", "0")], 1))


def test_a_reload_of_the_saved_deal_resumes_it_and_another_seed_deals_anew():
    store = saves.MemoryStorage()
    st = new_game("hermit-stones", seed=5)
    st.play(0, st.legal_moves(0)[0])
    saves.write(store, st)
    o = urls.open_query(urls.share(st), store, settings_mod.Settings(), lambda: 1)
    assert o.resumed and o.state.history == st.history
    o = urls.open_query(urls.share(st).replace("seed=5", "seed=6"), store, settings_mod.Settings(), lambda: 1)
    assert not o.resumed and o.state.history == []


def test_a_link_sets_the_level_and_pacing_it_names():
    s = settings_mod.Settings()
    urls.open_query("?game=ferret&level=hard&fast=1", saves.MemoryStorage(), s, lambda: 1)
    assert (s.level, s.fast) == ("hard", True)


def _play_until(s: Session, stop) -> None:
    rng = make_rng("screens")
    while not stop(s):
        if s.summary is not None:
            s.play(0, "continue")
            continue
        seat = s.state.to_move()[0]
        ms = s.state.legal_moves(seat)
        s.play(seat, ms[randbelow(rng, len(ms))])


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_status_line_says_whose_turn_and_the_board_carries_every_legal_move(gid):
    s = Session(new_game(gid, seed=2))
    _play_until(s, lambda s: s.phase() == "your-turn" and s.summary is None)
    html = play.board_html(s, play.Look())
    drawn = {unescape(m) for m in re.findall(r'data-move="([^"]*)"', html)}
    assert drawn <= set(s.legal()) and drawn
    assert play.status_text(s, "your-turn", None) == "Your turn."
    assert play.status_text(s, "waiting", 1) == "Rowan is thinking…"


def test_a_round_summary_continues_with_data_move_continue():
    s = Session(new_game("hermit", players=3, seed=9, options={"target": 200}))
    _play_until(s, lambda s: s.summary is not None)
    html = result.dialog_html(s, assisted=False)
    assert html.count('data-move="continue"') == 1 and "Round 1 is over" in html


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_game_over_dialog_offers_a_rematch_and_a_new_game(gid):
    opts = {"hermit": {"target": 10}, "type-trump": {"rounds": 1}}
    s = Session(new_game(gid, seed=4, options=opts.get(gid)))
    _play_until(s, lambda s: s.state.is_over())
    html = result.dialog_html(s, assisted=True)
    assert 'data-action="rematch"' in html and 'data-action="new"' in html
    assert "counts as assisted" in html and "None" not in html


def test_returning_to_a_deal_that_another_deal_replaced_keeps_the_newer_save():
    store = saves.MemoryStorage()
    old, newer = new_game("hermit-stones", seed=5), new_game("hermit-stones", seed=6)
    newer.play(0, newer.legal_moves(0)[0])
    saves.write(store, newer)
    o = urls.open_query(urls.share(old), store, settings_mod.Settings(), lambda: 1, returning=True)
    assert o.state is None and "replaced" in o.problems[0]
    assert saves.read(store, "hermit-stones")[0].history == newer.history
    o = urls.open_query(urls.share(old), store, settings_mod.Settings(), lambda: 1)      # a link opened anew
    assert o.state is not None and o.state.seed == 5


def test_a_statistics_address_opens_that_page_and_a_bad_one_a_notice():
    o = urls.open_query(urls.stats_query("type-trump"), saves.MemoryStorage(), settings_mod.Settings(), lambda: 1)
    assert o.stats == "type-trump" and o.state is None
    o = urls.open_query("?stats=go", saves.MemoryStorage(), settings_mod.Settings(), lambda: 1)
    assert o.stats is None and o.notice.startswith("This link asks for the statistics of a game called “go”")


_PLACED = re.compile(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)(?: scale\(([\d.]+)\))?" class="[^"]*"'
                     r'[^>]*data-move="([^"]*)"')


@pytest.mark.parametrize("gid", list(GAMES))
@pytest.mark.parametrize("width", [340, 370, 750, 1000, 1400])
def test_every_table_is_laid_out_for_its_width_with_every_move_inside_it(gid, width):
    """No move drawn outside the table's width, at phone to desktop widths, over a game's course."""
    from game.ui.cards import W
    s = Session(new_game(gid, seed=3))
    rng = make_rng(f"fit:{gid}")
    checked = 0
    while not s.state.is_over() and checked < 12:
        if s.phase() == "your-turn" and s.summary is None:
            look = play.Look(width=width)
            html = play.board_html(s, look)
            assert f'viewBox="0 0 {width} ' in html
            for x, y, k, move in _PLACED.findall(html):
                right = float(x) + W * float(k or 1)
                assert float(x) >= 0 and right <= width + 0.5, (gid, width, unescape(move), x, right)
            checked += 1
        _play_until(s, lambda s: True)       # nothing: the loop below makes one move
        if s.summary is not None:
            s.play(0, "continue")
            continue
        seat = s.state.to_move()[0]
        ms = s.state.legal_moves(seat)
        s.play(seat, ms[randbelow(rng, len(ms))])
    assert checked
