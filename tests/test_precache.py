"""The offline pieces: scripts/precache.py's file list, the generated sw.js, the manifest and icons."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import shutil
import struct
import subprocess
import zlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


precache = load_script("precache")
make_icons = load_script("make_icons")

INDEX = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="static/css/site.css">
<link rel="manifest" href="static/manifest.webmanifest">
<script type="module" src="./static/vendor/pyscript/core.js"></script>
</head><body><a href="?game=hermit">Hermit</a>
<script type="py" src="game/ui/boot.py" config="pyscript.json"></script></body></html>
"""


@pytest.fixture
def site(tmp_path: pathlib.Path) -> pathlib.Path:
    """A site like the real one: the repo's game/ and static/, an index.html and a
    pyscript.json mapping every game/**/*.py but __main__.py, a vendored runtime."""
    shutil.copytree(ROOT / "static", tmp_path / "static", ignore=shutil.ignore_patterns("vendor"))
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "game" / "ui").mkdir(exist_ok=True)
    (tmp_path / "game" / "ui" / "boot.py").write_text("import game\n")
    (tmp_path / "static" / "css").mkdir(exist_ok=True)
    (tmp_path / "static" / "css" / "site.css").write_text("body{}\n")
    vendor = tmp_path / "static" / "vendor"
    (vendor / "pyodide").mkdir(parents=True)
    (vendor / "pyscript").mkdir(parents=True)
    (vendor / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0" * 100)
    (vendor / "pyodide" / "python_stdlib.zip").write_bytes(b"PK\5\6" + b"\0" * 18)
    (vendor / "pyscript" / "core.js").write_text("export {};\n")
    (tmp_path / "index.html").write_text(INDEX)
    mapped = sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "game").rglob("*.py")
                    if p.name != "__main__.py")
    (tmp_path / "pyscript.json").write_text(json.dumps(
        {"interpreter": "./static/vendor/pyodide/pyodide.mjs", "files": {f"./{m}": f"./{m}" for m in mapped}}))
    return tmp_path


def test_the_list_covers_the_page_every_static_file_and_every_mapped_module(site):
    files = precache.site_files(site)
    assert {"index.html", "pyscript.json"} <= set(files)
    mapped = [p.relative_to(site).as_posix() for p in (site / "game").rglob("*.py") if p.name != "__main__.py"]
    assert set(mapped) <= set(files) and "game/help.py" in files and "game/stats.py" in files
    statics = {p.relative_to(site).as_posix() for p in (site / "static").rglob("*") if p.is_file()}
    assert statics - set(files) == {"static/sw-template.js"}
    for f in ("static/vendor/pyodide/pyodide.asm.wasm", "static/manifest.webmanifest",
              "static/icons/icon-512.png", "static/icons/icon.svg"):
        assert f in files
    assert "game/__main__.py" not in files            # not mapped, not needed by the page
    assert files == sorted(files) and len(files) == len(set(files))


def test_a_mapped_or_referenced_file_that_is_missing_is_an_error(site):
    (site / "game" / "stats.py").unlink()
    with pytest.raises(FileNotFoundError, match="game/stats.py"):
        precache.site_files(site)


def test_files_index_html_loads_are_listed_even_outside_static_and_files(site):
    (site / "extra.js").write_text("1;\n")
    (site / "index.html").write_text(INDEX.replace("</head>", '<script src="extra.js?v=1#x"></script>'
                                                   '<script src="https://example.org/x.js"></script></head>'))
    assert "extra.js" in precache.site_files(site)
    (site / "extra.js").unlink()
    with pytest.raises(FileNotFoundError, match="extra.js"):
        precache.site_files(site)


def test_hashes_and_version_change_exactly_when_a_file_changes(site):
    a = precache.precache(site)
    assert precache.precache(site) == a                          # deterministic
    (site / "game" / "help.py").write_text((site / "game" / "help.py").read_text() + "\n# edited\n")
    b = precache.precache(site)
    assert b["version"] != a["version"]
    changed = {f for f in a["files"] if a["files"][f] != b["files"][f]}
    assert changed == {"game/help.py"}
    (site / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\2\0\0\0")
    assert precache.precache(site)["version"] not in (a["version"], b["version"])


def test_hash_is_the_sha256_prefix_the_service_worker_checks(site):
    import hashlib
    data = precache.precache(site)
    wasm = (site / "static/vendor/pyodide/pyodide.asm.wasm").read_bytes()
    assert data["files"]["static/vendor/pyodide/pyodide.asm.wasm"] == hashlib.sha256(wasm).hexdigest()[:16]


def test_a_non_file_key_in_files_is_refused(site):
    (site / "pyscript.json").write_text('{"files": {"{DOMAIN}/x.py": "./x.py"}}')
    with pytest.raises(ValueError, match="not a plain file path"):
        precache.mapped_files(site)
    (site / "pyscript.json").write_text('{"files": {"./game/x.py": "./game/*"}}')
    with pytest.raises(ValueError, match="only an archive"):
        precache.mapped_files(site)


def test_an_archive_key_is_one_file_to_precache(site):
    """The real page's form: one zip PyScript extracts into a folder."""
    (site / "static" / "game.zip").write_bytes(b"PK\5\6" + b"\0" * 18)
    (site / "pyscript.json").write_text('{"files": {"./static/game.zip": "./*"}}')
    assert precache.mapped_files(site) == ["static/game.zip"]
    files = precache.site_files(site)
    assert "static/game.zip" in files and "game/help.py" not in files
    assert "game/ui/boot.py" in files                         # index.html names it
    (site / "static" / "game.zip").unlink()
    with pytest.raises(FileNotFoundError, match="static/game.zip"):
        precache.site_files(site)


def node(*args: str, cwd: pathlib.Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["node", *args], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_template_and_generated_sw_js_are_valid_javascript(site):
    assert node("--check", str(ROOT / "static" / "sw-template.js")).returncode == 0
    assert precache.main(["--root", str(site)]) == 0
    sw = site / "sw.js"
    r = node("--check", str(sw))
    assert r.returncode == 0, r.stderr
    text = sw.read_text()
    assert precache.PLACEHOLDER not in text
    assert json.dumps(precache.precache(site)["version"]) in text
    assert "sw.js" not in precache.site_files(site)               # the worker never caches itself


# A service-worker host in node: fake caches, fetch and clients around the generated sw.js.
HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const [swPath, siteDir, corrupt] = process.argv.slice(2);
const ORIGIN = "https://example.test", SCOPE = ORIGIN + "/app/";
const store = new Map(), fetched = [], listeners = {};
let claimed = false;
function cacheFor(name) {
  if (!store.has(name)) store.set(name, new Map());
  const m = store.get(name);
  const key = (r) => (typeof r === "string" ? r : r.url);
  return {put: async (r, res) => { m.set(key(r), res); }, match: async (r) => (m.has(key(r)) ? m.get(key(r)).clone() : undefined)};
}
globalThis.caches = {
  open: async (n) => cacheFor(n), keys: async () => [...store.keys()], delete: async (n) => store.delete(n),
};
globalThis.fetch = async (req) => {
  const url = typeof req === "string" ? req : req.url;
  fetched.push([url, req.cache || null]);
  if (!url.startsWith(SCOPE)) throw new Error("fetch left the site: " + url);
  const path = siteDir + "/" + url.slice(SCOPE.length);
  if (!fs.existsSync(path)) return new Response("missing", {status: 404});
  let body = fs.readFileSync(path);
  if (corrupt && url.endsWith(corrupt) && req.cache !== "reload") body = Buffer.from("stale");
  return new Response(body);
};
globalThis.self = globalThis;
self.registration = {scope: SCOPE};
self.location = new URL(SCOPE + "sw.js");
self.clients = {claim: async () => { claimed = true; }};
self.addEventListener = (type, fn) => { listeners[type] = fn; };
vm.runInThisContext(fs.readFileSync(swPath, "utf8"));

function event(request) {
  const e = {request, wait: null, response: null};
  e.waitUntil = (p) => { e.wait = p; };
  e.respondWith = (p) => { e.response = p; };
  return e;
}
async function body(p) { const r = await p; return r ? (await r.text()).slice(0, 40) : null; }

(async () => {
  const out = {};
  (await caches.open("hermitage " + SCOPE + " old")).put(SCOPE + "index.html", new Response("old"));
  (await caches.open("hermitage " + ORIGIN + "/other-fork/ old")).put("x", new Response("x"));
  (await caches.open("someone-elses-site")).put("y", new Response("y"));
  const inst = event(null);
  listeners.install(inst);
  try { await inst.wait; out.installed = true; } catch (e) { out.installed = false; out.error = String(e); }
  out.cachesAfterInstall = [...store.keys()].sort();
  if (!out.installed) { console.log(JSON.stringify(out)); return; }
  const mine = [...store.keys()].filter((k) => !k.endsWith(" old") && k.startsWith("hermitage " + SCOPE))[0];
  out.cachedUrls = [...store.get(mine).keys()].sort();
  out.fetchModes = fetched.map(([u, m]) => m);
  const act = event(null);
  listeners.activate(act);
  await act.wait;
  out.cachesAfterActivate = [...store.keys()].sort();
  out.claimed = claimed;
  fetched.length = 0;
  const probe = async (name, request) => {
    const e = event(request);
    listeners.fetch(e);
    out[name] = e.response ? await body(e.response) : "not handled";
  };
  await probe("css", {method: "GET", url: SCOPE + "static/css/site.css", mode: "no-cors"});
  await probe("navigateDeal", {method: "GET", url: SCOPE + "?game=ferret&seed=3", mode: "navigate"});
  await probe("navigateIndex", {method: "GET", url: SCOPE + "index.html?game=hermit", mode: "navigate"});
  out.fetchedWhileCached = fetched.length;
  await probe("otherOrigin", {method: "GET", url: "https://cdn.example.org/x.js", mode: "cors"});
  await probe("post", {method: "POST", url: SCOPE + "static/css/site.css", mode: "cors"});
  await probe("outsideScope", {method: "GET", url: ORIGIN + "/elsewhere/a.js", mode: "cors"});
  await probe("uncached", {method: "GET", url: SCOPE + "game/__main__.py", mode: "cors"});
  out.fetchedAfter = fetched.map(([u]) => u);
  console.log(JSON.stringify(out));
})();
"""


def run_worker(site: pathlib.Path, corrupt: str = "") -> dict:
    precache.main(["--root", str(site)])
    harness = site / "harness.cjs"
    harness.write_text(HARNESS)
    r = node(str(harness), str(site / "sw.js"), str(site), corrupt)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_service_worker_precaches_everything_and_serves_cache_first(site):
    out = run_worker(site)
    scope = "https://example.test/app/"
    assert out["installed"], out
    listed = precache.precache(site)["files"]
    assert out["cachedUrls"] == sorted(scope + f for f in listed)
    assert set(out["fetchModes"]) == {"default"}                  # the HTTP cache is reused when it is right
    # activate: this site's old version goes; another fork's and another site's caches stay
    version = precache.precache(site)["version"]
    assert out["cachesAfterActivate"] == sorted([f"hermitage {scope} {version}",
                                                 "hermitage https://example.test/other-fork/ old",
                                                 "someone-elses-site"])
    assert out["claimed"]
    assert out["css"] == "body{}\n"
    assert out["navigateDeal"] == out["navigateIndex"] == INDEX[:40]
    assert out["fetchedWhileCached"] == 0
    assert out["otherOrigin"] == out["post"] == out["outsideScope"] == "not handled"
    assert out["uncached"] is not None and out["fetchedAfter"] == [scope + "game/__main__.py"]


def test_service_worker_refetches_a_stale_file_and_refuses_a_wrong_one(site):
    out = run_worker(site, corrupt="static/css/site.css")          # stale in the HTTP cache only
    assert out["installed"] and "reload" in out["fetchModes"]
    # a list that no longer matches what the server has: the install fails, the old cache stays
    data = precache.precache(site)
    data["files"]["static/css/site.css"] = "0" * 16
    (site / "sw.js").write_text(precache.render(site, data))
    harness = site / "harness.cjs"
    r = node(str(harness), str(site / "sw.js"), str(site), "")
    out = json.loads(r.stdout)
    assert out["installed"] is False and "site.css" in out["error"]
    assert any(k.endswith(" old") and "/app/" in k for k in out["cachesAfterInstall"])


# ---- the Content-Security-Policy check --------------------------------------------------

INLINE = "<script>\n  window.stage = 1;\n</script>"


def with_csp(site: pathlib.Path, inline: str = INLINE, where: str = "top", policy: str | None = None) -> None:
    html = INDEX.replace("</head>", inline + "</head>")
    (site / "index.html").write_text(html)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy or precache.csp(site)}">'
    html = (html.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + meta) if where == "top"
            else html.replace("</head>", meta + "</head>"))
    (site / "index.html").write_text(html)


def test_csp_hashes_are_sha256_of_the_exact_inline_script(site):
    import base64
    import hashlib
    (site / "index.html").write_text(INDEX.replace("</head>", INLINE + "</head>"))
    body = "\n  window.stage = 1;\n"
    want = "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
    assert precache.inline_hashes(site) == [want]
    policy = precache.csp(site)
    assert f"script-src 'self' 'unsafe-eval' {want};" in policy and policy.startswith("default-src 'self';")


def test_csp_check_accepts_the_recommended_policy_and_catches_drift(site):
    assert "no Content-Security-Policy" in precache.csp_problems(site)[0]
    with_csp(site)
    assert precache.csp_problems(site) == []
    # the inline script changes after the policy was written: its hash is stale
    html = (site / "index.html").read_text().replace("stage = 1", "stage = 2")
    (site / "index.html").write_text(html)
    assert any("inline script of index.html changed" in p for p in precache.csp_problems(site))
    with_csp(site, where="late")
    assert any("right after <meta charset>" in p for p in precache.csp_problems(site))
    with_csp(site, inline=INLINE + '<svg style="position:absolute"></svg>')
    assert any("style attributes" in p for p in precache.csp_problems(site))


def test_building_warns_about_a_stale_csp_but_still_writes_sw_js(site, capsys):
    with_csp(site, policy="default-src 'self'")
    assert precache.main(["--root", str(site)]) == 0
    assert "script-src lacks 'sha256-" in capsys.readouterr().err
    assert (site / "sw.js").is_file()


# ---- manifest and icons -------------------------------------------------------------------


def png_info(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, size, idat = 8, None, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h = size
    assert len(zlib.decompress(idat)) == h * (1 + 3 * w)
    return w, h


def test_manifest_is_installable_and_its_icons_exist():
    m = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert m["name"] and m["short_name"] and m["display"] == "standalone"
    base = "https://x.test/app/static/manifest.webmanifest"
    from urllib.parse import urljoin
    assert urljoin(base, m["start_url"]) == urljoin(base, m["scope"]) == "https://x.test/app/"
    sizes = set()
    for icon in m["icons"]:
        path = ROOT / "static" / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_info(path.read_bytes())
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
    assert {192, 512} <= sizes
    assert any(i["purpose"] == "maskable" for i in m["icons"])


def test_committed_icons_are_what_the_script_draws():
    assert make_icons.png(192) == (ROOT / "static" / "icons" / "icon-192.png").read_bytes()
    assert make_icons.svg() == (ROOT / "static" / "icons" / "icon.svg").read_text()


def test_icon_drawing_stays_inside_the_maskable_safe_circle():
    """Launchers may crop to a circle of radius 40%: the card and moon must fit in it."""
    x0, y0, x1, y1 = make_icons.CARD_BOX
    r = make_icons.CARD_RADIUS
    cx, cy = x1 - r, y1 - r
    corner = ((cx - 0.5) ** 2 + (cy - 0.5) ** 2) ** 0.5 + r
    assert corner <= 0.4
    assert make_icons.colour_at(0.5, 0.02) == make_icons.BACKGROUND
    assert make_icons.colour_at(0.40, 0.50) == make_icons.MOON
