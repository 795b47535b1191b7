"""The engine contract (shared/DESIGN.md), checked over EVERY registered game.

A new game module gets this whole suite for free once it is in ``GAMES``.
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from game import GAMES, load_game, new_game
from game.core import State

from game.testing import CONFIGS, check_game, random_moves, snapshot

DESIGN_IDS = {"hermit", "type-trump", "ferret", "hermits-whist", "hermit-stones"}
DEFAULT_PLAYERS = {"hermit": 4, "type-trump": 4, "ferret": 2, "hermits-whist": 1, "hermit-stones": 2}
SEEDS = [0, 1, 2]


def test_registry_holds_exactly_the_five_design_games():
    assert set(GAMES) == DESIGN_IDS
    for gid, cls in GAMES.items():
        assert issubclass(cls, State) and cls.GAME_ID == gid
        assert cls.TITLE and cls.DESIGNER, f"{gid} must credit its designer"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_default_players(gid):
    assert new_game(gid).players == DEFAULT_PLAYERS[gid]


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_unsupported_player_counts_raise(gid):
    cls = GAMES[gid]
    for n in (0, cls.MIN_PLAYERS - 1, cls.MAX_PLAYERS + 1, "4", 2.0, True):
        if isinstance(n, int) and not isinstance(n, bool) and cls.MIN_PLAYERS <= n <= cls.MAX_PLAYERS:
            continue
        with pytest.raises(ValueError, match="players"):
            new_game(gid, players=n)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_unknown_option_raises_naming_key(gid):
    with pytest.raises(ValueError, match="no_such_option"):
        new_game(gid, options={"no_such_option": 1})


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_bad_option_values_raise_naming_key(gid):
    for opt in GAMES[gid].OPTIONS:
        bad = {"bool": "yes", "int": "many", "seat": 99, "choice": "no-such-choice",
               "ints": "nope"}[opt.kind]
        with pytest.raises(ValueError, match=opt.name):
            new_game(gid, options={opt.name: bad})


def test_unknown_game_raises():
    with pytest.raises(ValueError, match="unknown game"):
        new_game("chess")


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_deal_with_unknown_zone_raises(gid):
    with pytest.raises(ValueError, match="deal"):
        new_game(gid, deal={"no_such_zone": []})


@pytest.mark.parametrize("gid,players", CONFIGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(gid, players, seed):
    """Seeded random play to the end, checking the contract along the way
    (game.testing.check_game: views, illegal moves, clones, saves, determinize, events)."""
    check_game(gid, players, seed)


@pytest.mark.parametrize("gid,players", CONFIGS)
def test_random_move_is_the_listed_move_at_one_draw(gid, players):
    """``random_move`` (a random rollout's step; Ferret computes it without the list) is
    ``legal_moves(seat)[randbelow(rng, n)]`` at every turn of a random game, and leaves
    the rng where that draw does, so seeded searches play alike either way."""
    s = new_game(gid, players=players, seed=5)
    checked = 0
    for _ in random_moves(s, random.Random(5)):
        for seat in s.to_move():
            for k in range(3):
                fast, plain = random.Random(k), random.Random(k)
                assert s.random_move(seat, fast) == State.random_move(s, seat, plain)
                assert fast.random() == plain.random()
                checked += 1
    assert checked > 30


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_events_since_and_bad_arguments(gid):
    s = new_game(gid, seed=4)
    rng = random.Random(4)
    for _ in zip(range(30), random_moves(s, rng)):
        pass
    full = s.events(0)
    assert full and s.events(0, since=3) == full[3:] and s.events(0, since=len(full) + 5) == []
    for bad in (-1, s.players, "0", True):
        with pytest.raises(ValueError, match="seat"):
            s.events(bad)
    with pytest.raises(ValueError, match="since"):
        s.events(0, since=-1)
    full[0]["kind"] = "tampered"
    assert s.events(0)[0]["kind"] != "tampered", "returned events are copies"


@pytest.mark.needs_shared
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_game_declares_itself(gid):
    """Each game states once what it is: title, designer, pitch, rules file, players, score direction."""
    cls = GAMES[gid]
    assert cls.TITLE and cls.DESIGNER and cls.PITCH and cls.RULES_FILE
    assert 1 <= cls.MIN_PLAYERS <= cls.DEFAULT_PLAYERS <= cls.MAX_PLAYERS
    assert isinstance(cls.LOWER_WINS, bool)
    rules = pathlib.Path(__file__).resolve().parents[2] / "shared" / "rules" / cls.RULES_FILE
    assert rules.exists(), rules


@pytest.mark.parametrize("gid", sorted(g for g in GAMES if GAMES[g].MAX_PLAYERS > 1))
def test_lower_wins_matches_the_winners(gid):
    """LOWER_WINS says which way scores count: over random games the winners hold the lowest
    scores when it is true and the highest otherwise (games where everyone ties aside)."""
    cls = GAMES[gid]
    checked = 0
    for seed in range(30):
        s = new_game(gid, seed=seed)
        for _ in random_moves(s, random.Random(seed)):
            pass
        sc, w = s.scores(), s.winners()
        if not w or len(set(sc)) == 1:
            continue
        best = min(sc) if cls.LOWER_WINS else max(sc)
        assert all(sc[i] == best for i in w), (gid, seed, sc, w)
        checked += 1
    assert checked


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_move_and_event_has_words(gid):
    """The game's own text forms cover every move and event it produces."""
    cls = GAMES[gid]
    s = new_game(gid, seed=1)
    names = ["You", "Rowan", "Sable", "Tamsin", "Ulric"]
    for step, (seat, move) in enumerate(random_moves(s, random.Random(1))):
        if step % 3:
            continue
        parts = cls.parse_move(move)
        assert isinstance(parts["kind"], str)
        text = cls.move_text(seat, move, names, you=0)
        assert text.endswith(".") and text.startswith(names[seat]) and "None" not in text
    told = 0
    for ev in s.events(0):
        text = cls.event_text(ev, names, 0)
        assert text is None or ("None" not in text and "{" not in text and text.endswith(".")), (ev, text)
        told += text is not None
    assert told and cls.event_text(s.events(0)[-1], names, 0), "the over event is told"
    with pytest.raises(ValueError):
        cls.parse_move("no such move at all")


@pytest.mark.parametrize("gid", sorted(g for g in GAMES if GAMES[g].HIDDEN_INFORMATION))
def test_determinize_resamples_hidden_cards(gid):
    """Sampled states differ from the true one where the seat cannot see."""
    state = new_game(gid, seed=5)
    seat = state.to_move()[0]
    secrets = state._secrets(seat)
    assert secrets, "a hidden-information game hides something at the start"
    true_views = [state.view(s) for s in range(state.players)]
    differs = False
    for k in range(10):
        d = state.determinize(seat, random.Random(k))
        assert d._secrets(seat) and d.view(seat) == state.view(seat)
        if [d.view(s) for s in range(state.players)] != true_views or state.players == 1:
            differs = True
    assert differs, "determinize never moved a hidden card"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_determinize_is_clone_for_perfect_information(gid):
    state = new_game(gid, seed=5)
    d = state.determinize(0, random.Random(1))
    if GAMES[gid].HIDDEN_INFORMATION:
        assert d.view(0) == state.view(0)
    else:
        assert snapshot(d) == snapshot(state)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_save_envelope_format(gid):
    s = new_game(gid, seed=9)
    rng = random.Random(3)
    for _, _ in zip(range(10), random_moves(s, rng)):
        pass
    data = s.to_json()
    assert data["format"] == 1 and data["game"] == gid and data["seed"] == 9
    assert data["players"] == s.players and isinstance(data["options"], dict)
    assert all(isinstance(m, list) and len(m) == 2 for m in data["moves"])
    assert len(data["moves"]) == len(s.history)
    assert load_game(json.dumps(data)).to_json() == data


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_save_that_does_not_replay_raises(gid):
    s = new_game(gid, seed=2)
    data = s.to_json()
    data["moves"] = [[s.to_move()[0], "not a move"]]
    with pytest.raises(ValueError, match="does not replay"):
        load_game(data)
    with pytest.raises(ValueError, match="not JSON"):
        load_game("{broken")
    with pytest.raises(ValueError, match="format"):
        load_game({**s.to_json(), "format": 2})
    with pytest.raises(ValueError, match="unknown game"):
        load_game({**s.to_json(), "game": "chess"})


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_view_rejects_bad_seat(gid):
    s = new_game(gid)
    for bad in (-1, s.players, "0"):
        with pytest.raises(ValueError, match="seat"):
            s.view(bad)
