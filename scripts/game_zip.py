"""Build static/game.zip: the game package the page runs, as ONE file PyScript fetches.

    python3 scripts/game_zip.py [--out PATH] [--check]

pyscript.json's ``files`` maps it with ``"./static/game.zip": "./*"``: PyScript
(@pyscript/core 0.7.31) fetches a key ending in .zip whose target ends in ``/*``
once and extracts it into that folder of Pyodide's file system, so the entries
(``game/__init__.py``, ``game/ui/app.py``, ...) land where ``import game`` finds
them.  One request instead of one per module.

The zip holds every .py under game/ except the terminal front end
(game/__main__.py) and the AI arena (game/ai/arena.py).  It is generated and
git-ignored: scripts/vendor.sh (run by scripts/serve.sh, scripts/test.sh and
scripts/build-site.sh) writes it, so serving a bare checkout with
``python3 -m http.server`` without that set-up does not work (it never did:
static/vendor/ is generated too); ``bash scripts/serve.sh`` is the way.

The bytes depend only on the sources: entries sorted, a fixed timestamp and
fixed permissions, deflate at a fixed level; so the service worker's content
hash (scripts/precache.py) changes exactly when a module does.  ``--check``
exits 1 when the file on disk is not what the sources build.
"""

from __future__ import annotations

import argparse
import io
import pathlib
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = "static/game.zip"
SKIP = {"game/__main__.py", "game/ai/arena.py"}
#: 1980-01-01, the earliest time a zip entry can carry
EPOCH = (1980, 1, 1, 0, 0, 0)


def wanted(root: pathlib.Path = ROOT) -> list[str]:
    """The modules the page needs, as paths relative to the repo, sorted."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py")
                  if "__pycache__" not in p.parts and p.relative_to(root).as_posix() not in SKIP)


def build(root: pathlib.Path = ROOT) -> bytes:
    """The zip's bytes for the sources under ``root``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in wanted(root):
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3          # unix, whatever the building machine
            z.writestr(info, (root / name).read_bytes(), compresslevel=9)
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
          f"{len(wanted())} modules, {len(data) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
