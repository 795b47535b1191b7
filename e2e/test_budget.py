"""The load budget, measured (figures printed; run with -s to see them).

Each run uses a fresh browser context (empty HTTP cache, no service worker) and
loads, in turn, e2e/bare.html (the same vendored PyScript and Pyodide running
one line of Python: the yardstick) and the page with a deal link; then, in the
page's context once its service worker controls it, the same link again (the
warm start, served by the worker).  Reported: medians over RUNS runs of

- first paint of the shell (first-contentful-paint),
- navigation to a playable table (the first #table[data-phase=your-turn]) against
  the bare page's Python-ready time,
- bytes on a first visit (network transfer), and the warm start's time and bytes.

Wall-clock figures depend on the machine (2 shared cores here) and are not
asserted; what is asserted is structural: every request stays on the origin,
the warm start takes nothing from the network but the navigation check-ups the
worker lets through, and the page really becomes playable.

No request routing here (Playwright's routing adds a round trip per request and
would skew the figures); requests are watched instead, and none may leave the origin.
"""

from __future__ import annotations

import statistics

from .driver import wait_phase
from .test_page import deal_link

RUNS = 5
LINK = ("hermit", 100)

#: Times since navigation start, and bytes, from the page's own performance entries.
FIGURES = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
  const turn = (window.__phases || []).find(p => p[1] === 'your-turn');
  return {
    paint: paint ? paint.startTime : null,
    ready: turn ? turn[0] : Number(document.documentElement.dataset.ready || NaN),
    bytes: entries.reduce((a, e) => a + (e.transferSize || 0), 0),
    body: entries.reduce((a, e) => a + (e.decodedBodySize || 0), 0),
    files: entries.length,
  };
}"""


class Watched:
    """A fresh context whose pages record every request and every console error."""

    def __init__(self, browser, site, init_script):
        self.site = site
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        self.ctx.add_init_script(init_script)
        self.requests: list[str] = []
        self.from_worker = 0
        self.errors: list[str] = []

    def page(self):
        p = self.ctx.new_page()
        p.set_default_timeout(120_000)
        p.on("request", lambda r: self.requests.append(r.url))
        p.on("response", self._response)
        p.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        p.on("pageerror", lambda e: self.errors.append(str(e)))
        return p

    def _response(self, r):
        self.from_worker += r.from_service_worker

    def check(self):
        offsite = [u for u in self.requests if not u.startswith(self.site)]
        assert not offsite, f"requests left the origin: {offsite}"
        assert not self.errors, self.errors

    def close(self):
        self.ctx.close()


def med(xs):
    return statistics.median(xs)


def test_load_budget(browser, site):
    from .conftest import INIT_SCRIPT
    link = site + deal_link(LINK[0], LINK[1], players=4)
    bare, cold, warm = [], [], []
    for _ in range(RUNS):
        w = Watched(browser, site, INIT_SCRIPT)
        try:
            p = w.page()
            p.goto(site + "e2e/bare.html")
            p.wait_for_selector("html[data-ready]", state="attached")
            bare.append(p.evaluate(FIGURES))
            p.close()
        finally:
            w.close()
        w.check()

        w = Watched(browser, site, INIT_SCRIPT)
        try:
            p = w.page()
            p.goto(link)
            wait_phase(p, "your-turn", timeout=120_000)
            cold.append(p.evaluate(FIGURES))
            # Warm start: once the service worker controls the page (it registers after
            # the first table), the same link in a new tab of the same browser profile.
            p.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                timeout=120_000)
            p.close()
            before = w.from_worker
            q = w.page()
            q.goto(link)
            wait_phase(q, "your-turn", timeout=120_000)
            fig = q.evaluate(FIGURES)
            fig["from_worker"] = w.from_worker - before
            warm.append(fig)
        finally:
            w.close()
        w.check()

    def show(name, rows, key, unit="ms", scale=1.0):
        vals = [r[key] * scale for r in rows]
        print(f"  {name}: median {med(vals):.0f} {unit} ({', '.join(f'{v:.0f}' for v in vals)})")

    print(f"\nload budget, {RUNS} runs each (2 shared cores; times from navigation start):")
    show("bare PyScript page, Python ready", bare, "ready")
    show("page, first paint of the shell", cold, "paint")
    show("page, first playable table (your-turn)", cold, "ready")
    ratio = med([r["ready"] for r in cold]) / med([r["ready"] for r in bare])
    print(f"  playable table / bare Python-ready: {ratio:.2f}x")
    show("page, bytes on a first visit", cold, "bytes", "kB", 1e-3)
    show("page, files on a first visit", cold, "files", "")
    show("warm start (service worker), first paint", warm, "paint")
    show("warm start (service worker), first playable table", warm, "ready")
    show("warm start, bytes from the network", warm, "bytes", "kB", 1e-3)
    show("warm start, responses from the service worker", warm, "from_worker", "")
    show("bare page, bytes", bare, "bytes", "kB", 1e-3)

    # Structural facts.
    for r in cold:
        assert r["ready"] > 0 and r["paint"] is not None and r["paint"] < r["ready"]
        assert r["bytes"] >= r["body"] * 0.9            # a first visit really downloads everything
    for r in warm:
        assert r["ready"] > 0
        assert r["from_worker"] >= r["files"] - 1, r    # every file but at most the navigation itself
