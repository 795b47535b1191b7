"""Build static/game.zip: the game package the page runs, as ONE file of bytecode.

    python3 scripts/game_zip.py [--out PATH] [--check]

static/js/pyodide-boot.mjs fetches it while Python starts, writes it into Pyodide's file
system as /lib/game.zip and puts that on ``sys.path``: zipimport then imports ``game``
straight from the archive (one request, nothing unpacked).

The zip holds the bytecode of every .py under game/ except the terminal front end
(game/__main__.py), the AI arena (game/ai/arena.py) and the contract checks
(game/testing.py), named the way zipimport looks for
it (``game/core.pyc``, ``game/ui/app.pyc``, ...) and compiled by the pinned Pyodide
itself (scripts/pyodide_compile.py, run in Node by scripts/pyodide_run.mjs): hash-based
unchecked pycs (PEP 552), which the importer uses without any source; compiling the
game's modules was the largest part of importing them (measured in Node:
``import game.ui.app`` ~150 ms from source, ~35 ms from pycs).  No sources: the page never
shows them (a traceback still names the file and line), and they would be a third more
bytes on every first visit; column tables are left out too (PYTHONNODEBUGRANGES), as there
is no source line to underline.  It is generated and git-ignored: scripts/vendor.sh (run
by scripts/serve.sh, scripts/test.sh and scripts/build-site.sh) writes it, so serving a
bare checkout with ``python3 -m http.server`` without that set-up does not work (it never
did: static/vendor/ is generated too); ``bash scripts/serve.sh`` is the way.

The bytes depend only on the sources (and the pinned Pyodide): entries sorted, a fixed
timestamp and fixed permissions, deflate at a fixed level, pycs without timestamps; so
the service worker's content hash (scripts/precache.py) and the start-up snapshot's key
(scripts/boot_files.py) change exactly when a module does.  ``--check`` exits 1 when the
file on disk is not what the sources build.  Needs Node and node_modules/pyodide
(scripts/vendor.sh installs both before calling this).
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
    """``{"game/core.pyc": bytes, ...}`` for :func:`wanted`, compiled by the pinned Pyodide."""
    out = subprocess.run(["node", str(ROOT / "scripts" / "pyodide_run.mjs"), "--env", "PYTHONNODEBUGRANGES=1",
                          str(ROOT / "scripts" / "pyodide_compile.py"), *wanted(root)],
                         cwd=root, check=True, capture_output=True, text=True, timeout=300).stdout
    return {name: base64.b64decode(data) for name, data in json.loads(out).items()}


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A zip of ``files`` whose bytes depend on nothing else (order, times, permissions)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3          # unix, whatever the building machine
            z.writestr(info, files[name], compresslevel=9)
    return buf.getvalue()


def build(root: pathlib.Path = ROOT, pycs: dict[str, bytes] | None = None) -> bytes:
    """The zip's bytes for the sources under ``root`` (their pycs: compiled here unless given)."""
    return zip_bytes(pyodide_pycs(root) if pycs is None else pycs)


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
          f"the bytecode of {len(wanted())} modules, {len(data) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
