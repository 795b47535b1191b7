"""Build static/game.zip: the game package the page runs, as ONE file PyScript fetches.

    python3 scripts/game_zip.py [--out PATH] [--check]

pyscript.json's ``files`` maps it with ``"./static/game.zip": "./*"``: PyScript
(@pyscript/core 0.7.31) fetches a key ending in .zip whose target ends in ``/*``
once and extracts it (Pyodide's unpackArchive) into that folder of its file system, so the entries
(``game/__init__.py``, ``game/ui/app.py``, ...) land where ``import game`` finds
them.  One request instead of one per module.

The zip holds every .py under game/ except the terminal front end
(game/__main__.py), the AI arena (game/ai/arena.py) and the contract checks
(game/testing.py), and each one's bytecode
(``game/__pycache__/core.cpython-314.pyc``, ...) compiled by the vendored Pyodide
itself (scripts/pyodide_compile.mjs, in Node): hash-based unchecked pycs
(PEP 552), which Pyodide's importer uses without compiling the source; its
standard library ships as source only, and compiling the game's modules was the
largest part of importing them (measured in Node: ``import game.ui.app`` ~150 ms
from source, ~35 ms from these pycs).  It is generated and
git-ignored: scripts/vendor.sh (run by scripts/serve.sh, scripts/test.sh and
scripts/build-site.sh) writes it, so serving a bare checkout with
``python3 -m http.server`` without that set-up does not work (it never did:
static/vendor/ is generated too); ``bash scripts/serve.sh`` is the way.

The bytes depend only on the sources (and the pinned Pyodide): entries sorted, a
fixed timestamp and fixed permissions, deflate at a fixed level, pycs without
timestamps; so the service worker's content hash (scripts/precache.py) changes
exactly when a module does.  ``--check`` exits 1 when the file on disk is not
what the sources build.  Needs Node and static/vendor/pyodide (scripts/vendor.sh
installs both before calling this).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import pathlib
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = "static/game.zip"
SKIP = {"game/__main__.py", "game/ai/arena.py", "game/testing.py"}
#: 1980-01-01, the earliest time a zip entry can carry
EPOCH = (1980, 1, 1, 0, 0, 0)


def wanted(root: pathlib.Path = ROOT) -> list[str]:
    """The modules the page needs, as paths relative to the repo, sorted."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py")
                  if "__pycache__" not in p.parts and p.relative_to(root).as_posix() not in SKIP)


def pyodide_pycs(root: pathlib.Path = ROOT) -> dict[str, bytes]:
    """``{"game/__pycache__/core.cpython-314.pyc": bytes, ...}`` for :func:`wanted`,
    compiled by the vendored Pyodide in Node (scripts/pyodide_compile.mjs)."""
    out = subprocess.run(["node", str(ROOT / "scripts" / "pyodide_compile.mjs"), *wanted(root)],
                         cwd=root, check=True, capture_output=True, text=True, timeout=300).stdout
    return {name: base64.b64decode(data) for name, data in json.loads(out).items()}


def build(root: pathlib.Path = ROOT, pycs: dict[str, bytes] | None = None) -> bytes:
    """The zip's bytes for the sources under ``root`` (and their pycs: compiled here
    unless given; ``{}`` for none)."""
    if pycs is None:
        pycs = pyodide_pycs(root)
    files = {name: (root / name).read_bytes() for name in wanted(root)} | pycs
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3          # unix, whatever the building machine
            z.writestr(info, files[name], compresslevel=9)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / OUTPUT)
    ap.add_argument("--check", action="store_true", help="exit 1 if the zip is missing or stale")
    args = ap.parse_args(argv)
    data = build()
    if args.check:
        ok = args.out.is_file() and args.out.read_bytes() == data
        print(f"{args.out}: {'current' if ok else 'missing or stale: run python3 scripts/game_zip.py'}")
        return 0 if ok else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not (args.out.is_file() and args.out.read_bytes() == data):
        args.out.write_bytes(data)
    print(f"{args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: "
          f"{len(wanted())} modules and their bytecode, {len(data) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
