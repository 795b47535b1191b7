"""List every file the site needs, with content hashes, and write sw.js from its template.

    python3 scripts/precache.py [--root DIR] [--list]

The site is: index.html, pyscript.toml, every file under static/ (static/vendor/
included when it has been vendored; the service-worker template itself
excluded), every file pyscript.toml's ``[files]`` table maps into Pyodide
(its keys are the URLs PyScript fetches, relative to the page) and every
same-origin file index.html's script, link and img tags load.

Each file gets the first 16 hex digits of its SHA-256; the version is the hash
of the whole list, so any change to any file gives a new cache name and the
service worker replaces the old cache on activation.  Run it after
``scripts/vendor.sh`` and before publishing (sw.js is generated: do not edit).
"""

from __future__ import annotations

import argparse
import hashlib
import html.parser
import json
import pathlib
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATE = "static/sw-template.js"
OUTPUT = "sw.js"
PLACEHOLDER = "__PRECACHE__"
#: never precached: the template, and things no page requests
SKIP_NAMES = {".DS_Store", "Thumbs.db"}


def digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


def mapped_files(root: pathlib.Path) -> list[str]:
    """The URLs pyscript.toml's [files] maps (relative to the site root)."""
    with (root / "pyscript.toml").open("rb") as f:
        config = tomllib.load(f)
    files = config.get("files", {})
    if not isinstance(files, dict):
        raise ValueError("pyscript.toml: [files] must be a table")
    out = []
    for url in files:
        if "{" in url or url.endswith("/") or "://" in url:
            raise ValueError(f"pyscript.toml: [files] key {url!r} is not a plain file path")
        out.append(url.removeprefix("./"))
    return out


class _Refs(html.parser.HTMLParser):
    """Files index.html loads: script src/config, link href, img src."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {"script": ("src", "config"), "link": ("href",), "img": ("src",)}.get(tag, ())
        for k, v in attrs:
            if k in names and v:
                self.refs.append(v)


def page_refs(root: pathlib.Path) -> list[str]:
    """The same-origin files index.html refers to (relative to the root)."""
    parser = _Refs()
    parser.feed((root / "index.html").read_text())
    out = []
    for ref in parser.refs:
        ref = ref.split("#")[0].split("?")[0]
        if not ref or "://" in ref or ref.startswith(("//", "data:", "/")):
            continue
        out.append(ref.removeprefix("./"))
    return out


def site_files(root: pathlib.Path = ROOT) -> list[str]:
    """Every file of the site, as URLs relative to the root, sorted; missing ones raise."""
    names = {"index.html", "pyscript.toml"}
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
    args = ap.parse_args(argv)
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
