"""Offline play: after one visit the service worker serves the whole site.

Each test serves its own copy of the site (the files scripts/precache.py lists,
and a sw.js generated for that copy) from its own server, so it can stop the
server for real, or change a file and publish a new version.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import shutil
import time
import urllib.error
import urllib.request

import pytest

from .conftest import ROOT, _Quiet, serve
from .driver import phase, play_to_end, wait_phase
from .test_page import deal_link

_spec = importlib.util.spec_from_file_location("precache", ROOT / "scripts" / "precache.py")
precache = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(precache)

CONTROLLED = "() => navigator.serviceWorker.controller !== null"   # a function: the CSP forbids eval of a string
# The service worker's caches (the start-up snapshot keeps its own, "hermitage-snapshot ...").
CACHES = "caches.keys().then(k => k.filter(n => n.startsWith('hermitage ')))"


def until(page, js: str, timeout: float = 60.0):
    """Poll an async expression until it is truthy (wait_for_function does not await promises)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(js)
        if value:
            return value
        page.wait_for_timeout(200)
    raise AssertionError(f"still false after {timeout} s: {js}")


class Versions:
    """The site's service worker versions as Chromium reports them (DevTools protocol):
    their status ("installed" = waiting, "activated", "redundant") by version id.  Watched
    from an about:blank tab, which is no client of the site."""

    def __init__(self, context) -> None:
        self.tab = context.new_page()
        self.status: dict[str, str] = {}
        cdp = context.new_cdp_session(self.tab)
        cdp.on("ServiceWorker.workerVersionUpdated",
               lambda event: self.status.update({v["versionId"]: v["status"] for v in event["versions"]}))
        cdp.send("ServiceWorker.enable")

    def active(self) -> set[str]:
        return {v for v, status in self.status.items() if status == "activated"}

    def wait_for_takeover(self, old: set[str], timeout: float = 60.0) -> None:
        """Until a version other than ``old`` is the active one."""
        deadline = time.monotonic() + timeout
        while not (self.active() and not self.active() & old):
            if time.monotonic() > deadline:
                raise AssertionError(f"no new version took over in {timeout} s: {self.status}")
            self.tab.wait_for_timeout(100)      # (events arrive while Playwright waits)


def publish(site: pathlib.Path) -> str:
    """(Re)write sw.js for the copy at ``site``; its version."""
    data = precache.precache(site)
    (site / "sw.js").write_text(precache.render(site, data))
    return data["version"]


@pytest.fixture
def copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the site as scripts/build-site.sh assembles it (without the npm step)."""
    site = tmp_path / "site"
    for name in precache.site_files(ROOT) + [precache.TEMPLATE]:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, site / name)
    return site


class Counting(_Quiet):
    """Counts the requests the server answers (class attribute, reset per test)."""
    hits: list[str] = []

    def do_GET(self):
        Counting.hits.append(self.path)
        super().do_GET()


@pytest.fixture
def context(browser):
    """A fresh browser profile whose every request, response and failure is recorded."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    log = {"requests": [], "network": [], "failed": [], "errors": []}
    ctx.on("request", lambda r: log["requests"].append(r.url))
    # A request cancelled before its answer (ERR_ABORTED) went nowhere: e.g. the snapshot
    # reader's fetch of Pyodide's wasm, which it drops when it finds no snapshot (a first
    # visit's snapshot still being made when the page reloads; the page fetches the wasm
    # itself).  Any other failure is a request that reached for the network.
    ctx.on("requestfailed", lambda r: None if "ERR_ABORTED" in (r.failure or "")
           else log["failed"].append(f"{r.url} ({r.failure})"))
    ctx.on("response", lambda r: None if r.from_service_worker else log["network"].append(r.url))

    def page():
        p = ctx.new_page()
        p.set_default_timeout(60_000)
        p.on("console", lambda m: log["errors"].append(m.text) if m.type == "error" else None)
        p.on("pageerror", lambda e: log["errors"].append(str(e)))
        return p
    ctx.log = log
    ctx.page = page
    yield ctx
    ctx.close()


def test_after_one_visit_the_game_starts_and_plays_to_the_end_with_the_server_stopped(copy, context):
    version = publish(copy)
    Counting.hits = []
    url, stop = serve(copy, Counting)
    link = url + deal_link("hermits-whist", 11, fast=1, level="easy")
    page = context.page()
    page.goto(link)
    wait_phase(page, "your-turn")
    page.wait_for_function(CONTROLLED)            # installed: every file is in the cache
    assert page.evaluate(CACHES) == [f"hermitage {url} {version}"]
    assert "/sw.js" in Counting.hits
    stop()
    with pytest.raises(urllib.error.URLError):    # the server is really gone
        urllib.request.urlopen(url, timeout=5)

    log = context.log
    for k in ("requests", "network", "failed"):
        log[k].clear()
    page.reload()
    wait_phase(page, "your-turn")
    assert page.get_attribute("#table", "data-moves") == "0"
    seen = play_to_end(page, seed=5)
    assert phase(page) == "over" and seen["clicks"] > 5
    assert "Game over" in page.inner_text("#overlay")
    assert log["requests"], "the reload made no requests at all?"
    assert all(u.startswith(url) for u in log["requests"]), log["requests"]
    assert not log["failed"], f"requests went to the (stopped) network: {log['failed']}"
    assert not log["network"], f"responses not from the service worker: {log['network']}"
    assert not log["errors"], log["errors"]
    # A new tab on another deal link, still offline: navigations get index.html from the cache.
    other = context.page()
    other.goto(url + deal_link("hermit-stones", 3, fast=1, board="square5"))
    wait_phase(other, "your-turn")
    assert not log["failed"] and not log["network"] and not log["errors"]


def test_a_changed_file_gives_a_new_cache_and_the_old_one_is_deleted(copy, context):
    old = publish(copy)
    url, stop = serve(copy)
    try:
        versions = Versions(context)
        page = context.page()
        page.goto(url)
        page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
        page.wait_for_function(CONTROLLED)
        assert page.evaluate(CACHES) == [f"hermitage {url} {old}"]

        css = copy / "static" / "css" / "hermitage.css"
        css.write_text(css.read_text() + "\n/* version two */\n")
        new = publish(copy)
        assert new != old
        # The browser checks sw.js for updates; the new worker installs its own cache
        # beside the old one and waits: the open tab keeps running the old version.
        page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            await reg.update();
        }""")
        until(page, "navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
        assert sorted(page.evaluate(CACHES)) == sorted([f"hermitage {url} {old}", f"hermitage {url} {new}"])
        assert "version two" not in page.evaluate("fetch('static/css/hermitage.css').then(r => r.text())")
        running = versions.active()
        assert len(running) == 1, versions.status
        page.close()
        # Once no tab runs the old version (and it has finished what it was doing for the
        # closed tab: the snapshot's maker may have been loading files through it), the
        # new one takes over and deletes the old cache.  (A tab opened before that, in the
        # same instant, would still get the old version, like a reload: not what this tests.)
        versions.wait_for_takeover(running)
        page = context.page()
        page.goto(url)
        until(page, f"{CACHES}.then(k => k.length === 1 && k[0].endsWith({json.dumps(new)}))")
        page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
        assert page.evaluate(CACHES) == [f"hermitage {url} {new}"]
        page.wait_for_function(CONTROLLED)
        assert "version two" in page.evaluate("fetch('static/css/hermitage.css').then(r => r.text())")
        assert not context.log["errors"], context.log["errors"]
    finally:
        stop()


def test_the_page_links_the_manifest_and_icons_and_the_manifest_is_complete():
    html = (ROOT / "index.html").read_text()
    for tag in ('<link rel="manifest" href="static/manifest.webmanifest">',
                '<link rel="icon" href="static/icons/icon.svg" type="image/svg+xml">',
                '<link rel="apple-touch-icon" href="static/icons/icon-192.png">',
                '<script src="static/js/shell.js" defer></script>'):
        assert tag in html
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "../" and manifest["display"] == "standalone"
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes          # what Chromium asks of an installable app
    for icon in manifest["icons"]:
        assert (ROOT / "static" / icon["src"]).is_file()
    assert "/sw.js" in (ROOT / ".gitignore").read_text().split()
    # The runtime's preload hints name files that exist (a renamed file would be fetched twice).
    hints = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    assert len(hints) >= 5 and all((ROOT / h).is_file() for h in hints), hints
    assert set(hints) <= set(precache.site_files(ROOT))     # generated, never committed


def test_a_typical_session_requests_only_files_the_worker_precaches(browser, site):
    """What the page itself loads (service worker blocked, so its install fetches are not
    counted): the start screen, the credits and a rules dialog, each game's table, a game
    played to the end.  Every request must be in sw.js's list; the PyScript files it
    needs are printed (the evidence for scripts/vendor.sh's UNREACHABLE)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    requested, failed, errors = [], [], []
    ctx.on("request", lambda r: requested.append(r.url))
    # (a navigation cancels what the last page still loads, the favicon say: ERR_ABORTED)
    ctx.on("requestfailed", lambda r: None if "ERR_ABORTED" in (r.failure or "") else failed.append(r.url))
    ctx.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        page = ctx.new_page()
        page.set_default_timeout(120_000)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site)
        page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
        page.click('[data-action="credits"]')
        page.wait_for_selector("#rules-dialog[open]")
        page.keyboard.press("Escape")
        for gid in ("hermit", "type-trump", "ferret", "hermits-whist", "hermit-stones"):
            page.goto(site + deal_link(gid, 11, fast=1, level="easy"))
            wait_phase(page, "your-turn")
        page.click("#rules")
        page.wait_for_selector("#rules-dialog[open]")
        page.keyboard.press("Escape")
        page.goto(site + deal_link("hermit-stones", 3, fast=1, level="easy", board="square5"))
        play_to_end(page, seed=1)
        assert phase(page) == "over"
    finally:
        ctx.close()
    assert not failed and not errors, (failed, errors)
    assert all(u.startswith(site) for u in requested)
    paths = {u[len(site):].split("?")[0].split("#")[0] or "index.html" for u in requested}
    precached = set(precache.site_files(ROOT))
    assert paths <= precached, f"requested but not precached: {sorted(paths - precached)}"
    vendor = sorted(p for p in paths if p.startswith("static/vendor/"))
    print(f"\n{len(paths)} files requested in a session, {len(precached)} precached; "
          f"static/vendor ones: {', '.join(vendor)}")
    assert {"static/vendor/pyscript/core.js", "static/game.zip", "pyscript.json"} <= paths
