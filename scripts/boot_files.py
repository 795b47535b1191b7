"""Build the start-up files: static/vendor/stdlib.zip and static/vendor/boot.mjs.

    python3 scripts/boot_files.py [--check] [--explain]

**static/vendor/stdlib.zip** is the standard library the page gets instead of Pyodide's
python_stdlib.zip (614 modules, 2.5 MB of source): only the modules the page can import,
as bytecode compiled by the pinned Pyodide (docstrings and column tables left out:
``optimize=2`` and PYTHONNODEBUGRANGES; Python's own test suite runs the standard library
that way), plus ``_hermitage_stdlib`` (scripts/stdlib_guard.py), which names any module
that is missing.  Which modules, derived at every set-up (scripts/stdlib_walk.py, run
inside Pyodide, does the reading):

1. the roots: what Pyodide imports while it starts; every standard-library module that an
   import anywhere in the game package names (inside functions too) and every one that
   PyScript's own Python package imports; the modules recorded in a real session
   (scripts/stdlib_recorded.txt, kept current by e2e/test_stdlib.py) and a short margin
   of modules imported by name at run time (scripts/stdlib_margin.txt);
2. then everything those modules import when they are imported, until nothing new turns
   up (code under ``if __name__ == "__main__":``, ``if TYPE_CHECKING:`` and Windows-only
   branches does not count, nor frozen modules, which are inside the WebAssembly binary).

So a new import in game/ brings its module (and what that module needs) into the zip at
the next set-up, with no list to edit.

**static/vendor/boot.mjs** tells static/js/pyodide-boot.mjs and snapshot-maker.mjs about
this build: the file names, the lock file Pyodide gets inline (pyodide-lock.json's
``info`` with no packages: the page loads none, so the 119 kB file is not fetched), the
modules the start-up snapshot imports ahead (the game modules that touch no JavaScript,
the standard-library modules that the game and PyScript import when they are imported,
and those the recorded session imported later: a warm start then imports none of them),
and the snapshot's key: a hash of Pyodide's build id, of stdlib.zip, game.zip,
the snapshot's scripts and the preload list, so any new deploy of any of them retires old
snapshots.

Both outputs are generated and git-ignored; their bytes depend only on the inputs.
``--check`` exits 1 when the files on disk are not what the inputs build; ``--explain``
prints why each module is in the zip.  Needs Node, node_modules (npm ci) and
static/game.zip (scripts/vendor.sh runs this after scripts/game_zip.py).
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import importlib.util
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STDLIB_ZIP = "static/vendor/stdlib.zip"
MANIFEST = "static/vendor/boot.mjs"
GAME_ZIP = "static/game.zip"
RECORDED = "scripts/stdlib_recorded.txt"
MARGIN = "scripts/stdlib_margin.txt"
GUARD = "scripts/stdlib_guard.py"
#: PyScript's built JS (one of its files carries PyScript's Python package)
PYSCRIPT_SOURCES = "static/vendor/pyscript"
PYODIDE = "node_modules/pyodide"
#: the files a snapshot depends on besides the zips (their hashes go into the key)
SNAPSHOT_CODE = ("static/js/pyodide-boot.mjs", "static/js/snapshot-maker.mjs", "static/js/snapshot-format.mjs",
                 "static/js/snapshot-names.mjs")


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


game_zip = _load("game_zip")
stdlib_walk = _load("stdlib_walk")


def listed(path: pathlib.Path) -> list[str]:
    """The module names in a list file (one per line, ``#`` comments)."""
    names = [line.split("#")[0].strip() for line in path.read_text().splitlines()]
    return [n for n in names if n]


@functools.lru_cache(maxsize=4)
def walk(root: pathlib.Path = ROOT) -> dict:
    """scripts/stdlib_walk.py's answer for the game under ``root`` (see the module docstring;
    remembered for the process: the inputs do not change while it runs)."""
    cmd = ["node", str(ROOT / "scripts" / "pyodide_run.mjs"), "--env", "PYTHONNODEBUGRANGES=1",
           str(ROOT / "scripts" / "stdlib_walk.py"), "--optimize", "2", "--guard", str(ROOT / GUARD),
           "--pyscript", str(ROOT / PYSCRIPT_SOURCES),
           "--source", *[str(root / p) for p in game_zip.wanted(root)],
           "--module", *listed(ROOT / RECORDED), *listed(ROOT / MARGIN),
           "--preload", *listed(ROOT / RECORDED)]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True, timeout=600).stdout
    return json.loads(out)


def build_id(root: pathlib.Path = ROOT) -> str:
    """Pyodide's build id (a hash of its wasm and glue code; a snapshot is bound to it)."""
    text = (root / PYODIDE / "pyodide.mjs").read_text()
    found = set(re.findall(r'BUILD_ID:"([0-9a-f]{16,})"', text))
    if len(found) != 1:
        raise ValueError(f"{PYODIDE}/pyodide.mjs: expected one BUILD_ID, found {sorted(found)}")
    return found.pop()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest(root: pathlib.Path, stdlib: bytes, preload: list[str]) -> str:
    """static/vendor/boot.mjs for these files."""
    lock_info = json.loads((root / PYODIDE / "pyodide-lock.json").read_text())["info"]
    parts = {"buildId": build_id(root), "stdlib": sha(stdlib), "gameZip": sha((root / GAME_ZIP).read_bytes()),
             **{p: sha((root / p).read_bytes()) for p in SNAPSHOT_CODE}, "preload": preload}
    key = sha(json.dumps(parts, sort_keys=True).encode())[:16]
    return (
        "// Generated by scripts/boot_files.py (run by scripts/vendor.sh): do not edit.\n"
        "// What static/js/pyodide-boot.mjs and snapshot-maker.mjs know about this build.\n"
        f"export const key = {json.dumps(key)};   // the start-up snapshot's: changes with any input\n"
        f"export const buildId = {json.dumps(parts['buildId'])};\n"
        f"export const stdlib = {json.dumps(STDLIB_ZIP)};\n"
        f"export const gameZip = {json.dumps(GAME_ZIP)};\n"
        f"export const lockInfo = {json.dumps(lock_info, sort_keys=True)};\n"
        f"export const preload = {json.dumps(preload)};\n")


def build(root: pathlib.Path = ROOT) -> tuple[bytes, str, dict]:
    """(stdlib.zip's bytes, boot.mjs's text, the walk)."""
    walked = walk(root)
    stdlib = game_zip.zip_bytes({name: base64.b64decode(data) for name, data in walked["pycs"].items()})
    preload = walked["preload"] + game_zip.pure_modules(root)
    return stdlib, manifest(root, stdlib, preload), walked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the files are missing or stale")
    ap.add_argument("--explain", action="store_true", help="print why each module is in the zip")
    args = ap.parse_args(argv)
    stdlib, boot, walked = build()
    outputs = {ROOT / STDLIB_ZIP: stdlib, ROOT / MANIFEST: boot.encode()}
    if args.explain:
        for name, info in walked["modules"].items():
            print(f"{name}: {info['why']}")
    if args.check:
        stale = [p for p, data in outputs.items() if not (p.is_file() and p.read_bytes() == data)]
        for p in stale:
            print(f"{p.relative_to(ROOT)}: missing or stale: run python3 scripts/boot_files.py")
        return 1 if stale else 0
    for path, data in outputs.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not (path.is_file() and path.read_bytes() == data):
            path.write_bytes(data)
    print(f"{STDLIB_ZIP}: {len(walked['modules'])} standard-library modules of "
          f"{len(walked['modules']) + len(walked['omitted'])}, as bytecode, {len(stdlib) / 1e3:.0f} kB; "
          f"{MANIFEST}: {len(walked['preload'])} + {len(game_zip.pure_modules())} modules preloaded in snapshots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
