"""Touch play on a phone: a 360 x 740 touch screen (Playwright's has_touch and
is_mobile, device pixel ratio 2) taps its way through every game, and every
control a finger needs is at least 40 x 40 CSS pixels and really its own there.

"Its own" is tested by hit-testing, not by sizes alone: for each element that
carries a move (``data-move``) or picks up a card (``data-select``), the page
is panned to it and ``document.elementFromPoint`` along a cross 40 px each way
through its centre must land on that element, so a neighbouring card or chip
that covers part of it does not count as tappable area.

Offline-routed and console-watched like every page test (conftest.py).
"""

from __future__ import annotations

import pathlib
import random

import pytest

from .driver import moves, wait_phase
from .test_page import deal_link

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
PHONE = {"width": 360, "height": 740}
MIN_TAP = 40          # CSS px, each way

#: Short games (options the link accepts) and how many taps to take in each.
GAMES = {
    "hermit": ({"players": 4}, 40),
    "hermit-2p": ({"players": 2}, 30),
    "type-trump": ({"players": 4}, 30),
    "ferret": ({}, 30),
    "hermits-whist": ({}, 30),
    "hermit-stones": ({"board": "hex5"}, 25),
    "hermit-stones-square7": ({"board": "square7"}, 25),
}

#: Returns, for every control in the table, why it is not a 40 px tap target ([] when all are).
TOO_SMALL = """(min) => {
  const out = [];
  const els = [...document.querySelectorAll(
    '#board [data-move], #board [data-select], #overlay [data-move], #board .more-moves [data-move]')];
  for (const e of els) {
    e.scrollIntoView({block: 'center', inline: 'center'});
    const r = e.getBoundingClientRect();
    const name = e.getAttribute('data-move') || ('pick up ' + e.getAttribute('data-select'));
    if (r.width < min || r.height < min) {
      out.push(`${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
      continue;
    }
    // a cross 40 px each way through its centre (a fanned card shows its left part,
    // covering more than half of it; a hexagon or a circle has no square corners)
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2, h = min / 2 - 1;
    const pts = [[cx, cy], [cx - h, cy], [cx + h, cy], [cx, cy - h], [cx, cy + h]];
    for (const [x, y] of pts) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === e || e.contains(hit))) {
        const other = hit && hit.closest('[data-move], [data-select], [data-card]');
        out.push(`${name}: (${x.toFixed(0)}, ${y.toFixed(0)}) hits ` +
                 (other ? (other.getAttribute('data-move') || other.getAttribute('data-card')) : (hit ? hit.tagName : 'nothing')));
        break;
      }
    }
  }
  return out;
}"""


@pytest.fixture
def phone(new_page):
    """A touch phone, offline-routed and console-watched like every page (conftest.py)."""
    return new_page(viewport=(PHONE["width"], PHONE["height"]), has_touch=True, is_mobile=True,
                    device_scale_factor=2)


def tap_move(page, move: str) -> None:
    """Tap the element carrying ``move`` (a real touch event) and wait for the redraw."""
    before = page.get_attribute("#table", "data-draw")
    el = page.locator(f'[data-move="{move}"]')
    assert el.count() == 1, f"{el.count()} elements carry data-move={move!r}"
    el.tap(timeout=10_000)
    page.wait_for_function("d => document.querySelector('#table').dataset.draw !== d", arg=before)


def tap_select(page, card: str) -> None:
    before = page.get_attribute("#table", "data-draw")
    page.locator(f'#board [data-select="{card}"]').tap(timeout=10_000)
    page.wait_for_function("d => document.querySelector('#table').dataset.draw !== d", arg=before)


def selectable(page) -> list[str]:
    return page.eval_on_selector_all("#board [data-select]", "els => els.map(e => e.getAttribute('data-select'))")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_phone_plays_every_game_by_touch_with_40px_targets(phone, site, name):
    gid = name.split("-2p")[0].removesuffix("-square7")
    options, taps = GAMES[name]
    page = phone
    page.goto(site + deal_link(gid, 5, fast=1, **options))
    rng = random.Random(name)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "not a touch screen"
    played = picked = 0
    chips_shot = False
    ARTIFACTS.mkdir(exist_ok=True)
    for _ in range(taps):
        if wait_phase(page, "your-turn", "over", timeout=120_000) == "over":
            break
        small = page.evaluate(TOO_SMALL, MIN_TAP)
        assert small == [], f"{name}: controls under {MIN_TAP} px or covered: {small}"
        if not chips_shot and page.locator("#board .btn[data-move]").count():   # for a person to look at
            chips_shot = True
            page.locator("#board .btn[data-move]").first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"touch-{name}-buttons.png"))
        ms, sel = moves(page), selectable(page)
        assert ms or sel, "your turn with nothing to tap"
        if sel and (not ms or set(ms) <= {"pass"} or rng.random() < 0.5):
            tap_select(page, rng.choice(sel))           # pick up a card: its targets now carry the moves
            picked += 1
            small = page.evaluate(TOO_SMALL, MIN_TAP)
            assert small == [], f"{name}: after picking up a card: {small}"
            ms = moves(page)
        move = rng.choice([m for m in ms if m != "pass"] or ms)
        before = int(page.get_attribute("#table", "data-moves"))
        tap_move(page, move)
        played += 1
        if move != "continue":
            page.wait_for_function("n => Number(document.querySelector('#table').dataset.moves) > n", arg=before)
    page.screenshot(path=str(ARTIFACTS / f"touch-{name}.png"))
    assert played >= 10, f"only {played} moves were played by touch"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


#: Every visible control of the start screen smaller than 40 px each way (a checkbox or a radio
#: button counts by its label).
SMALL_CONTROLS = """(min) => [...document.querySelectorAll(
      '#start button, #start select, #start input, #start a[role=button], #start .game a, '
      + '#start summary, #start label.file-button')]
  .filter(e => e.offsetParent !== null && e.type !== 'file')
  .map(e => [e, e.type === 'checkbox' || e.type === 'radio' ? e.closest('label') : e])
  .map(([e, t]) => [e, t.getBoundingClientRect()])
  .filter(([e, r]) => r.width < min || r.height < min)
  .map(([e, r]) => `${e.tagName.toLowerCase()} ${e.id || e.name || e.textContent.trim().slice(0, 30)}: `
                   + `${r.width.toFixed(0)} x ${r.height.toFixed(0)} px`)"""


def test_the_start_screen_controls_are_40px_targets_on_a_touch_phone(phone, site):
    phone.goto(site)
    phone.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    assert phone.locator("#start select").count() >= 5
    phone.evaluate("document.querySelectorAll('#start details').forEach(d => d.open = true)")  # every option shows
    small = phone.evaluate(SMALL_CONTROLS, MIN_TAP)
    assert small == [], small
    phone.wait_for_selector("#loading", state="hidden")
    phone.locator("#game-hermit").screenshot(path=str(ARTIFACTS / "touch-start-hermit.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
