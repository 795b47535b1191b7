"""The browser suite's own harness: a renderer crash is named as one, so only it is rerun;
a browser that died is launched again.

Chromium's renderer sometimes dies under Pyodide (e2e/conftest.py, ``CRASHES``).  On
2026-11-29 one crash surfaced in a navigation as "net::ERR_ABORTED; maybe frame was
detached?", which the rerun filter did not match, and a full run failed on it.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from .conftest import CRASHES, RECOVERIES, PageCrashed, page_crashed, pytest_pyfunc_call


def crash(page) -> None:
    """Kill the renderer under ``page`` (Chromium's own crash page)."""
    try:
        page.goto("chrome://crash", timeout=10_000)
    except Exception:
        pass   # the navigation fails with the renderer: that is the point


def test_a_crashed_renderer_is_told_from_a_live_page(new_page):
    live, dead = new_page(), new_page()
    crash(dead)
    assert page_crashed(dead)
    assert not page_crashed(live)


def test_a_failure_after_a_crash_is_rerun_and_one_without_is_not(new_page):
    live, dead = new_page(), new_page()
    crash(dead)
    aborted = RuntimeError("Page.goto: net::ERR_ABORTED; maybe frame was detached?")

    hook = pytest_pyfunc_call(SimpleNamespace(hermitage_pages=[(live, []), (dead, [])]))
    next(hook)
    with pytest.raises(PageCrashed) as raised:
        hook.throw(aborted)
    assert raised.value.__cause__ is aborted
    named = f"{type(raised.value).__name__}: {raised.value}"
    assert any(re.search(c, named) for c in CRASHES)     # what pytest-rerunfailures matches

    hook = pytest_pyfunc_call(SimpleNamespace(hermitage_pages=[(live, [])]))
    next(hook)
    with pytest.raises(RuntimeError) as raised_plain:
        hook.throw(aborted)
    assert raised_plain.value is aborted
    assert not any(re.search(c, f"RuntimeError: {aborted}") for c in CRASHES)


def test_a_browser_that_died_is_launched_again_and_the_test_under_it_is_rerun(chromium):
    """On 2026-12-06 the whole of Chromium died in a full run, and every later browser test
    failed on the dead browser.  Closing it is what the run sees when its process dies."""
    dead = chromium.get("first")
    page = dead.new_page()
    dead.close()
    assert page_crashed(page)          # the failing test is named a crash, so it is rerun
    live = chromium.get("next")
    assert live is not dead and live.is_connected()
    assert ("next", "Chromium had died; it was launched again") in RECOVERIES
    fresh = live.new_page()
    assert fresh.evaluate("1 + 1") == 2
    assert not page_crashed(fresh)
    fresh.close()
