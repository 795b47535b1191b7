"""Build static/game.zip: the game package the page runs, as ONE file.

    python3 scripts/game_zip.py [--out PATH] [--check]

static/js/pyodide-boot.mjs fetches it while Python starts, writes it into Pyodide's file
system as /lib/game.zip and puts that on ``sys.path``: zipimport then imports ``game``
straight from the archive (one request, nothing unpacked).

The zip holds every .py under game/ except the terminal front end (game/__main__.py), the
AI arena (game/ai/arena.py) and the contract checks (game/testing.py), named the way
zipimport looks for them, in one of two forms:

- **lean source** (``game/core.py``, ...) for the modules the start-up snapshot imports
  ahead (:func:`pure_modules`: the ones that touch no JavaScript): the source without its
  comments and docstrings, every remaining line where it was (:func:`lean_source`), so a
  traceback names the same line as the repository.  A returning player gets these modules
  already imported from the snapshot; only a first visit (and a browser that cannot keep
  a snapshot) compiles them, about 0.2 s in Pyodide for all of them, and they are under
  half the bytes of their bytecode (measured: 121 kB against 279 kB for the whole zip);
- **bytecode** (``game/ui/app.pyc``, ``game/ui/boot.pyc``) for the modules every start
  imports, snapshot or not, compiled by the pinned Pyodide itself
  (scripts/pyodide_compile.py, run in Node by scripts/pyodide_run.mjs): hash-based
  unchecked pycs (PEP 552), which the importer uses without any source (measured in Node:
  ``import game.ui.app`` ~150 ms from source, ~35 ms from pycs); no docstrings, no column
  tables (PYTHONNODEBUGRANGES).

It is generated and git-ignored: scripts/vendor.sh (run by scripts/serve.sh,
scripts/test.sh and scripts/build-site.sh) writes it, so serving a bare checkout with
``python3 -m http.server`` without that set-up does not work (it never did: static/vendor/
is generated too); ``bash scripts/serve.sh`` is the way.

The bytes depend only on the sources (and the pinned Pyodide): entries sorted, a fixed
timestamp and fixed permissions, deflate at a fixed level, pycs without timestamps; so
the service worker's content hash (scripts/precache.py) and the start-up snapshot's key
(scripts/boot_files.py) change exactly when a module does.  ``--check`` exits 1 when the
file on disk is not what the sources build.  Needs Node and node_modules/pyodide
(scripts/vendor.sh installs both before calling this).
"""

from __future__ import annotations

import argparse
import ast
import base64
import importlib.util
import io
import json
import pathlib
import subprocess
import sys
import tokenize
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = "static/game.zip"
SKIP = {"game/__main__.py", "game/ai/arena.py", "game/testing.py"}
#: 1980-01-01, the earliest time a zip entry can carry
EPOCH = (1980, 1, 1, 0, 0, 0)
#: import names that reach JavaScript: a module importing one is not preloaded in snapshots
JS_MODULES = {"js", "pyodide", "pyscript", "polyscript", "_pyscript"}


def _walk():
    """scripts/stdlib_walk.py, for its reading of import statements."""
    spec = importlib.util.spec_from_file_location("stdlib_walk", ROOT / "scripts" / "stdlib_walk.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wanted(root: pathlib.Path = ROOT) -> list[str]:
    """The modules the page needs, as paths relative to the repo, sorted."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py")
                  if "__pycache__" not in p.parts and p.relative_to(root).as_posix() not in SKIP)


def module_name(path: str) -> str:
    """The module a path under the repository holds.

    >>> module_name("game/ui/__init__.py"), module_name("game/core.py")
    ('game.ui', 'game.core')
    """
    return path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def pure_modules(root: pathlib.Path = ROOT) -> list[str]:
    """The game modules that can be imported without touching JavaScript: neither they nor
    any game module they import (when imported) imports ``js``, ``pyodide`` or PyScript.
    The start-up snapshot imports these ahead (scripts/boot_files.py)."""
    imported_names = _walk().imported_names
    deps = {}
    for path in wanted(root):
        name = module_name(path)
        deps[name] = imported_names((root / path).read_bytes(), name, path.endswith("__init__.py"), lazy=False)
    impure = {n for n, d in deps.items() if any(x.partition(".")[0] in JS_MODULES for x in d)}
    while True:
        more = {n for n, d in deps.items() if n not in impure and d & impure}
        if not more:
            return sorted(set(deps) - impure)
        impure |= more


def lean_source(source: bytes) -> bytes:
    r"""``source`` without its comments and docstrings, each remaining token on the line it
    was on (a docstring that was a body's only statement becomes ``pass``); trailing
    blanks dropped.

    >>> src = b"'Doc.'\nimport a  # why\ndef f(x):\n    '''One\n    two.'''\n    return '# no'\nclass C:\n    'only'\n"
    >>> print(lean_source(src).decode(), end="|")
    <BLANKLINE>
    import a
    def f(x):
    <BLANKLINE>
    <BLANKLINE>
        return '# no'
    class C:
        pass
    |
    """
    lines = source.decode("utf-8").splitlines(keepends=True)
    cuts = []           # (first line, first column, last line, end column, replacement); 1-based lines
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                line = lines[first.lineno - 1].encode()        # ast's columns count UTF-8 bytes
                end = lines[first.end_lineno - 1].encode()
                cuts.append((first.lineno, len(line[:first.col_offset].decode()), first.end_lineno,
                             len(end[:first.end_col_offset].decode()), "pass" if len(node.body) == 1 else ""))
    for tok in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        if tok.type == tokenize.COMMENT:
            cuts.append((tok.start[0], tok.start[1], tok.end[0], tok.end[1], ""))
    for a, ca, b, cb, text in sorted(cuts, reverse=True):
        tail = lines[b - 1][cb:]
        lines[a - 1:b] = [lines[a - 1][:ca] + text + tail] + ["\n"] * (b - a)
    return "".join(line.rstrip() + "\n" for line in "".join(lines).splitlines()).encode()


def pyodide_pycs(root: pathlib.Path = ROOT, paths: list[str] | None = None) -> dict[str, bytes]:
    """``{"game/ui/app.pyc": bytes, ...}`` for ``paths`` (default: :func:`wanted`), compiled by the pinned Pyodide."""
    out = subprocess.run(["node", str(ROOT / "scripts" / "pyodide_run.mjs"), "--env", "PYTHONNODEBUGRANGES=1",
                          str(ROOT / "scripts" / "pyodide_compile.py"), *(wanted(root) if paths is None else paths)],
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


def entries(root: pathlib.Path = ROOT, compile_pycs=pyodide_pycs) -> dict[str, bytes]:
    """``{name in the zip: bytes}``: lean sources of the :func:`pure_modules`, bytecode of the
    rest (``compile_pycs(root, paths)`` gives it: the pinned Pyodide's, unless a test's)."""
    pure = set(pure_modules(root))
    out = {p: lean_source((root / p).read_bytes()) for p in wanted(root) if module_name(p) in pure}
    return out | compile_pycs(root, [p for p in wanted(root) if module_name(p) not in pure])


def build(root: pathlib.Path = ROOT, compile_pycs=pyodide_pycs) -> bytes:
    """The zip's bytes for the sources under ``root``."""
    return zip_bytes(entries(root, compile_pycs))


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
          f"{len(wanted())} modules ({len(wanted()) - len(pure_modules())} as bytecode), {len(data) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
