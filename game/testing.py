"""The engine contract's checks, shipped with the package (as pgx ships its api_test).

Any State subclass registered in :data:`game.GAMES` can be checked with
:func:`check_game`: seeded random play to the end, checking along the way that
legal moves and ``to_move`` agree, views are JSON and leak no hidden card, an
illegal move changes nothing, clones are independent, saves replay, samples from
``determinize`` keep the seat's view, and the event record (``events``) is JSON,
only grows, hides what the seat may not know and is rebuilt by ``load_game``.

Plain Python (no pytest): every check raises AssertionError saying what broke.

>>> check_game("hermit-stones", 2, seed=0)
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any, Iterator

from . import GAMES, IllegalMove, State, load_game, new_game

CARD_GAMES = frozenset({"hermit", "type-trump", "ferret", "hermits-whist"})

#: (game id, players) for every supported player count of every registered game
CONFIGS = [(gid, n) for gid, cls in GAMES.items() for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)]

#: the event kinds every game that has them uses (DESIGN.md)
COMMON_KINDS = frozenset({"move", "reveal", "trick", "round", "over"})


def strings_in(obj: Any) -> Iterator[str]:
    """Every string (keys included) anywhere in a JSON-like value.

    Notation strings such as ``"bard on sea"`` are split into their words too,
    so a card id hidden inside a move is found.
    """
    if isinstance(obj, str):
        yield obj
        yield from obj.split()
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings_in(v)


def snapshot(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    data = {
        "to_move": state.to_move(),
        "over": state.is_over(),
        "scores": [str(x) for x in state.scores()],
        "views": [state.view(s) for s in range(state.players)],
        "legal": [state.legal_moves(s) for s in range(state.players)],
    }
    return json.dumps(data, sort_keys=True)


def random_moves(state: State, rng: random.Random, limit: int = 20_000) -> Iterator[tuple[int, str]]:
    """Play random legal moves to the end, yielding each (seat, move) before it is played."""
    for _ in range(limit):
        if state.is_over():
            return
        movers = state.to_move()
        assert movers, "the game is not over, yet nobody is to move"
        seat = rng.choice(movers)
        move = rng.choice(state.legal_moves(seat))
        yield seat, move
        state.play(seat, move)
    raise AssertionError(f"game did not end within {limit} moves")


def is_exact_number(x: Any) -> bool:
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, Fraction)


# ---- single checks ----------------------------------------------------------------


def check_views(state: State) -> None:
    """Views are JSON, carry ``round`` (and ``hand`` in card games) and hide every secret."""
    for s in range(state.players):
        v = state.view(s)
        assert json.loads(json.dumps(v)) == v, "a view must be JSON-serialisable"
        assert isinstance(v["round"], int) and v["round"] >= 1
        if state.GAME_ID in CARD_GAMES:
            assert isinstance(v["hand"], list)
        leaked = state._secrets(s) & set(strings_in(v))
        assert not leaked, f"view({s}) shows hidden cards {sorted(leaked)}"
        check_view_type(state, v)


def check_view_type(state: State, view: dict[str, Any]) -> None:
    """The view has exactly the keys of the game's declared view type (``GameState.VIEW``)."""
    t = state.VIEW
    required, optional = set(t.__required_keys__), set(t.__optional_keys__)
    keys = set(view)
    assert required <= keys, f"view lacks {sorted(required - keys)} of {t.__name__}"
    assert keys <= required | optional, f"view has {sorted(keys - required - optional)} not in {t.__name__}"


def check_illegal_changes_nothing(state: State, seat: int) -> None:
    """Bad moves, and moves by seats not to move, raise IllegalMove and change nothing."""
    before = snapshot(state)
    saved = state.to_json()
    n_events = [len(state.events(s)) for s in range(state.players)]
    attempts: list[tuple[Any, Any]] = [(seat, bad) for bad in ("", "no such move", "pass pass", "start", 42, None)]
    attempts += [(other, state.legal_moves(seat)[0]) for other in range(state.players)
                 if other not in state.to_move()]
    attempts.append((state.players, state.legal_moves(seat)[0]))
    for who, bad in attempts:
        try:
            state.play(who, bad)
        except IllegalMove as e:
            assert str(e), "an IllegalMove needs a readable message"
        else:
            raise AssertionError(f"play({who!r}, {bad!r}) was accepted")
    assert issubclass(IllegalMove, ValueError)
    assert snapshot(state) == before and state.to_json() == saved, "an illegal move changed the state"
    assert [len(state.events(s)) for s in range(state.players)] == n_events, "an illegal move was recorded"


def check_clone_independent(state: State, seat: int, move: str) -> None:
    """A clone plays on without touching the original; a save round-trips and continues identically."""
    before = snapshot(state)
    c = state.clone()
    assert snapshot(c) == before
    assert all(c.events(s) == state.events(s) for s in range(state.players))
    c.play(seat, move)
    assert snapshot(state) == before, "playing on a clone changed the original"
    saved = json.loads(json.dumps(state.to_json()))
    loaded = load_game(saved)
    assert snapshot(loaded) == before
    loaded.play(seat, move)
    assert snapshot(loaded) == snapshot(c)
    assert all(loaded.events(s) == c.events(s) for s in range(state.players))


def check_determinize(state: State, rng: random.Random) -> None:
    """Samples keep the seat's view and legal moves, keep no event record, and play on."""
    for s in range(state.players):
        d = state.determinize(s, random.Random(rng.random()))
        assert d.view(s) == state.view(s), "determinize must keep the seat's view"
        assert d.to_move() == state.to_move()
        assert d.legal_moves(s) == state.legal_moves(s)
        if state.HIDDEN_INFORMATION:
            try:
                d.events(s)
            except ValueError:
                pass
            else:
                raise AssertionError("a determinized sample is no game: it must have no event record")
        tail = random.Random(1)
        for _ in zip(range(40), random_moves(d, tail)):
            pass


class EventWatch:
    """Follows a game's event record seat by seat, checking each new event as it appears.

    * every event is a JSON dict with ``kind`` (str) and ``round`` (int);
    * ``events(seat, since=k) == events(seat)[k:]`` and the list only grows:
      events already returned never change;
    * no event shows a seat a card it may not know at that moment (checked for
      the events of the current round: a card of an earlier hand may since
      have been dealt into a hidden hand again);
    * every ``play()`` gives each seat one ``move`` event, with the notation
      for the mover (and for whoever the game lets see it), None otherwise;
    * the game ends with one ``over`` event holding ``winners``, ``scores`` and ``reason``.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.seen: list[list[dict[str, Any]]] = [[] for _ in range(state.players)]
        self.moves = 0
        self.update()

    def update(self) -> None:
        state = self.state
        for s in range(state.players):
            old = self.seen[s]
            new = state.events(s, since=len(old))
            full = state.events(s)
            assert full[:len(old)] == old, f"events({s}) changed an event already returned"
            assert full[len(old):] == new, "events(seat, since=k) must be events(seat)[k:]"
            secrets = state._secrets(s)
            for ev in new:
                json.dumps(ev)           # raises if an event is not JSON-serialisable
                assert isinstance(ev.get("kind"), str) and isinstance(ev.get("round"), int), ev
                if ev["round"] != state.round:
                    continue             # an earlier hand's card may since have been dealt again
                leaked = secrets & set(strings_in(ev))
                assert not leaked, f"events({s}) shows hidden cards {sorted(leaked)} in {ev}"
            self.seen[s] = full

    def after_move(self, seat: int, move: str) -> None:
        """Check the events a ``play(seat, move)`` just added."""
        before = [len(x) for x in self.seen]
        self.update()
        for s in range(self.state.players):
            added = self.seen[s][before[s]:]
            moves = [e for e in added if e["kind"] == "move"]
            assert len(moves) == 1, f"one play() must add one move event, got {moves}"
            ev = moves[0]
            assert ev["seat"] == seat, ev
            assert ev["move"] in (move, None), ev
            if s == seat:
                assert ev["move"] == move, "a seat always sees its own move"
        self.moves += 1

    def at_end(self) -> None:
        state = self.state
        for s in range(state.players):
            overs = [e for e in self.seen[s] if e["kind"] == "over"]
            assert len(overs) == 1 and self.seen[s][-1] is not None, "one over event"
            o = overs[0]
            assert o["winners"] == state.winners(), o
            assert isinstance(o["reason"], str) and o["reason"], o
            assert sum(e["kind"] == "move" for e in self.seen[s]) == len(state.history)
        again = load_game(json.loads(json.dumps(state.to_json())))
        for s in range(state.players):
            assert again.events(s) == state.events(s), "load_game must rebuild the events identically"


# ---- the whole suite for one game --------------------------------------------------


def check_game(gid: str, players: int, seed: int, every: int = 5) -> None:
    """Seeded random play of one game to the end, checking the contract along the way."""
    rng = random.Random(seed * 7919 + players)
    state = new_game(gid, players=players, seed=seed)
    watch = EventWatch(state)
    history: list[tuple[int, str]] = []
    for step, (seat, move) in enumerate(random_moves(state, rng)):
        # random_moves plays the move after this body: check the position before it
        movers = state.to_move()
        for s in range(players):
            legal = state.legal_moves(s)
            assert all(isinstance(m, str) for m in legal)
            assert len(set(legal)) == len(legal), "legal moves must not repeat"
            assert bool(legal) == (s in movers), f"seat {s}: legal moves iff in to_move()"
        if step % every == 0:
            check_views(state)
            check_illegal_changes_nothing(state, seat)
            check_clone_independent(state, seat, move)
        if step % (2 * every + 1) == 0:
            check_determinize(state, rng)
        if history:
            watch.after_move(*history[-1])
        history.append((seat, move))
    watch.after_move(*history[-1])
    assert state.is_over() and state.to_move() == []
    assert all(state.legal_moves(s) == [] for s in range(players))
    winners = state.winners()
    assert set(winners) <= set(range(players)) and len(set(winners)) == len(winners)
    scores = state.scores()
    assert len(scores) == players and all(is_exact_number(x) for x in scores)
    check_views(state)
    watch.at_end()
    again = new_game(gid, players=players, seed=seed)
    for seat, move in history:
        again.play(seat, move)
    assert snapshot(again) == snapshot(state), "the same seed and moves must give the same game"
