"""Hermits Whist: the table of what the rest of a game is worth (game/ai/whist_value.py)."""

from __future__ import annotations

import itertools
import pathlib
import subprocess
import sys

from game.ai.whist_value import DEFAULT_PIPS, VALUE, chance

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_table_is_what_its_script_estimates():
    """Not typed in: scripts/whist_value.py, replaying its deals and sampled worlds, writes
    exactly this table."""
    script = ROOT / "scripts" / "whist_value.py"
    run = subprocess.run([sys.executable, str(script), "--check", "--jobs", "2"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "matches a fresh estimate over 4000 deals of 16 worlds" in run.stdout


def test_the_table_covers_every_set_of_wild_cards_still_to_flip():
    """"Succeeding requires flipping over all six wild cards": every set of the default
    pips still face up has a chance, a won game (none left) is certain, and each chance
    lies between 0 and 1000 per mille."""
    sets = {tuple(sorted(c)) for r in range(7) for c in itertools.combinations(DEFAULT_PIPS, r)}
    assert set(VALUE) == sets
    assert VALUE[()] == (1000,) * 4
    assert all(0 <= v <= 1000 for row in VALUE.values() for v in row)


def test_an_8_turned_is_never_worth_having():
    """"Before playing your card, you have the option to flip over the next card in the 8's
    stack": a player can always turn one before the next hand's first card, so fewer 8s
    left to turn is never worth more; and "there is no trump for the remainder of the game"
    once all are turned, which costs most where high pips are left."""
    for row in VALUE.values():
        assert list(row) == sorted(row, reverse=True)
    assert VALUE[(6,)][3] < VALUE[(6,)][0] and VALUE[(1,)][3] == VALUE[(1,)][0]


def test_pip_6_is_the_hardest_wild_card_to_hit():
    """Six tricks of ten is the hardest pip to win exactly (where most lost games stalled,
    docs/ai-strength.md): the game is worth least with it alone left."""
    alone = {p: chance(DEFAULT_PIPS, tuple(q != p for q in DEFAULT_PIPS), 1) for p in DEFAULT_PIPS}
    assert min(alone, key=lambda p: alone[p]) == 6


def test_other_wild_cards_have_no_table():
    """The option ``wilds`` may give other pips: the table is for 1-6 only, and says so."""
    assert chance((1, 1, 2, 3, 4, 5), (False,) * 6, 1) is None
    assert chance((6, 5, 4, 3, 2, 1), (False,) * 6, 1) == VALUE[DEFAULT_PIPS][0]
