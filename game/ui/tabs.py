"""One game, one tab: the tab that plays a game holds it; another tab that had it stands aside.

Each game id has one save (:mod:`game.ui.saves`), so two tabs playing the same
game would overwrite each other's moves.  A tab that opens a game *holds* it:
it writes its own id under ``hermitage.tab.<game>`` (other tabs see that
change as a ``storage`` event) and remembers the save text it last read or
wrote.  It then saves only while the stored save is still that text: a save
written meanwhile by another tab (a move made there) is never overwritten.
A tab that sees its game held or moved elsewhere :meth:`Hold.lost` it and says
"this game continues in another tab"; "play here" holds it again from the
latest save.  Pure: the page passes localStorage and its storage events in.

>>> from game import new_game
>>> from game.ui.saves import MemoryStorage
>>> store = MemoryStorage(); a, b = Hold(store, "A"), Hold(store, "B")
>>> s = new_game("ferret", seed=1); a.hold(s); a.write(s)
True
>>> b.hold(s)                                   # the same game opened in tab B
>>> a.lost(owner_key("ferret"), store.getItem(owner_key("ferret")))
True
>>> s.play(s.to_move()[0], s.legal_moves(s.to_move()[0])[0]); b.write(s), a.write(s)
(True, False)
"""

from __future__ import annotations

from typing import Any

from ..core import State, dumps
from . import saves

OWNER = "hermitage.tab."


def owner_key(game: str) -> str:
    return OWNER + game


class Hold:
    """This tab's hold on the game at its table (``game`` None: none held)."""

    def __init__(self, storage: Any, tab: str) -> None:
        self.storage = storage
        self.tab = tab
        self.game: str | None = None
        self.expected: str | None = None     # the save text this tab last read or wrote
        self.claims = 0

    def hold(self, state: State) -> None:
        """Take ``state``'s game for this tab, from the save as it stands now."""
        self.game = state.GAME_ID
        self.claims += 1
        # The count makes every claim a change, so other tabs always get the event.
        self.storage.setItem(owner_key(self.game), f"{self.tab} {self.claims}")
        self.expected = self.storage.getItem(saves.save_key(self.game))

    def release(self) -> None:
        """Leave the table (the game stays saved; another tab may take it without a word)."""
        self.game = None
        self.expected = None

    def holder(self) -> str | None:
        """The tab id that holds this tab's game now (None when nobody claimed it)."""
        if self.game is None:
            return None
        v = self.storage.getItem(owner_key(self.game))
        return v.split(" ")[0] if v else None

    def write(self, state: State) -> bool:
        """Save ``state`` unless another tab has taken the game or saved it since; False if so."""
        key = saves.save_key(state.GAME_ID)
        if (state.GAME_ID != self.game or self.holder() not in (None, self.tab)
                or self.storage.getItem(key) != self.expected):
            return False
        text = dumps(state.to_json())
        self.storage.setItem(key, text)
        self.expected = text
        return True

    def lost(self, key: str | None, value: str | None) -> bool:
        """Whether another tab's change of ``key`` to ``value`` (a storage event) takes
        this tab's game away: it claimed the game, saved a move of it, or cleared storage."""
        if self.game is None:
            return False
        if key is None:                          # localStorage.clear() in another tab
            return True
        if key == owner_key(self.game):
            return value is not None and value.split(" ")[0] != self.tab
        if key == saves.save_key(self.game):
            return value != self.expected
        return False
