"""Replays (game/replay.py, the Replay screen) and today's deal (game/daily.py)."""

from __future__ import annotations

import base64
import json
import re

import pytest

from game import GAMES, load_game, new_game
from game import daily, replay
from game.core import make_rng
from game.replay import ReplayError, decode, encode
from game.testing import CONFIGS, random_moves, strings_in
from game.ui import gamelog
from game.ui.screens import replay as replay_screen


def played(gid: str, players: int, seed: int = 3) -> "object":
    """A whole game of random legal moves (every seat in turn)."""
    s = new_game(gid, players=players, seed=seed)
    for _ in random_moves(s, make_rng(f"replay/{gid}/{players}/{seed}")):
        pass
    return s


@pytest.mark.parametrize("gid,players", CONFIGS)
def test_a_replay_of_every_game_reproduces_its_final_state_and_never_shows_a_hidden_card(gid, players):
    s = played(gid, players)
    r = decode(encode(s))
    assert r.final.to_json() == s.to_json()
    assert load_game(r.final.to_json()).view(0) == s.view(0)
    rv = replay_screen.ReplayView(r)
    assert rv.last_step == len(s.history)
    twin = new_game(gid, players=players, seed=s.seed, options=s.options)   # played alongside, move by move
    card_ids = re.compile(r'data-card="([^"]+)"')
    for k in range(rv.last_step + 1):
        if k:
            twin.play(*s.history[k - 1])
        rv.go(k)
        f = rv.frame()
        assert f.view == twin.view(0), f"step {k}: the replay's view is not view(0)"
        assert f.events == twin.events(0), f"step {k}: the replay's events are not events(0)"
        secrets = twin._secrets(0)
        shown = set(card_ids.findall(replay_screen.board_html(rv)))
        # every card on the table is in view(0), or in the trick seat 0 just saw completed
        # (held in place as the game showed it, even when that trick ended a hand)
        seen = set(strings_in(twin.view(0))) | set(strings_in(f.fresh))
        assert shown <= seen, f"step {k}: the replay shows cards seat 0 did not see {sorted(shown - seen)}"
        held = set(strings_in([e for e in f.fresh if e["kind"] == "trick"]))
        assert not (shown & secrets) - held, f"step {k}: the replay shows hidden cards {sorted(shown & secrets)}"
        now = [e for e in f.events if e["round"] == twin.round]     # earlier hands' cards may be dealt again
        assert not secrets & set(strings_in(now)), f"step {k}: the replay's log names a hidden card"
    assert rv.entries()[-1].kind == "over"


def test_a_replay_of_an_unfinished_save_stops_where_the_save_stops():
    s = new_game("hermit", players=4, seed=11)
    moves = list(random_moves(s.clone(), make_rng("half")))[:40]
    for seat, move in moves:
        s.play(seat, move)
    r = decode(encode(s))
    assert not r.final.is_over() and r.final.to_json() == s.to_json()


def test_link_lengths_for_every_game(capsys):
    """The figures asked for: a whole game's link, per game and player count, over several deals."""
    rows = []
    for gid, players in CONFIGS:
        lengths = []
        for seed in range(5):
            s = played(gid, players, seed)
            link = "#replay=" + encode(s)
            assert decode(link).final.to_json() == s.to_json()
            lengths.append((len(link), len(s.history)))
        rows.append((gid, players, max(n for n, _ in lengths), max(m for _, m in lengths)))
    long = new_game("hermit", players=4, seed=1, options={"target": 200})     # the longest Hermit game
    for _ in random_moves(long, make_rng("long")):
        pass
    long_link = "#replay=" + encode(long)
    rows.append(("hermit (200)", 4, len(long_link), len(long.history)))
    with capsys.disabled():
        print("\nreplay link length (the fragment, '#replay=' included), longest of 5 random whole games:")
        for gid, players, n, moves in rows:
            print(f"  {gid:14} {players} players: {n:4} characters ({moves} moves)")
    hermit4 = [n for gid, p, n, _ in rows if gid.startswith("hermit ") or (gid, p) == ("hermit", 4)]
    assert max(hermit4) < 2000


def test_a_watched_game_replays_as_watched():
    s = played("ferret", 2)
    assert decode(encode(s, watch=True)).watch and not decode(encode(s)).watch


# ---- tampering --------------------------------------------------------------------------


def _code(link: str) -> bytes:
    code = link.split(".", 1)[1]
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def _link(gid: str, raw: bytes) -> str:
    return gid + "." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_every_changed_character_of_a_link_is_refused():
    link = encode(played("hermit-stones", 2))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    start = link.index(".") + 1
    for i in range(start, len(link)):
        other = alphabet[(alphabet.index(link[i]) + 17) % 64]
        with pytest.raises(ReplayError):
            decode(link[:i] + other + link[i + 1:])


def test_a_cut_link_is_refused_in_words():
    link = encode(played("hermit", 4))
    for cut in (1, 5, len(link) // 2, len(link) - 16):
        with pytest.raises(ReplayError, match="changed or cut short|damaged or incomplete"):
            decode(link[:-cut])


def test_a_link_of_another_format_version_says_so():
    link = encode(played("ferret", 2))
    raw = bytearray(_code(link))
    raw[0] = replay.VERSION + 1
    with pytest.raises(ReplayError, match=r"another version of Hermitage \(format 2\)"):
        decode(_link("ferret", bytes(raw)))


def test_a_link_whose_game_was_changed_is_refused():
    link = encode(played("ferret", 2))
    with pytest.raises(ReplayError, match="says it is Hermit but holds Ferret"):
        decode("hermit." + link.split(".", 1)[1])
    with pytest.raises(ReplayError, match="a game called “chess”"):
        decode("chess." + link.split(".", 1)[1])


def _resealed(link: str, change) -> str:
    """The link with its header changed and a correct check (a forger who knows the format)."""
    raw = _code(link)
    body = raw[1 + replay.CHECK_BYTES:]
    size, at = replay._read_varint(body, 0)
    head = json.loads(body[at:at + size])
    change(head)
    text = json.dumps(head, separators=(",", ":")).encode()
    body = replay._varint(len(text)) + text + body[at + size:]
    return _link(head["g"], bytes([replay.VERSION]) + replay._check(body) + body)


def test_a_resealed_link_for_another_game_or_more_moves_does_not_replay():
    link = encode(played("hermit", 4))
    assert decode(_resealed(link, lambda h: None)).final.is_over()      # the forger's tool itself works
    with pytest.raises(ReplayError):
        decode(_resealed(link, lambda h: h.update(g="type-trump")))
    with pytest.raises(ReplayError, match="goes on after the game ended"):
        decode(_resealed(link, lambda h: h.update(n=h["n"] + 500)))
    with pytest.raises(ReplayError, match="more moves than it says"):
        decode(_resealed(link, lambda h: h.update(n=h["n"] // 2)))
    with pytest.raises(ReplayError, match="does not set up"):
        decode(_resealed(link, lambda h: h.update(p=9)))


def test_junk_is_refused_in_words():
    for junk in ("", "hermit", "hermit.", "hermit.!!!!", "hermit.AAAA", "#replay=ferret.@@"):
        with pytest.raises(ReplayError):
            decode(junk)


# ---- the screen -----------------------------------------------------------------------


def test_the_replay_screen_steps_jumps_to_rounds_and_names_seats_as_the_game_did():
    s = played("hermit", 4)
    rv = replay_screen.ReplayView(decode(encode(s)))
    rounds = rv.steps.rounds()
    assert [r for r, _ in rounds] == list(range(1, s.round + 1))
    r2 = rounds[1][1]
    rv.go(r2)
    assert rv.frame().round == 2 and rv.round_of(r2 - 1) == 1
    bar = replay_screen.bar_html(rv, playing=True)
    assert f'<option value="{r2}" selected>Round 2</option>' in bar and ">Pause<" in bar
    assert 'data-move' not in replay_screen.board_html(rv)               # nothing to play in a replay
    rv.go(10_000)
    assert rv.step == len(s.history) and "(the last)" in replay_screen.status_text(rv)
    gamelog.watching(True)
    try:
        assert any("Ash" in e.text for e in rv.entries())
    finally:
        gamelog.watching(False)
    assert not any("Ash" in e.text for e in rv.entries())


# ---- today's deal -----------------------------------------------------------------------


def test_the_daily_seed_is_stable_for_a_date_and_differs_between_dates_and_games():
    assert daily.seed("hermit", "2026-11-25") == daily.seed("hermit", "2026-11-25")
    seeds = {(g, d): daily.seed(g, d) for g in GAMES for d in ("2026-11-24", "2026-11-25", "2027-11-25")}
    assert len(set(seeds.values())) == len(seeds)
    # documented derivation: the first 31 bits of sha256("hermitage-daily:<game>:<date>")
    import hashlib
    digest = hashlib.sha256(b"hermitage-daily:ferret:2026-11-25").digest()
    assert daily.seed("ferret", "2026-11-25") == int.from_bytes(digest[:4], "big") >> 1
    a, b = daily.deal("ferret", "2026-11-25"), daily.deal("ferret", "2026-11-25")
    assert a.view(0) == b.view(0) and a.view(0) != daily.deal("ferret", "2026-11-26").view(0)
    with pytest.raises(ValueError, match="not a date"):
        daily.seed("ferret", "2026-02-30")


def test_daily_results_count_each_day_once_and_streaks_are_consecutive_days_won():
    d = daily.Daily()
    for date, won in (("2026-11-20", True), ("2026-11-21", True), ("2026-11-22", False),
                      ("2026-11-23", True), ("2026-11-24", True), ("2026-11-25", True)):
        d = daily.record(d, "hermit", date, won, 10)
    assert daily.record(d, "hermit", "2026-11-25", False, 99) == d          # a day counts once
    assert daily.summary(d, "hermit", "2026-11-25") == (6, 5, 3, 3)
    assert daily.summary(d, "hermit", "2026-11-26").streak == 3              # today not played yet
    assert daily.summary(d, "hermit", "2026-11-27").streak == 0
    assert daily.summary(d, "ferret", "2026-11-25") == (0, 0, 0, 0)
    assert daily.loads(daily.dumps(d)) == d


def test_a_daily_deal_is_recognised_and_its_share_text_has_no_cards():
    s = daily.deal("hermit", "2026-11-25")
    assert daily.deal_date(s, "2026-11-25") == "2026-11-25"
    assert daily.deal_date(s, "2026-11-26") == "2026-11-25"
    assert daily.deal_date(s, "2026-11-27") is None
    for _ in random_moves(s, make_rng("share")):
        pass
    text = daily.share_text(s, "2026-11-25", "https://x.example/" + daily.query("hermit", "2026-11-25"))
    assert "Hermit" in text and "2026-11-25" in text and str(s.scores()[0]) in text
    from game.decktet import CARDS
    words = set(re.findall(r"[a-z-]+", text.lower()))
    assert not words & {c for c in CARDS}, "the share text must not name a card"


def test_a_broken_daily_record_is_kept_aside():
    from game.ui.saves import MemoryStorage
    store = MemoryStorage()
    store.setItem(daily.DAILY_KEY, '{"kind": "hermitage-daily", "format": 1, "games": {"hermit": 3}}')
    assert daily.load(store) == daily.Daily()
    assert store.getItem(daily.DAILY_KEY + ".broken") is not None and store.getItem(daily.DAILY_KEY) is None


def test_a_daily_link_opens_that_days_deal_with_the_standard_set_up():
    from game.ui import params, saves, settings as settings_mod, urls
    o = urls.open_query("?game=ferret&daily=2026-11-25", saves.MemoryStorage(), settings_mod.Settings(), lambda: 1)
    assert o.state.view(0) == daily.deal("ferret", "2026-11-25").view(0)
    assert daily.deal_date(o.state, "2026-11-25") == "2026-11-25"
    for bad, words in (("?game=ferret&daily=2026-02-30", "YYYY-MM-DD"),
                       ("?game=ferret&daily=2026-11-25&seed=4", "both a daily deal and a deal number"),
                       ("?game=hermit&daily=2026-11-25&players=3", "the daily deal is for 4"),
                       ("?game=hermit&daily=2026-11-25&target=10", "standard options")):
        with pytest.raises(params.LinkError, match=words):
            params.parse_query(bad)


# ---- the page's markup: the result, the start cards, the statistics page ---------------------


def test_the_result_offers_watch_again_and_sharing_and_a_daily_deal_its_result():
    from game.ui.screens import result
    from game.ui.session import Session
    s = Session(played("ferret", 2))
    html = result.dialog_html(s, assisted=False)
    assert 'data-action="replay"' in html and 'data-action="replay-share"' in html
    assert 'data-action="share-result"' not in html
    assert 'data-action="share-result"' in result.dialog_html(s, assisted=False, daily=True)


def test_after_a_whist_game_the_result_says_whether_the_deal_could_have_been_won():
    from game.rules.hermits_whist import solve
    from game.ui.screens import result
    from game.ui.session import Session
    for seed in (2, 0):
        s = played("hermits-whist", 1, seed)
        start = new_game("hermits-whist", seed=seed)
        line = solve(start)
        html = result.dialog_html(Session(s), assisted=False)
        if line is None:
            assert "could not have been won" in html
        else:
            assert "could have been won" in html and f"Show a winning line ({len(line)} moves)" in html
            assert html.count("<li>") == len(line)
    assert "could have been won" in result.dialog_html(Session(played("hermits-whist", 1, 2)), False)


def test_every_start_card_offers_todays_deal_and_watch_again_for_a_save():
    from game.ui.screens import start, stats as stats_screen
    from game import stats as stats_mod
    html = start.games_html()
    for gid in GAMES:
        assert f'data-action="daily" data-game="{gid}"' in html
        assert f'data-action="replay" data-game="{gid}" hidden' in html
        assert f'data-daily="{gid}"' in html
    line = daily.summary_line(daily.record(daily.Daily(), "ferret", "2026-11-25", True, 7), "ferret", "2026-11-25")
    page = stats_screen.page_html("ferret", stats_mod.Stats(), line)
    assert "Daily deals" in page and "streak 1 day (best 1)" in page


def test_the_page_knows_a_replay_link_by_the_same_key_the_link_module_writes():
    from game.ui.replay_page import LINK
    assert LINK == f"#{replay.KEY}=" and replay.fragment(played("ferret", 2)).startswith(LINK)
