"""The start-up path in a real Chromium (static/js/pyodide-boot.mjs): a returning visit
starts from the memory snapshot made in a worker after the first one, and plays exactly as
a fresh start does; a bad, stale or failing snapshot is dropped and never blocks the game;
"hermitage.snapshot" = "off" turns snapshots off.  The snapshot's constraints in Node:
e2e/test_snapshot.py; the load figures: e2e/test_budget.py."""

from __future__ import annotations

import pytest

from game import GAMES

from .driver import click_move, moves, play_to_end, wait_phase
from .test_page import deal_link

STORED = "() => { const s = window.hermitageBoot.snapshot; return s && s.finished && s.state; }"
MODE = "() => window.hermitageBoot.mode"
WASM = "() => window.hermitageBoot.wasm"
WASM_PRELOADED = "() => !!document.querySelector('link[rel=preload][href$=\"pyodide.asm.wasm\"]')"
# The page hears the reader's compiled wasm as null, as where a browser cannot pass it over.
NO_COMPILED_WASM = """
const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data");
Object.defineProperty(MessageEvent.prototype, "data", {get() {
  const value = data.get.call(this);
  return value && value.module ? {module: null} : value;
}});
"""
CACHED = "async () => (await caches.keys()).filter(k => k.startsWith('hermitage-snapshot '))"
SNAPSHOTS_OFF = "try { localStorage.setItem('hermitage.snapshot', 'off'); } catch (e) {}"


def first_visit(page, site) -> dict:
    """Open the start screen, then wait until the snapshot is made and stored."""
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    assert page.evaluate(MODE) == "fresh"
    assert page.evaluate(WASM_PRELOADED)       # a first visit: Python needs the wasm first
    page.wait_for_function(STORED, timeout=120_000)
    snapshot = page.evaluate("() => window.hermitageBoot.snapshot")
    assert snapshot["state"] == "stored", snapshot
    return snapshot


def watch_log(page, site, gid: str) -> str:
    page.goto(site + deal_link(gid, 8, level="easy") + "&watch=1&pace=0.1")
    wait_phase(page, "over", timeout=120_000)
    return page.inner_text("#log")


def test_a_returning_visit_starts_from_the_snapshot_and_every_game_and_dialog_works(page, site):
    snapshot = first_visit(page, site)
    assert snapshot["raw"] > snapshot["compressed"] > 0
    for gid in GAMES:
        page.goto(site + deal_link(gid, 21, fast=1, level="easy"))
        wait_phase(page, "your-turn")
        assert page.evaluate(MODE) == "snapshot", gid
        assert page.evaluate(WASM) == "worker", gid      # compiled by the snapshot's reader
        assert not page.evaluate(WASM_PRELOADED), gid    # so the page never downloads it
        click_move(page, moves(page)[0])
        wait_phase(page, "your-turn", "over")
    page.click("#hint")
    page.wait_for_selector("#board .suggested", state="attached")
    page.click("#rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert "Hermit" in page.inner_text("#rules-body")
    page.keyboard.press("Escape")
    page.goto(site + deal_link("hermit-stones", 3, fast=1, level="easy", board="square5"))
    assert play_to_end(page, seed=2)["clicks"] > 0
    assert page.evaluate(MODE) == "snapshot"
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    page.click('[data-action="credits"]')
    page.wait_for_selector("#rules-dialog[open]")


@pytest.mark.parametrize("gid", ["ferret", "hermit-stones"])
def test_the_computer_plays_the_same_moves_from_a_snapshot_as_from_a_fresh_start(new_page, site, gid):
    fresh = new_page()
    fresh.add_init_script(SNAPSHOTS_OFF)
    expected = watch_log(fresh, site, gid)
    assert fresh.evaluate(MODE) == "fresh"
    page = new_page()
    first_visit(page, site)
    assert watch_log(page, site, gid) == expected
    assert page.evaluate(MODE) == "snapshot"


def test_without_the_readers_compiled_wasm_the_page_compiles_it_and_restores(new_page, site):
    page = new_page()
    first_visit(page, site)
    page.add_init_script(NO_COMPILED_WASM)
    page.goto(site + deal_link("ferret", 4, fast=1))
    wait_phase(page, "your-turn")
    assert page.evaluate(MODE) == "snapshot"
    assert page.evaluate(WASM) == "page"
    click_move(page, moves(page)[0])
    wait_phase(page, "your-turn", "over")


def test_a_corrupt_snapshot_is_dropped_and_python_starts_normally(new_page, site):
    page = new_page()
    first_visit(page, site)
    [name] = page.evaluate(CACHED)
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        await cache.put(request, new Response(new Uint8Array([31, 139, 8, 0, 1, 2, 3])));
    }""", name)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(site + deal_link("ferret", 4, fast=1))
    wait_phase(page, "your-turn")
    assert page.evaluate(MODE) == "fresh"
    assert page.evaluate("() => window.hermitageBoot.problem")
    assert any("snapshot did not load" in w for w in warnings), warnings
    assert page.evaluate(CACHED) == []                             # dropped
    click_move(page, moves(page)[0])                               # and the game plays
    # This build's snapshot failed once: no new one is made for it.
    page.wait_for_timeout(3000)
    assert page.evaluate("() => window.hermitageBoot.snapshot") is None
    assert page.evaluate("localStorage.getItem('hermitage.snapshot.bad')") == page.evaluate(
        "() => window.hermitageBoot.key")


def test_a_snapshot_of_another_deploy_is_never_restored_and_is_deleted(new_page, site):
    page = new_page()
    first_visit(page, site)
    [name] = page.evaluate(CACHED)
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const stale = request.url.replace(/__snapshot__\\/[0-9a-f]+$/, "__snapshot__/0123456789abcdef");
        await cache.put(stale, await cache.match(request));
        await cache.delete(request);
    }""", name)
    page.goto(site + deal_link("hermit", 5, fast=1))
    wait_phase(page, "your-turn")
    assert page.evaluate(MODE) == "fresh"
    keys = page.evaluate(f"async () => (await (await caches.open({name!r})).keys()).map(r => r.url)")
    assert not any(k.endswith("0123456789abcdef") for k in keys)


def test_a_snapshot_whose_starts_twice_never_reached_the_table_is_not_made_again(new_page, site):
    page = new_page()
    first_visit(page, site)
    key = page.evaluate("() => window.hermitageBoot.key")
    for attempt in (1, 2):
        page.evaluate(f"localStorage.setItem('hermitage.snapshot.pending', {key!r})")   # as if it had hung
        page.goto(site + deal_link("ferret", 4, fast=1))
        wait_phase(page, "your-turn")
        assert page.evaluate(MODE) == "fresh"
        assert "did not reach the table" in page.evaluate("() => window.hermitageBoot.problem")
        assert page.evaluate(CACHED) == []
        if attempt == 1:              # the tab may have been closed: a new snapshot is made
            page.wait_for_function(STORED, timeout=120_000)
            assert page.evaluate(CACHED) != []
    page.wait_for_timeout(3000)       # the second time, none
    assert page.evaluate("() => window.hermitageBoot.snapshot") is None
    assert page.evaluate("localStorage.getItem('hermitage.snapshot.bad')") == key


def test_snapshots_can_be_turned_off(new_page, site):
    page = new_page()
    page.add_init_script(SNAPSHOTS_OFF)
    page.goto(site + deal_link("ferret", 4, fast=1))
    wait_phase(page, "your-turn")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_timeout(3000)
    assert page.evaluate("() => window.hermitageBoot.snapshot") is None
    assert page.evaluate(CACHED) == []
    page.reload()
    wait_phase(page, "your-turn")
    assert page.evaluate(MODE) == "fresh"


# In the page's Python: is PyScript's package still unrun (a lazy module), and then, once
# something is looked up in it, does it work?
PYSCRIPT_PACKAGE = """async () => {
  const boot = await import("./static/js/pyodide-boot.mjs");
  const py = await boot.loadPyodide({stdout: console.log, stderr: console.warn});
  return py.runPython(`
import sys
_before = type(sys.modules["pyscript"]).__name__
import pyscript
_title = str(pyscript.document.title)
[_before, type(sys.modules["pyscript"]).__name__, _title, pyscript.RUNNING_IN_WORKER]
`).toJs();
}"""


@pytest.mark.parametrize("snapshots", [False, True])
def test_pyscripts_own_package_is_imported_lazily_and_still_works(new_page, site, snapshots):
    """PyScript imports its Python package before the page's script; the page does not use it,
    so it runs only when first used (scripts/stdlib_guard.py, class Lazy)."""
    p = new_page()
    if snapshots:
        first_visit(p, site)
    else:
        p.add_init_script(SNAPSHOTS_OFF)
    p.goto(site + deal_link("ferret", 4, fast=1, level="easy"))
    wait_phase(p, "your-turn")
    assert p.evaluate(MODE) == ("snapshot" if snapshots else "fresh")
    before, after, title, in_worker = p.evaluate(PYSCRIPT_PACKAGE)
    assert before == "_LazyModule"           # imported by PyScript, not yet run
    assert after == "module"                 # run at the first look-up
    assert title == p.title() and "Ferret" in title
    assert in_worker is False
    click_move(p, moves(p)[0])               # and the game goes on
    wait_phase(p, "your-turn", "over")
