"""Browser fixtures: the checkout served on a free 127.0.0.1 port, Chromium via Playwright.

Every request that does not go to that origin is aborted and fails the test;
so does any console error or uncaught page error.  Debian's /usr/bin/chromium
is used when present (Playwright cannot download its own browser here);
elsewhere Playwright's own Chromium.
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import subprocess
import sys
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Records long main-thread tasks and every change of #table's data-phase, with times.
INIT_SCRIPT = """
window.__longtasks = []; window.__phases = [];
try {
  new PerformanceObserver(l => l.getEntries().forEach(e => __longtasks.push([e.startTime, e.duration])))
    .observe({type: 'longtask', buffered: true});
} catch (e) {}
document.addEventListener('DOMContentLoaded', () => {
  const t = document.getElementById('table');
  if (!t) return;
  __phases.push([performance.now(), t.dataset.phase]);
  new MutationObserver(() => {
    const p = t.dataset.phase;
    if (__phases[__phases.length - 1][1] !== p) __phases.push([performance.now(), p]);
  }).observe(t, {attributes: true, attributeFilter: ['data-phase']});
});
"""


#: Chromium's renderer sometimes dies under Pyodide (SIGSEGV with wasm, about once per full
#: run here): a test whose page crashed is run again; any assertion or timeout fails at once.
CRASHES = ["Page crashed", "Target crashed"]


class PageCrashed(Exception):
    """A browser test failed and Chromium's renderer had crashed under one of its pages.

    The crash does not always surface as "Target crashed": a navigation under way fails
    with "net::ERR_ABORTED; maybe frame was detached?" instead.  So the failure is named
    by what happened to the page, and ``CRASHES`` above matches it for a rerun."""


def page_crashed(page) -> bool:
    """Whether Chromium died under ``page``: its renderer, or the whole browser (a page its
    test closed did not crash)."""
    browser = page.context.browser
    if browser is not None and not browser.is_connected():
        return True
    if page.is_closed():
        return False
    try:
        page.evaluate("1")
    except Exception as e:
        return any(c in str(e) for c in CRASHES)
    return False


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    """A browser test that fails after one of its pages crashed fails as :class:`PageCrashed`
    (chained to the original error, which the report still shows)."""
    try:
        return (yield)
    except Exception as e:
        crashed = [p for p, _ in getattr(pyfuncitem, "hermitage_pages", []) if page_crashed(p)]
        if crashed:
            raise PageCrashed(f"Page crashed under this test ({len(crashed)} page(s)); it failed with "
                              f"{type(e).__name__}: {str(e)[:200]}") from e
        raise


#: What a failing browser test's report shows of each of its pages (the CI log is often all
#: there is to go on for a failure seen once): the table's state, the messages, the console.
PAGE_STATE = """() => {
  const t = document.querySelector('#table'), q = s => document.querySelector(s);
  const text = s => q(s) ? q(s).textContent.trim().slice(0, 200) : null;
  const hint = q('#hint');
  return {url: location.href, phase: t && t.dataset.phase, draw: t && t.dataset.draw,
          moves: t && t.dataset.moves, status: text('#status'), message: text('#message'),
          hint: hint && {disabled: hint.disabled, busy: hint.getAttribute('aria-busy')},
          boot: window.hermitageBoot && {mode: window.hermitageBoot.mode, problem: window.hermitageBoot.problem},
          phases: (window.__phases || []).slice(-12), now: performance.now(),
          app: window.hermitageDebug ? JSON.parse(window.hermitageDebug()) : null};
}"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing browser test's report gets a section per page: PAGE_STATE and its last
    console messages."""
    report = yield
    pages = getattr(item, "hermitage_pages", None)
    if report.when == "call" and report.failed and pages:
        lines = []
        for page, console in pages:
            try:
                state = page.evaluate(PAGE_STATE) if not page.is_closed() else "closed"
            except Exception as e:      # a crashed page, a navigation under way
                state = f"unavailable ({type(e).__name__}: {str(e)[:200]})"
            lines += [f"page {state}", *(f"  console {m}" for m in console[-25:])]
        report.sections.append(("browser pages", "\n".join(lines)))
    return report


def pytest_collection_modifyitems(config, items):
    """Mark the browser tests for a rerun after a renderer crash (pytest-rerunfailures,
    installed by scripts/test.sh; without it they simply run once)."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=CRASHES))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output readable
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@pytest.fixture(scope="session")
def site():
    """The checkout served at http://127.0.0.1:<free port>/ (vendoring the runtime if needed)."""
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        subprocess.run(["bash", str(ROOT / "scripts/vendor.sh")], check=True)
    else:   # game.zip, the boot files and sw.js (with their hashes): current with the checkout
        for script in ("scripts/game_zip.py", "scripts/boot_files.py", "scripts/precache.py"):
            subprocess.run([sys.executable, str(ROOT / script)], check=True, stdout=subprocess.DEVNULL)
    url, stop = serve(ROOT)
    yield url
    stop()


def serve(directory: pathlib.Path, handler: type = _Quiet) -> tuple[str, "callable"]:
    """Serve ``directory`` on a free 127.0.0.1 port: (its URL, a function that stops it)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join()
    return f"http://127.0.0.1:{server.server_address[1]}/", stop


#: The page's own recoveries in this run (a wake-up run by the clock tick, a stalled search
#: started again: its "Hermitage: ..." console warnings), by test; listed at the end of the
#: run, so a CI log says how often the browser dropped one (tests that provoke them included).
#: Chromium launched again after it died is listed here too.
RECOVERIES: list[tuple[str, str]] = []


class Chromium:
    """The run's Chromium, launched again for the next test if it died.

    Once in a while the whole browser goes down with a renderer crash under Pyodide (seen
    2026-12-06 in a full run on a fresh clone: every later browser test then failed with
    "Browser.new_context: Target page, context or browser has been closed").  The test it
    died under is rerun (:func:`page_crashed`); this gives that rerun, and every test after
    it, a live browser."""

    def __init__(self, playwright) -> None:
        self.playwright = playwright
        self.current = None
        self.launches = 0

    def get(self, nodeid: str = ""):
        """A connected browser: the one running, or a new one if there is none or it died."""
        if self.current is None or not self.current.is_connected():
            if self.current is not None:
                RECOVERIES.append((nodeid, "Chromium had died; it was launched again"))
            if os.path.exists(CHROMIUM):
                self.current = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            else:
                self.current = self.playwright.chromium.launch(args=CHROMIUM_FLAGS[1:])
            self.launches += 1
        return self.current

    def close(self) -> None:
        if self.current is not None and self.current.is_connected():
            self.current.close()


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        c = Chromium(p)
        yield c
        c.close()


@pytest.fixture
def browser(chromium, request):
    """A live Chromium for this test (the run's, or a new one if it died: :class:`Chromium`)."""
    return chromium.get(request.node.nodeid)


def pytest_terminal_summary(terminalreporter):
    if RECOVERIES:
        terminalreporter.section("the page recovered on its own")
        for nodeid, text in RECOVERIES:
            terminalreporter.write_line(f"{nodeid}: {text}")


class Watch:
    """What a page did that a test must not allow."""

    def __init__(self) -> None:
        self.offsite: list[str] = []
        self.errors: list[str] = []

    def check(self) -> None:
        assert not self.offsite, f"requests left the origin: {self.offsite}"
        assert not self.errors, f"console errors: {self.errors}"


@pytest.fixture
def new_page(browser, site, request):
    """A factory of pages, each in a fresh context (own localStorage) and watched."""
    contexts = []
    watch = Watch()
    request.node.hermitage_pages = pages = []     # for pytest_runtest_makereport

    def make(viewport=(1280, 900), **context_options):
        """A page in a new context; ``context_options`` go to Playwright's new_context
        (e.g. has_touch=True, is_mobile=True for a phone)."""
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_options)
        contexts.append(ctx)
        ctx.add_init_script(INIT_SCRIPT)

        def route(r):
            if r.request.url.startswith(site):
                r.continue_()
            else:
                watch.offsite.append(r.request.url)
                r.abort()
        ctx.route("**/*", route)
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.on("console", lambda m: watch.errors.append(m.text) if m.type == "error" else None)
        console: list[str] = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}"))
        pages.append((page, console))
        page.on("pageerror", lambda e: watch.errors.append(f"page error: {e}"))
        page.on("pageerror", lambda e: console.append(f"page error: {str(e)[:300]}"))
        page.on("console", lambda m: RECOVERIES.append((request.node.nodeid, m.text[:200]))
                if m.type == "warning" and m.text.startswith("Hermitage:") else None)
        return page

    make.watch = watch   # a test that provokes an error on purpose may clear it
    yield make
    if browser.is_connected():    # else the browser died under the test: nothing to close
        for ctx in contexts:
            ctx.close()
    watch.check()


@pytest.fixture
def page(new_page):
    return new_page()
