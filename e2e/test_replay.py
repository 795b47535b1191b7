"""Replays in a real Chromium: a finished game watched again, stepped, and shared by link.

Offline-routed and console-watched like every page test (conftest.py).
"""

from __future__ import annotations

import pathlib

from .driver import board, play_to_end, wait_phase
from .test_page import deal_link


ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"


def replay_step(page) -> int:
    return int(page.get_attribute("#table", "data-moves"))


def press(page, label: str) -> None:
    """Click a replay control by its accessible name and wait for the redraw."""
    before = page.get_attribute("#table", "data-draw")
    page.click(f'#replay-bar [aria-label="{label}"]')
    page.wait_for_function("d => document.querySelector('#table').dataset.draw !== d", arg=before)


def test_a_finished_game_replays_step_by_step_and_its_link_opens_the_replay_elsewhere(new_page, site):
    page = new_page()
    page.goto(site + deal_link("hermits-whist", 5, fast=1))
    play_to_end(page, seed=1)
    played = int(page.get_attribute("#table", "data-moves"))
    log_count = page.get_attribute("#log", "data-count")
    # Hermits Whist's result says whether the deal could have been won (the exact solver)
    assert "could" in page.inner_text("#overlay .verdict-note")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-result.png"))

    page.click('#overlay [data-action="replay"]')
    wait_phase(page, "replay")
    assert replay_step(page) == 0 and page.is_visible("#replay-bar") and page.is_hidden("#overlay")
    assert page.locator("#board [data-move]").count() == 0          # nothing to play in a replay
    press(page, "one move forward")
    assert replay_step(page) == 1 and "move 1 of" in page.inner_text("#status")
    press(page, "to the end")
    assert replay_step(page) == played
    page.screenshot(path=str(ARTIFACTS / "replay-end.png"))
    assert page.get_attribute("#log", "data-count") == log_count    # the same log the player read
    press(page, "one move back")
    assert replay_step(page) == played - 1
    press(page, "to the end")
    end = board(page)

    link = page.get_attribute("#replay-bar", "data-link")
    assert link.startswith("#replay=hermits-whist.") and len(link) < 2000
    other = new_page()                                   # another browser: no save, no statistics
    other.goto(site + link)
    wait_phase(other, "replay")
    assert replay_step(other) == 0
    press(other, "to the end")
    assert board(other) == end

    broken = new_page()                                  # a changed link: a notice in words
    broken.goto(site + link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:])
    broken.wait_for_selector("#notice:not([hidden])")
    assert "changed or cut short" in broken.inner_text("#notice-text")
