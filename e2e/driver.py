"""Driving the page through its contract: #table[data-phase] and [data-move]."""

from __future__ import annotations

import random

PHASE = "#table"


def phase(page) -> str:
    return page.get_attribute(PHASE, "data-phase")


def wait_phase(page, *phases: str, timeout: float = 60_000) -> str:
    sel = ", ".join(f'#table[data-phase="{p}"]' for p in phases)
    page.wait_for_selector(sel, state="attached", timeout=timeout)
    return phase(page)


def moves(page) -> list[str]:
    return page.eval_on_selector_all("[data-move]", "els => els.map(e => e.getAttribute('data-move'))")


def click_move(page, move: str) -> None:
    """Click the element carrying ``move`` and wait until the page has redrawn."""
    before = page.get_attribute(PHASE, "data-draw")
    els = page.locator(f'[data-move="{move}"]')
    assert els.count() == 1, f"{els.count()} elements carry data-move={move!r}"
    els.click(timeout=10_000)
    page.wait_for_function("d => document.querySelector('#table').dataset.draw !== d", arg=before)


def play_to_end(page, seed: int = 0, max_clicks: int = 2000) -> dict[str, int]:
    """Click random legal moves (``pass`` only when nothing else) until the game is over.

    Returns counts: clicks, and continues (hand summaries passed).
    """
    rng = random.Random(seed)
    seen = {"clicks": 0, "continues": 0}
    for _ in range(max_clicks):
        if wait_phase(page, "your-turn", "over", timeout=120_000) == "over":
            return seen
        ms = moves(page)
        if not ms and page.locator("#board [data-select]").count():
            # every playable card fits several places: pick one up, its targets carry the moves
            before = page.get_attribute(PHASE, "data-draw")
            page.locator("#board [data-select]").nth(rng.randrange(page.locator("#board [data-select]").count())).click()
            page.wait_for_function("d => document.querySelector('#table').dataset.draw !== d", arg=before)
            ms = moves(page)
        assert ms, "your-turn with nothing to click"
        assert len(ms) == len(set(ms)), f"a move is on several elements: {ms}"
        move = rng.choice([m for m in ms if m != "pass"] or ms)
        click_move(page, move)
        seen["clicks"] += 1
        seen["continues"] += move == "continue"
    raise AssertionError(f"no end after {max_clicks} clicks")


#: The board's markup with each element's attributes sorted: the table is redrawn by
#: morphing, which may add an attribute to an element later than a fresh parse would.
CANON = """el => { const c = n => n.nodeType === 3 ? n.textContent : n.nodeType !== 1 ? '' :
  '<' + n.tagName + ' ' + [...n.attributes].map(a => a.name + '=' + a.value).sort().join(' ') + '>'
  + [...n.childNodes].map(c).join('') + '</' + n.tagName + '>'; return c(el); }"""


def board(page) -> str:
    """The table as markup, for comparing two tables."""
    return page.eval_on_selector("#board", CANON)
