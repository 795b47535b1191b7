"""The player features in a real Chromium: undo, hint, the game log, rules,
keyboard and ARIA, sharing, statistics, export/import, watch mode, and
screenshots of every table at phone and desktop widths.

Offline-routed and console-watched like every page test (conftest.py).
"""

from __future__ import annotations

import json
import pathlib

import pytest

from game import new_game
from game.decktet import CARDS, INDEX

from .driver import board, click_move, moves, play_to_end, wait_phase
from .test_page import deal_link

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"


def n_moves(page) -> int:
    return int(page.get_attribute("#table", "data-moves"))


def start_screen(page, site):
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')


def test_undo_goes_back_to_your_previous_decision_and_marks_the_game_assisted(page, site):
    page.goto(site + deal_link("hermit-stones", 4, fast=1, board="square5"))
    wait_phase(page, "your-turn")
    assert page.is_disabled("#undo")                       # nothing to undo yet
    click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    assert n_moves(page) == 4
    board_after_two = board(page)
    page.click("#undo")
    page.wait_for_function("() => document.querySelector('#table').dataset.moves === '2'")
    wait_phase(page, "your-turn")
    assert board(page) != board_after_two
    assert page.is_visible("#assisted")
    save = json.loads(page.evaluate("localStorage.getItem('hermitage.save.hermit-stones')"))
    assert len(save["moves"]) == 2 and set(save) == {"format", "game", "players", "seed", "options", "moves"}
    # The mark survives a reload of the same deal.
    page.reload()
    wait_phase(page, "your-turn")
    assert n_moves(page) == 2 and page.is_visible("#assisted")


def test_hint_highlights_a_legal_move_and_marks_the_game_assisted(page, site):
    page.goto(site + deal_link("ferret", 6, fast=1))
    wait_phase(page, "your-turn")
    assert not page.is_visible("#assisted")
    page.click("#hint")
    page.wait_for_selector("#board .suggested", state="attached")
    msg = page.inner_text("#message")
    assert msg.startswith("Hint: ") and "assisted" in msg
    el = page.locator("#board .suggested")
    assert el.count() == 1
    suggested = el.get_attribute("data-move") or el.get_attribute("data-select")
    assert suggested in moves(page) or page.locator(f'[data-select="{suggested}"]').count() == 1
    assert page.is_visible("#assisted")
    page.reload()                                   # still the same (assisted) deal, even at move 0
    wait_phase(page, "your-turn")
    assert page.is_visible("#assisted") and page.locator("#board .suggested").count() == 0


def test_the_game_log_tells_every_move_in_words_and_hides_open_commits(page, site):
    page.goto(site + deal_link("hermit", 9, players=3, fast=1))
    wait_phase(page, "your-turn")
    # The computer seats chose their starts first or not at all; none is shown before you choose.
    before = page.inner_text("#log")
    assert "starts a trick" not in before
    start = moves(page)[0]
    click_move(page, start)
    wait_phase(page, "your-turn")
    text = page.inner_text("#log")
    card = start.split(" ")[1]
    assert f"You start a trick with {CARDS[INDEX[card]].name}." in text
    # the others' choices stay "has chosen" lines; the reveal then shows every start at once
    assert "Rowan has chosen." in text and "Sable has chosen." in text
    assert f"The tricks start: You {CARDS[INDEX[card]].name}, Rowan " in text
    for _ in range(6):
        wait_phase(page, "your-turn")
        click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    lines = page.locator('#log li[data-kind="move"]').count()
    assert lines == n_moves(page)                                    # every move, not just the recent ones
    assert page.evaluate("(() => { const l = document.getElementById('log'); "
                         "return l.scrollHeight <= l.clientHeight + 1 || l.scrollTop > 0; })()")


def test_simultaneous_declarations_stay_hidden_until_all_have_declared(page, site):
    # Type Trump, simultaneous declaring: the computer seats left of the dealer may declare first.
    page.goto(site + deal_link("type-trump", 1, fast=1, players=4))
    wait_phase(page, "your-turn")
    text = page.inner_text("#log")
    assert "Declarations:" not in text              # a computer's suit never shows before you declare
    assert moves(page)[0].startswith("declare")
    click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    text = page.inner_text("#log")
    assert text.count("has chosen.") == 3 and text.count("Declarations: ") == 1


def test_rules_dialog_from_the_start_screen_and_the_table_is_text_only(page, site):
    start_screen(page, site)
    page.click('[data-action="rules"][data-game="hermits-whist"]')
    page.wait_for_selector("#rules-dialog[open]")
    body = page.inner_text("#rules-body")
    assert "Adam Telford" in body and "54 cards" in body
    assert page.eval_on_selector("#rules-body", "b => b.querySelectorAll('script, a, img, svg').length") == 0
    assert page.locator("#rules-body h3").count() >= 3
    page.click('[data-action="close-rules"]')
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    page.click('[data-action="credits"]')
    assert "P.D. Magnus" in page.inner_text("#rules-body")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    page.goto(site + deal_link("hermit-stones", 1, fast=1, board="square5"))
    wait_phase(page, "your-turn")
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert "Phil Leduc" in page.inner_text("#rules-body")


def test_keyboard_tab_reaches_legal_moves_and_aria_names_the_cards(page, site):
    page.goto(site + deal_link("type-trump", 3, fast=1, players=3))
    wait_phase(page, "your-turn")
    page.focus("#board")
    # Tab through the table: every focusable element there is a legal move (or a card leading to one).
    seen = []
    page.focus('#board [tabindex="0"]')
    for _ in range(40):
        info = page.evaluate("(() => { const e = document.activeElement; return e.closest('#board') ? "
                             "[e.getAttribute('data-move') || e.getAttribute('data-select'), "
                             "e.getAttribute('aria-label'), getComputedStyle(e).outlineStyle] : null; })()")
        if info is None:
            break
        seen.append(info)
        page.keyboard.press("Tab")
    legal = set(moves(page))
    assert seen and all(m in legal for m, _, _ in seen), seen
    assert len(seen) == len(legal)
    assert all(outline != "none" for _, _, outline in seen)        # visible focus
    # ARIA: cards are named with Card.label().
    lunatic = page.locator('[data-card="lunatic"]')
    if lunatic.count():
        assert lunatic.first.get_attribute("aria-label") == "the Lunatic, 6, Moons and Waves, Personality"
    labels = page.eval_on_selector_all("#board [data-card]", "els => els.map(e => e.getAttribute('aria-label'))")
    for cid, label in zip(page.eval_on_selector_all("#board [data-card]",
                                                    "els => els.map(e => e.dataset.card)"), labels):
        assert label == CARDS[INDEX[cid]].label()
    # Space plays the focused move; the live region announces the computer moves.
    page.focus('#board [data-move]')
    page.keyboard.press(" ")
    page.wait_for_function("() => document.getElementById('announce').textContent.length > 0")
    assert "Rowan" in page.inner_text("#announce") or "Sable" in page.inner_text("#announce")


def test_stones_cells_are_labelled_by_name_and_state(page, site):
    page.goto(site + deal_link("hermit-stones", 3, fast=1, board="square5"))
    wait_phase(page, "your-turn")
    click_move(page, "a1")
    wait_phase(page, "your-turn")
    assert page.get_attribute('[data-cell="a1"]', "aria-label") == "a1, your stone, group of 1"
    legal = moves(page)[0]
    assert page.get_attribute(f'[data-cell="{legal}"]', "aria-label") == f"{legal}, empty, you may place a stone here"


def test_share_copies_the_link_or_shows_it_in_a_field(new_page, site, browser):
    link = site + deal_link("ferret", 12, fast=1)
    # No clipboard: the link shows in a text field, selected.
    p = new_page()
    p.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined});")
    p.goto(link)
    wait_phase(p, "your-turn")
    p.click("#share")
    p.wait_for_selector("#share-box:not([hidden])")
    value = p.input_value("#share-field")
    assert value.startswith(site) and "seed=12" in value and "game=ferret" in value
    # With the clipboard: copied.
    q = new_page()
    q.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    q.goto(link)
    wait_phase(q, "your-turn")
    q.click("#share")
    q.wait_for_function("() => document.getElementById('message').textContent.includes('copied')")
    assert q.evaluate("navigator.clipboard.readText()") == value
    assert q.is_hidden("#share-box")


def test_statistics_are_recorded_at_game_over_and_shown_on_the_start_screen(new_page, site):
    page = new_page(viewport=(360, 740))          # a phone: the game-over dialog is screenshot too
    page.goto(site + deal_link("hermits-whist", 5, fast=1))
    play_to_end(page, seed=1)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "over-360x740.png"))
    box = page.locator("#overlay .dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    data = json.loads(page.evaluate("localStorage.getItem('hermitage.stats')"))
    g = data["games"]["hermits-whist"]
    assert g["played"] == 1 and g["assisted"] == 0
    page.reload()                                          # the finished game is not counted twice
    wait_phase(page, "over")
    assert json.loads(page.evaluate("localStorage.getItem('hermitage.stats')"))["games"]["hermits-whist"]["played"] == 1
    page.click('#overlay [data-action="new"]')
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    assert page.inner_text('[data-stats="hermits-whist"]').startswith("Played 1 · won ")
    assert page.inner_text('[data-stats="hermit"]') == "Not played yet."


def test_an_assisted_game_counts_separately(page, site):
    page.goto(site + deal_link("hermit-stones", 8, fast=1, board="square5"))
    wait_phase(page, "your-turn")
    click_move(page, moves(page)[0])
    wait_phase(page, "your-turn")
    page.click("#undo")
    page.wait_for_function("() => document.querySelector('#table').dataset.moves === '0'")
    play_to_end(page, seed=2)
    assert "assisted" in page.inner_text("#overlay")
    g = json.loads(page.evaluate("localStorage.getItem('hermitage.stats')"))["games"]["hermit-stones"]
    assert (g["played"], g["won"], g["assisted"], g["best"]) == (1, 0, 1, None)


def test_export_then_import_restores_saves_and_statistics_and_a_bad_file_changes_nothing(new_page, site, tmp_path):
    p = new_page()
    p.goto(site + deal_link("ferret", 21, fast=1))
    wait_phase(p, "your-turn")
    click_move(p, moves(p)[0])
    wait_phase(p, "your-turn")
    p.click("#hint")                # the deal is now assisted: the mark travels with its save
    p.wait_for_selector("#assisted:not([hidden])")
    stats = {"format": 1, "kind": "hermitage-stats", "games": {"ferret": {
        "played": 2, "won": 1, "assisted": 0, "best": 14, "streak": 1, "best_streak": 1, "recent": []}}}
    p.evaluate(f"localStorage.setItem('hermitage.stats', {json.dumps(json.dumps(stats))})")
    p.goto(site)
    p.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    with p.expect_download() as dl:
        p.click('[data-action="export"]')
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    assert dl.value.suggested_filename.startswith("hermitage-") and path.suffix == ".json"
    bundle = json.loads(path.read_text())
    assert bundle["kind"] == "hermitage-export" and "ferret" in bundle["saves"]
    assert bundle["assisted"] == ["ferret"]
    saved = p.evaluate("localStorage.getItem('hermitage.save.ferret')")

    q = new_page()                  # another browser: nothing saved
    q.goto(site)
    q.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "kind": "hermitage-export", "saves": {}, "stats": {"nope": 1}}')
    q.set_input_files("#import-file", str(bad))
    q.wait_for_function("() => document.getElementById('message').textContent.includes('nothing was changed')")
    assert q.evaluate("localStorage.getItem('hermitage.stats')") is None
    assert q.evaluate("localStorage.getItem('hermitage.save.ferret')") is None
    q.set_input_files("#import-file", str(path))
    q.wait_for_function("() => document.getElementById('message').textContent.includes('Imported 1 saved game')")
    assert q.evaluate("localStorage.getItem('hermitage.save.ferret')") == saved
    assert q.inner_text('[data-stats="ferret"]').startswith("Played 2 · won 1 · best score 14")
    q.click('[data-action="continue"][data-game="ferret"]')
    wait_phase(q, "your-turn")
    assert n_moves(q) == len(json.loads(saved)["moves"])
    assert q.is_visible("#assisted")     # still counts as assisted in the new browser


def test_watch_mode_plays_a_whole_game_with_every_seat_a_computer(page, site):
    page.goto(site + deal_link("hermit-stones", 5, board="square5") + "&watch=1&pace=0.1")
    wait_phase(page, "waiting")
    assert "Watching" in page.inner_text("#status")
    wait_phase(page, "over", timeout=120_000)
    assert "watch=1" in page.url
    log = page.inner_text("#log")
    assert "Ash places a stone" in log and "You " not in log     # seat 0 is a computer player too
    state = new_game("hermit-stones", seed=5, options={"board": "square5"})
    assert n_moves(page) >= state.players           # both seats moved without a click
    assert page.locator('#log li[data-kind="move"]').count() == n_moves(page)
    assert page.evaluate("localStorage.getItem('hermitage.save.hermit-stones')") is None   # nothing saved
    assert page.evaluate("localStorage.getItem('hermitage.stats')") is None               # nor counted


SHOTS = {"hermit": {"players": 4}, "type-trump": {"players": 4}, "ferret": {},
         "hermits-whist": {}, "hermit-stones": {}}


@pytest.mark.parametrize("size", [(360, 740), (1280, 900)], ids=["phone", "desktop"])
def test_screenshots_of_every_table(new_page, site, size):
    """Saved to e2e/artifacts/ for a person to look at; the page must not scroll sideways."""
    ARTIFACTS.mkdir(exist_ok=True)
    p = new_page(viewport=size)
    for gid, extra in SHOTS.items():
        p.goto(site + deal_link(gid, 17, fast=1, **extra))
        wait_phase(p, "your-turn")
        if gid in ("ferret", "hermit-stones", "hermits-whist"):   # a few moves in
            for _ in range(2):
                click_move(p, [m for m in moves(p) if m != "pass"][0])
                wait_phase(p, "your-turn")
        p.wait_for_selector("#loading", state="hidden")
        p.screenshot(path=str(ARTIFACTS / f"{gid}-{size[0]}x{size[1]}.png"), full_page=True)
        assert p.evaluate("document.documentElement.scrollWidth") <= size[0], gid
        small = p.evaluate("""[...document.querySelectorAll('.tools button, .tools a')]
            .map(e => e.getBoundingClientRect()).filter(r => r.width && (r.height < 40 || r.width < 40)).length""")
        assert small == 0
        tiny = p.evaluate("""[...document.querySelectorAll('#board .card[data-move], #board .card[data-select]')]
            .map(e => e.getBoundingClientRect()).filter(r => r.width < 40).length""")
        assert tiny == 0, f"{gid}: {tiny} playable cards narrower than 40 px"
    p.goto(site)
    p.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    p.wait_for_selector("#loading", state="hidden")
    p.screenshot(path=str(ARTIFACTS / f"start-{size[0]}x{size[1]}.png"), full_page=True)
    assert p.evaluate("document.documentElement.scrollWidth") <= size[0]
    # the import button reads as one button on one line (the browser's own file
    # control inside it once wrapped it to three lines on a phone)
    assert p.locator(".file-button").bounding_box()["height"] < 50
    p.click('[data-action="rules"][data-game="hermit"]')
    p.wait_for_selector("#rules-dialog[open]")
    p.screenshot(path=str(ARTIFACTS / f"rules-{size[0]}x{size[1]}.png"))
    box = p.locator("#rules-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0]


def test_the_start_screen_starts_watch_mode_at_the_chosen_pace(page, site):
    start_screen(page, site)
    page.click("#settings summary")                  # the settings panel opens
    page.select_option("#pace", "0.3")
    page.keyboard.press("Escape")                    # the panel lies over the list: Escape closes it
    assert page.is_hidden("#settings .settings-body")
    page.click("#settings summary")
    page.mouse.click(5, 400)                         # and so does a press outside it
    assert page.is_hidden("#settings .settings-body")
    page.click('[data-action="watch"][data-game="ferret"]')
    page.wait_for_function("() => document.querySelector('#table').dataset.moves !== '0'")
    assert "watch=1" in page.url and "pace=0.3" in page.url
    assert page.is_hidden("#undo") and page.is_hidden("#hint")
    assert page.locator("#board [data-move]").count() == 0          # nothing for the watcher to play
    page.click('[data-action="new"]')
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    assert json.loads(page.evaluate("localStorage.getItem('hermitage.settings')"))["pace"] == 0.3
