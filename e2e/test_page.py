"""The page in a real Chromium, through the page contract (DESIGN.md).

Every test here also fails on a request leaving the origin or a console error
(see conftest.py).  Games are played against the easy AI with ``fast=1``
(no pacing) and, where a whole game is long, options that shorten it.
"""

from __future__ import annotations

import json
import statistics
import time

import pytest

from game import GAMES, new_game
from game.ui import params

from .driver import board, click_move, moves, phase, play_to_end, wait_phase

#: Options that shorten a game for the test budget (only those the game declares are used).
SHORT = {
    "hermit": {"players": 3, "target": 67},     # above the 66 points of one hand: at least two hands
    "type-trump": {"players": 3, "rounds": 1},
    "ferret": {},
    "hermits-whist": {},
    "hermit-stones": {"board": "square5"},
}


def deal_link(gid: str, seed: int, **extra) -> str:
    cls = GAMES[gid]
    known = {o.name for o in cls.OPTIONS}
    q = {"game": gid, "seed": seed}
    for k, v in {**SHORT.get(gid, {}), **extra}.items():
        if k in known or k in ("players", "fast", "level"):
            q[k] = v
    # Keep only option values the engine accepts (a shortening option may not exist on every branch).
    try:
        params.parse_query("?" + "&".join(f"{k}={v}" for k, v in q.items()))
    except ValueError:
        q = {k: v for k, v in q.items() if k in ("game", "seed", "players", "fast", "level")}
    return "?" + "&".join(f"{k}={v}" for k, v in q.items())


@pytest.mark.parametrize("gid", list(GAMES))
def test_play_each_game_to_the_end_against_easy_ai(page, site, gid):
    page.goto(site + deal_link(gid, 11, fast=1, level="easy"))
    t0 = time.time()
    seen = play_to_end(page, seed=3)
    assert phase(page) == "over"
    assert "Game over" in page.inner_text("#overlay")
    assert page.locator('#overlay [data-action="rematch"]').count() == 1
    rounds = int(page.inner_text("#scores caption").split()[-1])
    assert seen["continues"] == rounds - 1, (seen, rounds)      # one summary between hands
    if gid == "hermit":
        assert rounds >= 2, "the hermit deal should pass through a hand summary"
    print(f"\n{gid}: played to the end in {seen['clicks']} clicks over {rounds} round(s), "
          f"{time.time() - t0:.1f} s")


def test_a_click_that_is_not_legal_explains_why(page, site):
    page.goto(site + deal_link("hermit-stones", 2, fast=1, board="square7"))
    wait_phase(page, "your-turn")
    page.click('[data-cell="d4"]')            # "the first stone of the game may not go on the centre"
    assert "centre" in page.inner_text("#message").lower()
    assert page.get_attribute("#table", "data-moves") == "0"


def test_reload_mid_game_resumes_the_same_position(page, site):
    page.goto(site + deal_link("hermit", 5, fast=1))
    for _ in range(3):
        wait_phase(page, "your-turn")
        click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    shown, n = board(page), page.get_attribute("#table", "data-moves")
    assert int(n) >= 3
    page.reload()
    wait_phase(page, "your-turn")
    assert page.get_attribute("#table", "data-moves") == n
    assert board(page) == shown
    save = json.loads(page.evaluate("localStorage.getItem('hermitage.save.hermit')"))
    assert save["format"] == 1 and len(save["moves"]) == int(n)
    assert set(save) == {"format", "game", "players", "seed", "options", "moves"}
    # The bare page offers to continue it.
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    page.click('[data-action="continue"][data-game="hermit"]')
    wait_phase(page, "your-turn")
    assert page.get_attribute("#table", "data-moves") == n and board(page) == shown


def test_corrupt_save_is_kept_aside_with_a_message(page, site):
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    page.evaluate("localStorage.setItem('hermitage.save.hermit', '{\"format\": 1, \"game\": \"hermit\", "
                  "\"moves\": [[0, \"no such move\"]]}')")
    page.reload()
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    msg = page.inner_text("#message")
    assert "could not be restored" in msg and "hermitage.backup.hermit" in msg
    assert page.evaluate("localStorage.getItem('hermitage.save.hermit')") is None
    assert "no such move" in page.evaluate("localStorage.getItem('hermitage.backup.hermit')")
    assert page.locator('[data-action="continue"][data-game="hermit"]').is_hidden()   # nothing to continue


def test_share_link_reproduces_the_deal(new_page, site):
    link = site + deal_link("hermit", 42, players=4)
    boards = []
    for _ in range(2):
        p = new_page()              # a fresh context: nothing saved
        p.goto(link)
        wait_phase(p, "your-turn")
        boards.append(board(p))
        drawn = moves(p)
        share = p.get_attribute("#share", "href")
    assert boards[0] == boards[1]
    assert "seed=42" in share and "players=4" in share
    hand = new_game("hermit", players=4, seed=42).view(0)["hand"]
    assert sorted(drawn) == sorted(f"start {c}" for c in hand)
    other = new_page()
    other.goto(site + deal_link("hermit", 43, players=4))
    wait_phase(other, "your-turn")
    assert board(other) != boards[0]


def test_bad_parameters_give_a_notice_in_words_a_clean_address_and_a_way_to_the_list(page, site):
    for query, words in (("?game=hermit&players=9", "This link asks for 9 players; Hermit takes 2 to 5."),
                         ("?game=nope", "This link asks for a game called “nope”"),
                         ("?game=hermit&target=x", "Hermit's target can be a whole number from 1 to 200"),
                         ("?game=hermit&colour=red", "which Hermit does not have")):
        page.goto(site + query)
        page.wait_for_selector("#notice:not([hidden])")
        assert words in page.inner_text("#notice-text"), query
        assert page.url == site, query                    # the address bar is cleaned
        assert page.is_hidden("#start") and page.is_hidden("#play")
    page.click('#notice [data-action="list"]')
    page.wait_for_selector("#start:not([hidden])")
    assert page.locator("#games section.game").count() == 5 and page.url == site


def test_start_screen_lists_all_five_games_and_starts_one(page, site):
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    assert page.locator("#games section.game").count() == 5
    assert page.locator("#games section.game.soon").count() == 5 - len(GAMES)
    page.click('form[data-game="hermit"] .players label:has(input[value="3"])')
    page.click('form[data-game="hermit"] .options summary')
    page.fill('form[data-game="hermit"] input[name="target"]', "20")
    page.click('[data-action="new-deal"][data-game="hermit"]')
    wait_phase(page, "your-turn")
    assert "players=3" in page.url and "target=20" in page.url


def test_load_time_bytes_and_longest_task_while_the_ai_thinks(new_page, site):
    times, sizes = [], []
    for i in range(3):
        p = new_page()
        t0 = time.perf_counter()
        p.goto(site + deal_link("hermit", 100 + i, players=4))
        wait_phase(p, "your-turn")
        times.append(time.perf_counter() - t0)
        sizes.append(p.evaluate("""() => performance.getEntriesByType('navigation').concat(
            performance.getEntriesByType('resource')).reduce((a, e) => a + (e.transferSize || e.encodedBodySize || 0), 0)"""))
    # Pacing on: the computer players think (the indicator shows) while we watch the main thread.
    p = new_page()
    p.goto(site + deal_link("hermit", 7, players=4, level="normal"))
    for _ in range(4):
        wait_phase(p, "your-turn", timeout=120_000)
        before = int(p.get_attribute("#table", "data-moves"))
        click_move(p, moves(p)[0])
        # the thinking indicator, unless the move gave the turn straight back (a time-bounded
        # search makes the computer's earlier moves, and so the deal's course, vary)
        p.wait_for_function("""(before) => document.querySelector('.plate.thinking .spinner') || (
            document.getElementById('table').dataset.phase === 'your-turn'
            && Number(document.getElementById('table').dataset.moves) > before)""", arg=before)
    wait_phase(p, "your-turn", timeout=120_000)
    tasks = p.evaluate("window.__longtasks")
    phases = p.evaluate("window.__phases")
    waiting = [(t, phases[i + 1][0] if i + 1 < len(phases) else float("inf"))
               for i, (t, ph) in enumerate(phases) if ph == "waiting"]
    during = [d for s, d in tasks if any(a <= s < b for a, b in waiting)]
    longest = max(during, default=0.0)
    print(f"\nload time (navigation to first your-turn), median of 3: {statistics.median(times):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in times)})")
    print(f"bytes transferred per load: {statistics.median(sizes) / 1e6:.2f} MB")
    print(f"longest AI search slice (Python-side timing, level normal): "
          f"{p.get_attribute('#table', 'data-longest-slice-ms')} ms")
    print(f"longest main-thread task while the AI thinks: "
          f"{f'{longest:.0f} ms' if during else 'none over 50 ms (the longtask threshold)'}; "
          f"waiting spans: {len(waiting)}")
    assert len(waiting) >= 3
    # Measured and reported, never asserted: wall-clock limits flake on a busy machine
    # (the team's rule). The search itself runs in 30 ms slices between browser tasks.
    assert p.get_attribute("#table", "data-longest-slice-ms") is not None


# In the page's Python: the next asyncio.sleep() (a search's pause between slices) never
# wakes, not even for cancel(): a lost wake-up, as Chromium once gave us.
LOSE_A_WAKE_UP = """async () => {
  const boot = await import("./static/js/pyodide-boot.mjs");
  const py = await boot.loadPyodide({stdout: console.log, stderr: console.warn});
  py.runPython(`
import asyncio
_real_sleep = asyncio.sleep
async def _lost(delay, result=None):
    asyncio.sleep = _real_sleep
    loop = asyncio.get_event_loop()
    while True:
        try:
            await loop.create_future()
        except asyncio.CancelledError:
            pass
asyncio.sleep = _lost
`);
}"""


def test_a_search_that_stalls_is_started_again_and_the_game_goes_on(new_page, site):
    """Once in CI (and here in 6 of about 130 runs of a 4-player Hermit deal with one core kept
    busy, all six within half an hour) the wake-up of a computer player's search never came
    and the table said "thinking" forever. The page restarts a search
    that makes no progress for 5 s (Controller.rescue): the game comes back to you."""
    p = new_page()
    warnings = []
    p.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    p.goto(site + deal_link("hermit", 7, players=4, level="normal"))
    wait_phase(p, "your-turn")
    p.evaluate(LOSE_A_WAKE_UP)
    click_move(p, moves(p)[0])
    wait_phase(p, "your-turn", timeout=60_000)
    assert p.get_attribute("#table", "data-rescues") == "1"
    assert any("search had stalled; it was started again" in w for w in warnings), warnings
    assert p.evaluate("document.querySelector('#message').hidden")      # nothing alarming shown


def test_a_hint_whose_search_stalls_is_started_again_and_still_comes(new_page, site):
    """The hint searches in slices like a computer player, so a lost wake-up could leave it
    (and the Hint button, busy) hanging forever: in a full test run the hint once never came.
    The page restarts the hint's search too after 5 s without progress."""
    p = new_page()
    warnings = []
    p.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    p.goto(site + deal_link("ferret", 6, fast=1))
    wait_phase(p, "your-turn")
    p.evaluate(LOSE_A_WAKE_UP)
    p.click("#hint")
    p.wait_for_selector("#board .suggested", state="attached", timeout=60_000)
    assert p.inner_text("#message").startswith("Hint: ")
    assert any("the hint's search had stalled; it was started again (1 so far)" in w for w in warnings), warnings
    assert p.get_attribute("#hint", "aria-busy") is None


# In the page's Python: for 0.3 s from a click on ``move``, every zero-delay callback
# Pyodide's event loop hands the browser is dropped (the message never comes), as Chromium
# under load once did.  Returns how many were dropped.
LOSE_MESSAGES_ON_CLICK = """async (move) => {
  const boot = await import("./static/js/pyodide-boot.mjs");
  const py = await boot.loadPyodide({stdout: console.log, stderr: console.warn});
  py.runPython(`
import time
import pyodide.webloop as _webloop
_schedule = _webloop.scheduleCallback
_until = time.perf_counter() + 0.3
_dropped = 0
def _lossy(callback, ms):
    global _dropped
    if ms != 0 or time.perf_counter() > _until:
        return _schedule(callback, ms)
    _dropped += 1
_webloop.scheduleCallback = _lossy
`);
  document.querySelector(`#board [data-move="${move}"]`).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  await new Promise(done => setTimeout(done, 400));
  return py.runPython("_webloop.scheduleCallback = _schedule; _dropped");
}"""


def test_wake_ups_the_browser_never_delivers_are_run_by_the_clock_tick(new_page, site):
    """A task's wake-up is a message the browser is asked to deliver; in CI one never came
    and a hint (another time the table) waited forever.  The page's clock tick runs the
    wake-ups still undelivered after half a second (game.ui.wakeups): here all of those
    your move set off in its first 0.3 s, so the computer players still answer."""
    p = new_page()
    warnings = []
    p.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    p.goto(site + deal_link("hermit", 7, players=4, level="easy", fast=1))
    wait_phase(p, "your-turn")
    dropped = p.evaluate(LOSE_MESSAGES_ON_CLICK, moves(p)[0])
    assert dropped >= 1
    p.wait_for_function("() => +document.querySelector('#table').dataset.moves >= 4", timeout=30_000)
    wait_phase(p, "your-turn", timeout=30_000)
    assert int(p.get_attribute("#table", "data-swept") or 0) >= dropped
    assert any("the browser had not delivered were run by the clock tick" in w for w in warnings), warnings
    assert p.get_attribute("#table", "data-rescues") is None          # nothing had to start again


BREAK_THE_SEARCH = """async () => {
  const boot = await import("./static/js/pyodide-boot.mjs");
  const py = await boot.loadPyodide({stdout: console.log, stderr: console.warn});
  py.runPython(`
import game.ui.app
def _broken(*args, **kwargs):
    raise RuntimeError("a search that fails, on purpose")
game.ui.app.start_search = _broken
`);
}"""


def test_a_hint_whose_search_fails_says_so_and_leaves_the_button_usable(new_page, site):
    """A button's background work (a hint, a share) that raises is reported in the console
    and to the player, never lost silently with the Hint button left busy."""
    p = new_page()
    p.goto(site + deal_link("ferret", 6, fast=1))
    wait_phase(p, "your-turn")
    p.evaluate(BREAK_THE_SEARCH)
    p.click("#hint")
    p.wait_for_selector("#message:not([hidden])")
    p.wait_for_function("() => document.querySelector('#message').textContent.startsWith('Something went wrong')")
    assert p.get_attribute("#hint", "aria-busy") is None
    assert p.locator("#board .suggested").count() == 0
    errors = new_page.watch.errors
    assert any("a search that fails, on purpose" in e for e in errors), errors
    errors.clear()                                  # provoked on purpose


def test_a_move_can_be_played_from_the_keyboard(page, site):
    page.goto(site + deal_link("hermit", 2, players=3, fast=1))
    wait_phase(page, "your-turn")
    page.focus("#board [data-move]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#table').dataset.moves !== '0'")  # a function: the CSP forbids eval
    wait_phase(page, "your-turn")
    assert int(page.get_attribute("#table", "data-moves")) >= 3        # you and both computer players
    assert page.evaluate("document.activeElement.closest('#board') !== null")   # focus stays on the table
