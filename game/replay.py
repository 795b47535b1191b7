"""Replays: a whole game as a short link, and the game again step by step as seat 0 saw it.

A game is its id, player count, seed, options and move list (DESIGN.md), so a
link can carry all of it.  The link's fragment is ``#replay=<game>.<code>``:
``<code>`` is base64url (no padding) of

* one byte: the format :data:`VERSION`;
* four bytes: a check (the first bytes of SHA-256 of everything else), so a
  changed or cut link is refused instead of showing another game;
* a varint length and a compact JSON header: ``g`` game, ``p`` players, ``s``
  seed, ``n`` moves, ``o`` the options that differ from their defaults, ``w``
  1 for a game of computer players (watch mode), ``d`` a fixed first deal;
* the moves as one mixed-radix number: at each step the choices are every
  (seat, move) of the seats in ``to_move()``, seats in order and each seat's
  ``legal_moves`` sorted; the move played is its index among them, and a step
  with one choice costs nothing.  The engine itself lists the choices, so no
  notation is read or checked here.

The readable ``<game>`` prefix must agree with the header.  Decoding
replays the moves through the engine, like loading a save; anything wrong is
a :class:`ReplayError` in a player's words.

>>> from game import new_game
>>> from game.core import make_rng, random_playout
>>> s = new_game("hermit-stones", seed=5, options={"board": "square5"})
>>> _ = random_playout(s, make_rng("doc"))
>>> link = encode(s)
>>> link.startswith("hermit-stones.") and len(link) < 120
True
>>> r = decode(link)
>>> r.final.to_json() == s.to_json(), r.watch
(True, False)
>>> decode("hermit-stones." + link[14:-2] + ("A" if link[-2] != "A" else "B") + link[-1])
Traceback (most recent call last):
...
game.replay.ReplayError: This replay link has been changed or cut short (its check does not match). Please ask for the link again.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from . import GAMES, IllegalMove, new_game
from .core import State

#: the link format this module writes and reads
VERSION = 1
#: the fragment key: ``#replay=<game>.<code>``
KEY = "replay"
CHECK_BYTES = 4
#: the longest code accepted (far beyond any real game; a guard against junk)
MAX_CODE = 20_000


class ReplayError(ValueError):
    """A replay link that does not open, in a player's words."""


# ---- the numbers --------------------------------------------------------------


def _varint(n: int) -> bytes:
    """LEB128: seven bits a byte, low first.

    >>> _varint(5), _varint(300)
    (b'\\x05', b'\\xac\\x02')
    """
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """(value, next position); ValueError when the bytes end inside it."""
    n = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise ValueError("a number runs past the end")
        b = data[at]
        at += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, at


def choices(state: State) -> list[tuple[int, str]]:
    """Every (seat, move) that could be played now, in the order the code counts them.

    >>> from game import new_game
    >>> choices(new_game("hermit-stones", seed=1, options={"board": "square5"}))[:3]
    [(0, 'a1'), (0, 'a2'), (0, 'a3')]
    """
    return [(seat, m) for seat in sorted(state.to_move()) for m in sorted(state.legal_moves(seat))]


def _check(body: bytes) -> bytes:
    return hashlib.sha256(bytes([VERSION]) + body).digest()[:CHECK_BYTES]


# ---- encode ---------------------------------------------------------------------


def header(state: State, watch: bool = False) -> dict[str, Any]:
    """The game's header: what ``new_game`` needs, options only where not the default."""
    defaults = {o.name: o.default for o in type(state).OPTIONS}
    head: dict[str, Any] = {"g": state.GAME_ID, "p": state.players, "s": state.seed, "n": len(state.history)}
    opts = {k: v for k, v in state.options.items() if k not in defaults or v != defaults[k]}
    if opts:
        head["o"] = opts
    if watch:
        head["w"] = 1
    deal = state.to_json().get("deal")
    if deal is not None:
        head["d"] = deal
    return head


def encode(state: State, watch: bool = False) -> str:
    """The link text ``<game>.<code>`` for ``state`` as played so far (``watch``: a game
    of computer players, whose seat 0 is not the person)."""
    env = state.to_json()
    game = new_game(state.GAME_ID, players=state.players, seed=state.seed, options=env["options"],
                    deal=env.get("deal"))
    digits: list[tuple[int, int]] = []          # (index, radix) per move
    for i, (seat, move) in enumerate(state.history):
        options = choices(game)
        try:
            digits.append((options.index((seat, move)), len(options)))
        except ValueError:
            raise ValueError(f"move {i + 1} {move!r} by seat {seat} is not one of the choices") from None
        game.play(seat, move)
    number = 0
    for index, radix in reversed(digits):
        number = number * radix + index
    head = json.dumps(header(state, watch), separators=(",", ":"), sort_keys=True).encode()
    body = _varint(len(head)) + head + number.to_bytes((number.bit_length() + 7) // 8, "little")
    code = base64.urlsafe_b64encode(bytes([VERSION]) + _check(body) + body).rstrip(b"=").decode()
    return f"{state.GAME_ID}.{code}"


def fragment(state: State, watch: bool = False) -> str:
    """The URL fragment that opens the replay: ``#replay=<game>.<code>``."""
    return f"#{KEY}={encode(state, watch)}"


# ---- decode ---------------------------------------------------------------------


@dataclass
class Replay:
    """A validated replay: the game at its end (``final``) and its moves."""

    final: State
    watch: bool = False
    moves: list[tuple[int, str]] = field(default_factory=list)

    @property
    def title(self) -> str:
        return GAMES[self.final.GAME_ID].TITLE


DAMAGED = "This replay link is damaged or incomplete ({}). Please ask for the link again."
CHANGED = "This replay link has been changed or cut short (its check does not match). Please ask for the link again."


def _game_name(gid: Any) -> str:
    return GAMES[gid].TITLE if gid in GAMES else f"\u201c{str(gid)[:30]}\u201d"


def decode(text: str) -> Replay:
    """Read ``<game>.<code>`` (or a whole ``#replay=...`` fragment) and replay it."""
    text = text.strip()
    if text.startswith("#"):
        text = text[1:]
    if text.startswith(KEY + "="):
        text = text[len(KEY) + 1:]
    gid, dot, code = text.partition(".")
    if not dot or not code:
        raise ReplayError(DAMAGED.format("it has no game in it"))
    if gid not in GAMES:
        raise ReplayError(f"This replay link is for a game called {_game_name(gid)}; Hermitage has "
                          + ", ".join(cls.TITLE for cls in GAMES.values()) + ".")
    if len(code) > MAX_CODE:
        raise ReplayError(DAMAGED.format("it is far too long"))
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        raise ReplayError(DAMAGED.format("it has characters a replay link never has")) from None
    if len(raw) < 1 + CHECK_BYTES + 1:
        raise ReplayError(DAMAGED.format("it is too short"))
    if raw[0] != VERSION:
        raise ReplayError(f"This replay link was made by another version of Hermitage (format {raw[0]}); "
                          f"this page reads format {VERSION}.")
    body = raw[1 + CHECK_BYTES:]
    if _check(body) != raw[1:1 + CHECK_BYTES]:
        raise ReplayError(CHANGED)
    try:
        size, at = _read_varint(body, 0)
        head = json.loads(body[at:at + size].decode())
        if not isinstance(head, dict):
            raise ValueError("no header")
        number = int.from_bytes(body[at + size:], "little")
    except ValueError as e:              # JSON and UTF-8 errors are ValueErrors
        raise ReplayError(DAMAGED.format(f"its header does not read: {e}")) from None
    if head.get("g") != gid:
        raise ReplayError(f"This replay link says it is {_game_name(gid)} but holds {_game_name(head.get('g'))}: "
                          "it has been changed. Please ask for the link again.")
    return _replay(head, number)


def _replay(head: dict[str, Any], number: int) -> Replay:
    n = head.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ReplayError(DAMAGED.format("it does not say how many moves it has"))
    try:
        state = new_game(head["g"], players=head.get("p"), seed=head.get("s", 0), options=head.get("o"),
                         deal=head.get("d"))
    except (ValueError, TypeError, KeyError) as e:
        raise ReplayError(f"This replay link does not set up a {_game_name(head.get('g'))} game ({e}).") from None
    moves: list[tuple[int, str]] = []
    for i in range(n):
        options = choices(state)
        if not options:
            raise ReplayError(f"This replay link goes on after the game ended (at move {i + 1} of {n}).")
        number, index = divmod(number, len(options))
        seat, move = options[index]
        try:
            state.play(seat, move)
        except IllegalMove as e:         # cannot happen: the engine listed it; kept as a save would
            raise ReplayError(f"This replay link does not replay: move {i + 1} ({e}).") from None
        moves.append((seat, move))
    if number:
        raise ReplayError(DAMAGED.format("it holds more moves than it says"))
    return Replay(state, watch=head.get("w") == 1, moves=moves)


def from_save(state: State, watch: bool = False) -> Replay:
    """A replay of a game in hand (a save, the game just finished)."""
    return Replay(state.clone(), watch=watch, moves=list(state.history))


# ---- step by step -----------------------------------------------------------------


@dataclass
class Frame:
    """The game after ``step`` moves, as seat 0 saw it then."""

    step: int
    view: dict[str, Any]
    events: list[dict[str, Any]]           # every event seat 0 had seen by then
    fresh: list[dict[str, Any]]            # the events the last move added
    last: tuple[int, str] | None           # the last move (seat, notation)

    @property
    def round(self) -> int:
        return int(self.view["round"])


class Steps:
    """A replay walked once: seat 0's view and events after every move.

    The events at a step are a prefix of the events at the end (events only
    grow and never change), so one list and a count per step hold them all.

    >>> from game import new_game
    >>> s = new_game("ferret", seed=2); s.play(*choices(s)[0])
    >>> st = Steps(from_save(s)); len(st), st.frame(1).last == s.history[0], st.frame(0).last
    (1, True, None)
    """

    def __init__(self, replay: Replay, seat: int = 0) -> None:
        self.replay = replay
        f = replay.final
        state = new_game(f.GAME_ID, players=f.players, seed=f.seed, options=f.options,
                         deal=f.to_json().get("deal"))
        self.views = [state.view(seat)]
        self.counts = [len(state.events(seat))]
        for seat_, move in replay.moves:
            state.play(seat_, move)
            self.views.append(state.view(seat))
            self.counts.append(self.counts[-1] + len(state.events(seat, since=self.counts[-1])))
        self.events = state.events(seat)
        self.state = state

    def __len__(self) -> int:
        return len(self.replay.moves)

    def frame(self, step: int) -> Frame:
        step = max(0, min(step, len(self)))
        before = self.counts[step - 1] if step else 0
        return Frame(step, self.views[step], self.events[:self.counts[step]],
                     self.events[before:self.counts[step]],
                     self.replay.moves[step - 1] if step else None)

    def rounds(self) -> list[tuple[int, int]]:
        """(round, the first step showing it) for every round of the game."""
        out: list[tuple[int, int]] = []
        for step, view in enumerate(self.views):
            if not out or view["round"] != out[-1][0]:
                out.append((view["round"], step))
        return out
