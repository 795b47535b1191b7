"""One game, one tab (game/ui/tabs.py): which tab may save, and when a tab must stand aside."""

from __future__ import annotations

from game import new_game
from game.core import dumps
from game.ui import saves
from game.ui.tabs import Hold, owner_key


def play_one(state) -> None:
    seat = state.to_move()[0]
    state.play(seat, state.legal_moves(seat)[0])


def stones():
    return new_game("hermit-stones", seed=3, options={"board": "square5"})


def test_the_tab_that_opens_a_game_last_holds_it_and_the_other_may_not_save():
    store = saves.MemoryStorage()
    a, b = Hold(store, "A"), Hold(store, "B")
    s = stones()
    a.hold(s)
    assert a.write(s) and a.holder() == "A"
    t = new_game("hermit-stones", seed=3, options={"board": "square5"})
    b.hold(t)                                     # tab B opens the same game
    key, value = owner_key("hermit-stones"), store.getItem(owner_key("hermit-stones"))
    assert a.lost(key, value) and not b.lost(key, value)
    play_one(s)
    assert not a.write(s)                         # A's move is not written over B's game
    play_one(t)
    assert b.write(t)
    assert store.getItem(saves.save_key("hermit-stones")) == dumps(t.to_json())


def test_a_move_saved_in_another_tab_takes_the_game_away_and_play_here_takes_it_back():
    store = saves.MemoryStorage()
    a, b = Hold(store, "A"), Hold(store, "B")
    s = stones()
    a.hold(s)
    a.write(s)
    other = stones()
    play_one(other)
    text = dumps(other.to_json())
    store.setItem(saves.save_key("hermit-stones"), text)     # another tab saved a move (without claiming)
    assert a.lost(saves.save_key("hermit-stones"), text)
    assert not a.write(s)                                    # never overwrites that move
    latest, _ = saves.read(store, "hermit-stones")
    a.hold(latest)                                           # "play here": from the latest save
    play_one(latest)
    assert a.write(latest) and len(saves.read(store, "hermit-stones")[0].history) == 2
    b.hold(latest)
    assert a.lost(owner_key("hermit-stones"), store.getItem(owner_key("hermit-stones")))


def test_a_tab_without_a_game_or_another_game_is_not_affected():
    store = saves.MemoryStorage()
    a = Hold(store, "A")
    assert not a.lost(owner_key("ferret"), "B 1") and a.holder() is None
    a.hold(new_game("ferret", seed=1))
    assert not a.lost(owner_key("hermit"), "B 1") and not a.lost(saves.save_key("hermit"), "{}")
    assert not a.lost(owner_key("ferret"), "A 7")            # its own claim
    assert a.lost(None, None)                                # storage cleared elsewhere
    a.release()
    assert not a.lost(None, None) and not a.write(new_game("ferret", seed=1))
