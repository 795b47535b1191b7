"""The Content-Security-Policy: present, strict, and the page works under it.

The policy (a <meta> tag in index.html: GitHub Pages cannot send headers) allows
only the page's own origin, plus 'unsafe-eval', measured by the last tests: PyScript's
core builds its hook functions with Function(...) at start-up, and Pyodide compiles
pyodide.asm.wasm ('unsafe-eval' covers WebAssembly too; 'wasm-unsafe-eval' alone would
do for Pyodide but not for PyScript).  scripts/precache.py holds the policy (CSP,
``--csp``) and docs/security.md explains every directive.

Every other e2e test also runs under the policy, and conftest.py fails a test on any
console error, which is where Chromium reports a violation.
"""

from __future__ import annotations

import html.parser
import json
from urllib.parse import quote

import pytest

from .conftest import ROOT, serve
from .test_offline import precache
from .driver import wait_phase
from .test_page import deal_link

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'"],
    "style-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}

VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e =>
  __violations.push([e.effectiveDirective, e.blockedURI, (e.sourceFile || '').split('/').pop()]));
"""


class _Metas(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.csp: list[str] = []
        self.before_csp: list[str] = []     # tags that load something before the policy

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append(a["content"])
        elif not self.csp and (tag in ("script", "link", "img", "style") or a.get("style")):
            self.before_csp.append(tag)


def parse(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def page_policy(text: str | None = None) -> tuple[dict, list[str]]:
    p = _Metas()
    p.feed(text if text is not None else (ROOT / "index.html").read_text())
    assert len(p.csp) == 1, "index.html must carry exactly one Content-Security-Policy meta tag"
    return parse(p.csp[0]), p.before_csp


def test_the_policy_is_in_the_page_before_anything_loads_and_allows_only_the_origin():
    policy, before = page_policy()
    assert policy == POLICY == parse(precache.csp(ROOT))     # the one policy scripts/precache.py documents
    assert precache.csp_problems(ROOT) == []
    assert before == [], f"loaded before the policy applies: {before}"
    words = [w for ws in policy.values() for w in ws]
    assert "'unsafe-inline'" not in words and not any(w in ("*", "data:", "blob:", "http:", "https:") for w in words)
    # No inline script or style left in the page for the policy to block.
    html = (ROOT / "index.html").read_text()
    assert " style=" not in html and "<style" not in html
    assert all("src=" in tag or 'type="py"' in tag for tag in html.split("<script")[1:])


def test_the_page_reaches_your_turn_under_the_policy_without_a_violation(new_page, site):
    page = new_page()
    page.add_init_script(VIOLATIONS)
    page.goto(site + deal_link("hermit", 4, players=3, fast=1))
    wait_phase(page, "your-turn")
    # The policy is in force: an injected inline script does not run, and says so.
    ran = page.evaluate("""() => new Promise(done => {
        document.addEventListener('securitypolicyviolation', () => done(window.__injected === true), {once: true});
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true';
        document.body.append(s);
    })""")
    assert ran is False
    got = page.evaluate("window.__violations")
    assert got == [["script-src-elem", "inline", ""]], got
    new_page.watch.errors.clear()       # that one console error was provoked on purpose


@pytest.mark.parametrize("replace, culprit", [
    ("'unsafe-eval'", "pyodide"),               # no eval at all: Pyodide cannot compile its WebAssembly
    ("'wasm-unsafe-eval'", "core-"),            # WebAssembly only: enough for Pyodide, not for PyScript
])
def test_unsafe_eval_is_needed(browser, tmp_path, replace, culprit):
    """Measured: without eval Pyodide cannot compile WebAssembly; with WebAssembly only,
    PyScript's core is blocked building its hooks; either way the page never starts."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("static", "game"):
        (site / name).symlink_to(ROOT / name)
    (site / "pyscript.json").write_text((ROOT / "pyscript.json").read_text())
    text = (ROOT / "index.html").read_text()
    text = text.replace(" 'unsafe-eval'", "" if replace == "'unsafe-eval'" else " " + replace)
    policy, _ = page_policy(text)
    assert "'unsafe-eval'" not in policy["script-src"]
    (site / "index.html").write_text(text)
    url, stop = serve(site)
    ctx = browser.new_context()
    try:
        ctx.add_init_script(VIOLATIONS)
        page = ctx.new_page()
        page.goto(url + deal_link("hermit", 4, players=3, fast=1))
        # (polled from here: wait_for_function evaluates a string, which this policy forbids)
        for _ in range(300):
            got = page.evaluate("window.__violations || []")
            if got:
                break
            page.wait_for_timeout(200)
        page.wait_for_timeout(500)
        got = page.evaluate("window.__violations")
        assert any(d == "script-src" and culprit in f for d, _, f in got), got
        assert page.get_attribute("#table", "data-phase") == "loading"     # never got to a table
    finally:
        ctx.close()
        stop()


MARKUP = '<img src=x id=injected onerror="document.title=1"><b id=bold>x</b>'


@pytest.mark.parametrize("query", [
    "?game=" + MARKUP + "&seed=1",
    "?game=ferret&seed=1&dealer=" + MARKUP,
    "?game=hermit&players=" + MARKUP,
    "?game=ferret&seed=1&" + MARKUP + "=1",
])
def test_markup_in_the_link_is_shown_as_text_never_as_elements(page, site, query):
    page.goto(site + "?" + "&".join(quote(part, safe="=") for part in query[1:].split("&")))
    page.wait_for_selector("#notice:not([hidden])")
    text = page.text_content("#notice-text")
    assert "link" in text.lower()                                    # a notice, not a blank page
    assert page.locator("#injected, #bold").count() == 0
    assert page.title() == "Hermitage"


def test_markup_in_a_stored_save_is_kept_aside_as_text(page, site):
    page.goto(site)
    page.wait_for_selector('html[data-open="app"] #start:not([hidden])')
    bad = {"format": 1, "game": "ferret", "players": 2, "seed": 1, "options": {}, "moves": [[0, MARKUP]]}
    page.evaluate("s => localStorage.setItem('hermitage.save.ferret', s)", json.dumps(bad))
    page.reload()
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#injected, #bold").count() == 0
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('hermitage.backup'))
                             .map(k => localStorage.getItem(k))""")
    assert bad in [json.loads(v) for v in kept], "the broken save was not kept aside unchanged"
    assert "kept aside" in page.text_content("#message")
