"""List every file the site needs, with content hashes, and write sw.js from its template.

    python3 scripts/precache.py [--root DIR] [--list]

The site is: index.html, pyscript.json (PyScript's config; JSON because PyScript
parses it natively, where TOML costs one more script download), every file
under static/ (static/vendor/ and static/game.zip included once the set-up has
generated them; the service-worker template itself excluded), every URL
pyscript.json's ``files`` maps into Pyodide (relative to the page: plain files,
or archives PyScript extracts) and every same-origin file
index.html's script, link and img tags load.

Each file gets the first 16 hex digits of its SHA-256; the version is the hash
of the whole list, so any change to any file gives a new cache name and the
service worker replaces the old cache on activation.  Run it after
``scripts/vendor.sh`` and before publishing (sw.js is generated: do not edit).
It also checks index.html's Content-Security-Policy meta tag against its inline
scripts (warnings on stderr); ``--csp`` prints the policy to paste
(docs/security.md explains it).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html.parser
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATE = "static/sw-template.js"
OUTPUT = "sw.js"
#: PyScript's config, named by index.html's <script type="py" config=...>
CONFIG = "pyscript.json"
PLACEHOLDER = "__PRECACHE__"
#: never precached: the template, and things no page requests
SKIP_NAMES = {".DS_Store", "Thumbs.db"}


def digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


#: What PyScript accepts as an archive key in ``files`` (its target must end in "/*"):
#: fetched once, extracted into the target folder.
ARCHIVES = (".zip", ".whl", ".tgz", ".tar.gz", ".tar")


def mapped_files(root: pathlib.Path) -> list[str]:
    """The URLs pyscript.json's ``files`` maps (relative to the site root).

    A key is a plain file (copied to its target) or an archive (``"./game.zip":
    "./*"``: extracted there); either way one URL the page fetches.  Anything
    else (``{DOMAIN}`` templates, folders, other origins) is refused: the
    service worker could not know what to precache.
    """
    config = json.loads((root / CONFIG).read_text())
    files = config.get("files", {})
    if not isinstance(files, dict):
        raise ValueError(f"{CONFIG}: files must be an object")
    out = []
    for url, target in files.items():
        if "{" in url or url.endswith("/") or "://" in url:
            raise ValueError(f"{CONFIG}: files key {url!r} is not a plain file path")
        if str(target).endswith("/*") and not url.endswith(ARCHIVES):
            raise ValueError(f"{CONFIG}: files {url!r}: {target!r}: only an archive "
                             f"({', '.join(ARCHIVES)}) can be extracted into a folder")
        out.append(url.removeprefix("./"))
    return out


#: The Content-Security-Policy measured for the page (docs/security.md); the
#: hashes of index.html's inline scripts are appended to script-src.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval'{hashes}; style-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'")


class _Refs(html.parser.HTMLParser):
    """What index.html loads (script src/config, link href, img src), its inline
    scripts and style attributes, and its CSP meta tags in order."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.inline: list[str] = []
        self.styles: list[str] = []
        self.csp: list[tuple[int, str]] = []      # (index among head elements, policy)
        self.head_elements = 0
        self._script: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        names = {"script": ("src", "config"), "link": ("href",), "img": ("src",)}.get(tag, ())
        for k, v in attrs:
            if k in names and v:
                self.refs.append(v)
        if a.get("style") is not None:
            self.styles.append(tag)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append((self.head_elements, a.get("content") or ""))
        if tag in ("meta", "link", "script", "style", "title", "base"):
            self.head_elements += 1
        if tag == "script" and "src" not in a and a.get("type", "text/javascript") in (
                "text/javascript", "module", "application/javascript", ""):
            self._script = []

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.inline.append("".join(self._script))
            self._script = None


def _parse_index(root: pathlib.Path) -> _Refs:
    parser = _Refs()
    parser.feed((root / "index.html").read_text())
    parser.close()
    return parser


def inline_hashes(root: pathlib.Path = ROOT) -> list[str]:
    """CSP source expressions ('sha256-...') for index.html's inline scripts."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
            for s in _parse_index(root).inline]


def csp(root: pathlib.Path = ROOT) -> str:
    """The recommended policy for index.html as it is now."""
    hashes = inline_hashes(root)
    return CSP.format(hashes="".join(" " + h for h in hashes))


def csp_problems(root: pathlib.Path = ROOT) -> list[str]:
    """Why index.html's CSP meta tag would break or weaken the page ([] when fine)."""
    page = _parse_index(root)
    if not page.csp:
        return ["index.html has no Content-Security-Policy meta tag "
                f"(suggested: {csp(root)})"]
    out = []
    first, policy = page.csp[0]
    if first != 1:
        out.append("the CSP meta tag must come right after <meta charset>, before anything it governs")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    script = directives.get("script-src", directives.get("default-src", []))
    for h in inline_hashes(root):
        if h not in script and "'unsafe-inline'" not in script:
            out.append(f"script-src lacks {h}: an inline script of index.html changed")
    style = directives.get("style-src", directives.get("default-src", []))
    if page.styles and "'unsafe-inline'" not in style:
        out.append(f"style attributes in index.html ({', '.join(page.styles)}) are blocked by style-src: "
                   "move them to the stylesheet")
    return out


def page_refs(root: pathlib.Path) -> list[str]:
    """The same-origin files index.html refers to (relative to the root)."""
    out = []
    for ref in _parse_index(root).refs:
        ref = ref.split("#")[0].split("?")[0]
        if not ref or "://" in ref or ref.startswith(("//", "data:", "/")):
            continue
        out.append(ref.removeprefix("./"))
    return out


def site_files(root: pathlib.Path = ROOT) -> list[str]:
    """Every file of the site, as URLs relative to the root, sorted; missing ones raise."""
    names = {"index.html", CONFIG}
    static = root / "static"
    if static.is_dir():
        for p in static.rglob("*"):
            rel = p.relative_to(root).as_posix()
            if p.is_file() and rel != TEMPLATE and p.name not in SKIP_NAMES and "__pycache__" not in p.parts:
                names.add(rel)
    names.update(mapped_files(root))
    names.update(page_refs(root))
    missing = sorted(n for n in names if not (root / n).is_file())
    if missing:
        raise FileNotFoundError(f"the site needs files that are not there: {', '.join(missing)}")
    return sorted(names)


def precache(root: pathlib.Path = ROOT) -> dict:
    """``{"version": combined hash, "files": {url: hash}}`` for the site under ``root``."""
    files = {name: digest(root / name) for name in site_files(root)}
    combined = hashlib.sha256("".join(f"{n}\t{h}\n" for n, h in files.items()).encode()).hexdigest()[:16]
    return {"version": combined, "files": files}


def render(root: pathlib.Path = ROOT, data: dict | None = None) -> str:
    """sw.js: the template with the precache list filled in."""
    template = (root / TEMPLATE).read_text()
    if template.count(PLACEHOLDER) != 1:
        raise ValueError(f"{TEMPLATE}: expected {PLACEHOLDER} exactly once")
    data = precache(root) if data is None else data
    return template.replace(PLACEHOLDER, json.dumps(data, indent=1, sort_keys=True))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=pathlib.Path, default=ROOT, help="the site's root (default: the repo)")
    ap.add_argument("--list", action="store_true", help="print the precache list as JSON, write nothing")
    ap.add_argument("--csp", action="store_true", help="print the recommended CSP for index.html, write nothing")
    args = ap.parse_args(argv)
    if args.csp:
        print(csp(args.root))
        return 0
    problems = csp_problems(args.root)
    for p in problems:
        print(f"precache: warning: {p}", file=sys.stderr)
    data = precache(args.root)
    if args.list:
        print(json.dumps(data, indent=1, sort_keys=True))
        return 0
    (args.root / OUTPUT).write_text(render(args.root, data))
    size = sum((args.root / n).stat().st_size for n in data["files"])
    print(f"{OUTPUT}: {len(data['files'])} files, {size / 1e6:.1f} MB, version {data['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
