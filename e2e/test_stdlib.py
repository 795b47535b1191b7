"""The trimmed standard library on the page (static/vendor/stdlib.zip, scripts/boot_files.py).

A session that opens every game's table, a hint, the rules and credits dialogs, the share
box, exports the saves and plays a game to the end, each page started fresh (no snapshot, so what is loaded is
what the page imported): every standard-library module it loaded must be in
scripts/stdlib_recorded.txt, the recorded list the zip is built from (a missing module
would already have failed the test: the page names it in an error).  With
HERMITAGE_RECORD_STDLIB=1 the test rewrites that list instead of failing on it.
"""

from __future__ import annotations

import os
import pathlib

from .driver import play_to_end, wait_phase
from .test_boot import SNAPSHOTS_OFF
from .test_page import deal_link

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORDED = ROOT / "scripts" / "stdlib_recorded.txt"
MODULES = "() => window.hermitageBoot.modules()"


def test_every_module_a_session_imports_is_in_the_recorded_list(new_page, site):
    page = new_page()
    page.add_init_script(SNAPSHOTS_OFF)
    seen: set[str] = set()
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    page.click('[data-action="credits"]')
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")
    with page.expect_download():
        page.click('[data-action="export"]')
    seen |= set(page.evaluate(MODULES))
    for gid in ("hermit", "type-trump", "ferret", "hermits-whist", "hermit-stones"):
        page.goto(site + deal_link(gid, 11, fast=1, level="easy"))
        wait_phase(page, "your-turn")
        assert page.evaluate("() => window.hermitageBoot.mode") == "fresh"
        page.click("#hint")
        page.wait_for_selector("#board .suggested", state="attached")
        page.click("#rules")
        page.wait_for_selector("#rules-dialog[open]")
        page.keyboard.press("Escape")
        page.click("#share")
        page.wait_for_function("() => !document.getElementById('share-box').hidden"
                               " || document.getElementById('message').textContent.includes('copied')")
        seen |= set(page.evaluate(MODULES))
    page.goto(site + deal_link("hermit-stones", 3, fast=1, level="easy", board="square5"))
    play_to_end(page, seed=1)
    seen |= set(page.evaluate(MODULES))
    assert "asyncio" in seen and "json" in seen and "_hermitage_stdlib" in seen
    seen.discard("_hermitage_stdlib")                    # ours, always in the zip
    lines = RECORDED.read_text().splitlines()
    header = [line for line in lines if line.startswith("#")]
    recorded = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    if os.environ.get("HERMITAGE_RECORD_STDLIB") == "1":
        RECORDED.write_text("\n".join(header + sorted(seen)) + "\n")
        return
    new = sorted(seen - recorded)
    assert not new, (f"the page imported standard-library modules that {RECORDED.name} does not list: {new}; "
                     "rerun this test with HERMITAGE_RECORD_STDLIB=1 and scripts/vendor.sh")
    print(f"\n{len(seen)} standard-library modules imported in the session; {len(recorded)} recorded")
