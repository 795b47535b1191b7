"""The load budget, measured (figures printed; run with -s to see them).

Each run uses a fresh browser context (empty HTTP cache, no service worker, no snapshot)
and loads, in turn:

1. e2e/bare.html: the same vendored PyScript, with Pyodide as npm ships it (its full
   standard library and lock file), running one line of Python: the yardstick;
2. the page with a deal link: the cold start, a first visit.  Once its table is drawn,
   the service worker installs and the start-up snapshot is made in a worker
   (static/js/pyodide-boot.mjs); the run waits for both;
3. the same link in a new tab of that profile: the warm start from the snapshot;
4. the snapshot deleted, the same link again: the warm start without it.

Reported: medians over RUNS runs of the times from navigation start to Python-ready (bare)
or to the first playable table (#table[data-phase=your-turn]), with their ratios to the
bare page's; the bytes of a first visit against the bare page's; the snapshot's making
time and size (raw, and as stored: zero pages left out, gzip); the longest main-thread
task while it was being made.  The issue's goals, against the bare page: warm start with
the snapshot <= 0.35x its Python-ready, first-visit bytes <= 0.90x, cold start <= 1.05x,
no main-thread task over 100 ms while the snapshot is made.

Wall-clock figures depend on the machine (2 shared cores here) and are not asserted; what
is asserted is structural: every request stays on the origin, the warm starts take nothing
from the network but the navigation check-ups the worker lets through, the warm start
really restored the snapshot with the wasm its reader compiled (and the other really did
not), the snapshot was made and stored, and the first visit fetches neither
pyodide-lock.json nor the full stdlib.

No request routing here (Playwright's routing adds a round trip per request and would skew
the figures); requests are watched instead, and none may leave the origin.
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
  const boot = window.hermitageBoot;
  return {
    paint: paint ? paint.startTime : null,
    ready: turn ? turn[0] : Number(document.documentElement.dataset.ready || NaN),
    bytes: entries.reduce((a, e) => a + (e.transferSize || 0), 0),
    body: entries.reduce((a, e) => a + (e.decodedBodySize || 0), 0),
    files: entries.length,
    names: entries.map(e => e.name),
    mode: boot ? boot.mode : null,
    wasm: boot ? boot.wasm : null,
  };
}"""

#: The snapshot's figures once the worker is done, and the main thread's longest task meanwhile.
SNAPSHOT = """() => {
  const s = window.hermitageBoot.snapshot;
  const during = (window.__longtasks || []).filter(([t, d]) => t + d > s.started && t < s.finished);
  return {...s, longest: Math.max(0, ...during.map(([t, d]) => d))};
}"""
SNAPSHOT_DONE = "() => { const s = window.hermitageBoot.snapshot; return s && s.finished; }"
DROP_SNAPSHOT = "async () => { for (const k of await caches.keys()) if (k.startsWith('hermitage-snapshot ')) await caches.delete(k); }"


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
    bare, cold, snaps, warm, unsnapped = [], [], [], [], []
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
            # After the first table: the service worker installs, then the snapshot is made.
            p.wait_for_function(SNAPSHOT_DONE, timeout=120_000)
            snaps.append(p.evaluate(SNAPSHOT))
            p.close()
            for rows in (warm, unsnapped):
                before = w.from_worker
                q = w.page()
                q.goto(link)
                wait_phase(q, "your-turn", timeout=120_000)
                fig = q.evaluate(FIGURES)
                fig["from_worker"] = w.from_worker - before
                rows.append(fig)
                q.evaluate(DROP_SNAPSHOT)             # so the next start has none
                q.close()
        finally:
            w.close()
        w.check()

    def show(name, rows, key, unit="ms", scale=1.0):
        vals = [r[key] * scale for r in rows]
        print(f"  {name}: median {med(vals):.0f} {unit} ({', '.join(f'{v:.0f}' for v in vals)})")

    def ratio(name, rows, key, base, goal):
        r = med([x[key] for x in rows]) / med([x[key] for x in base])
        print(f"  {name}: {r:.2f}x the bare page (goal <= {goal:.2f}x: {'met' if r <= goal else 'NOT met'})")

    print(f"\nload budget, {RUNS} runs each (2 shared cores; times from navigation start):")
    show("bare PyScript page, Python ready", bare, "ready")
    show("page, first paint of the shell", cold, "paint")
    show("cold start (first visit), first playable table", cold, "ready")
    ratio("cold start / bare Python-ready", cold, "ready", bare, 1.05)
    show("warm start with the snapshot, first playable table", warm, "ready")
    ratio("warm start with the snapshot / bare Python-ready", warm, "ready", bare, 0.35)
    show("warm start without the snapshot, first playable table", unsnapped, "ready")
    ratio("warm start without the snapshot / bare Python-ready", unsnapped, "ready", bare, 1.0)
    show("warm start with the snapshot, first paint", warm, "paint")
    show("page, bytes on a first visit", cold, "bytes", "kB", 1e-3)
    show("bare page, bytes", bare, "bytes", "kB", 1e-3)
    ratio("first-visit bytes / bare page's", cold, "bytes", bare, 0.90)
    show("page, files on a first visit", cold, "files", "")
    show("warm starts, bytes from the network", warm + unsnapped, "bytes", "kB", 1e-3)
    show("snapshot, time to make it in the worker (start to stored)", snaps, "totalMs")
    show("snapshot, of which booting Python and importing ahead", snaps, "makeMs")
    show("snapshot, raw size", snaps, "raw", "MB", 1e-6)
    show("snapshot, stored size (zero pages left out, gzip)", snaps, "compressed", "MB", 1e-6)
    show("longest main-thread task while the snapshot was made (goal <= 100 ms)", snaps, "longest")

    # Structural facts.
    for r in cold:
        assert r["ready"] > 0 and r["paint"] is not None and r["paint"] < r["ready"]
        assert r["bytes"] >= r["body"] * 0.9            # a first visit really downloads everything
        assert r["mode"] == "fresh"
        assert not [n for n in r["names"] if n.endswith(("pyodide-lock.json", "python_stdlib.zip"))], r["names"]
    for s in snaps:
        assert s["state"] == "stored", s
    for r in warm:
        assert r["mode"] == "snapshot", r
        assert r["wasm"] == "worker", r                 # compiled by the snapshot's reader
    for r in unsnapped:
        assert r["mode"] == "fresh", r
    for r in warm + unsnapped:
        assert r["ready"] > 0
        assert r["from_worker"] >= r["files"] - 1, r    # every file but at most the navigation itself
