"""Which standard-library modules the page can import, found by reading imports; compiled.

Runs INSIDE Pyodide (the page's CPython 3.14), started by scripts/stdlib_zip.py:

    node scripts/pyodide_run.mjs scripts/stdlib_walk.py [--source FILE.py ...] \
        [--pyscript PYSCRIPT.js] [--module NAME ...] [--exclude NAME ...] [--guard FILE.py]

The roots are

* the modules Pyodide itself has imported when it has started (``sys.modules`` before
  anything else runs: scripts/pyodide_run.mjs records it);
* every standard-library module named by an import in the ``--source`` files (the game
  package) and in PyScript's own Python package (``--pyscript``: the JS file of
  @pyscript/core that holds its sources);
* the ``--module`` names (the recorded and margin lists of scripts/stdlib_zip.py).

From the roots, every import in a module's source (at any depth: inside functions, ``try``
and ``if`` blocks too, so lazily imported modules are kept) that names a module of the full
standard library pulls that module in, with its parent packages, until nothing new is found.
``--exclude`` names (and their submodules) are never pulled in.

Prints JSON: ``modules`` (name -> the zip entry and why it is in), ``pycs`` (zip entry ->
base64 bytecode: hash-based unchecked pycs of this interpreter, PEP 552; with ``--guard``
also ``_hermitage_stdlib.pyc``), ``omitted`` (every module of the full standard library
left out) and ``preload`` (what the start-up snapshot imports ahead: the kept modules the
sources import as soon as they are imported, and those named by ``--preload``, modules a
real session of the page imported later, such as ``fractions`` that the Hermit rules import
when a deal starts; never Pyodide's own, which the interpreter has imported already).
"""

from __future__ import annotations

import sys

#: what Pyodide had imported before this script ran (recorded by scripts/pyodide_run.mjs)
BOOTED = list(getattr(sys, "_pyodide_boot_modules", ()))

import _imp  # noqa: E402
import argparse  # noqa: E402
import ast  # noqa: E402
import base64  # noqa: E402
import importlib.util  # noqa: E402
import glob  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import json  # noqa: E402
import zipfile  # noqa: E402

#: where the zip keeps PyScript's package compiled (the page copies it out: stdlib_guard.py)
PYSCRIPT_CACHE = "_hermitage_pyscript"
#: the full standard library the npm package ships, where Pyodide puts it
ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def stdlib_files(zip_path: str = ZIP) -> dict[str, str]:
    """``{module name: zip entry of its source}`` for every module in the zip.

    >>> files = {"a/__init__.py": 1, "a/b.py": 1, "c.py": 1, "a/data.txt": 1}
    >>> sorted(_names(files).items())
    [('a', 'a/__init__.py'), ('a.b', 'a/b.py'), ('c', 'c.py')]
    """
    with zipfile.ZipFile(zip_path) as z:
        return _names(z.namelist())


def _names(entries) -> dict[str, str]:
    out = {}
    for entry in entries:
        if not entry.endswith(".py"):
            continue
        parts = entry[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(p.isidentifier() for p in parts):
            out[".".join(parts)] = entry
    return out


def imported_names(source: str | bytes, module: str, is_package: bool, lazy: bool = True) -> set[str]:
    """Every module name an import statement in ``source`` may load (absolute, with parents;
    ``from a import b`` also gives ``a.b``, which the caller keeps only if it is a module).

    With ``lazy=False`` only the imports that run when the module is imported count: not
    those inside functions, nor under ``if __name__ == "__main__":`` or ``if TYPE_CHECKING:``.

    >>> sorted(imported_names("import a.b\\nfrom c import d\\ndef f():\\n    from . import e", "p.q", False))
    ['a', 'a.b', 'c', 'c.d', 'p', 'p.e']
    >>> sorted(imported_names("import a.b\\nfrom c import d\\ndef f():\\n    from . import e", "p.q", False, lazy=False))
    ['a', 'a.b', 'c', 'c.d']
    >>> sorted(imported_names("if __name__ == '__main__':\\n    import t\\nif TYPE_CHECKING:\\n    import u", "p", False, lazy=False))
    []
    >>> sorted(imported_names("if sys.platform == 'win32':\\n    import w\\nelse:\\n    import x", "p", False, lazy=False))
    ['x']
    >>> sorted(imported_names("from .x import y", "p", True))
    ['p', 'p.x', 'p.x.y']
    >>> sorted(imported_names("import importlib\\nimportlib.import_module('m.n')", "z", False))
    ['importlib', 'm', 'm.n']
    """
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()

    def add(name: str) -> None:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            found.add(".".join(parts[:i]))

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            if prefix:
                add(prefix)
                for alias in node.names:
                    if alias.name != "*":
                        add(f"{prefix}.{alias.name}")
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name) and node.func.id in ("__import__", "import_module")))):
            add(node.args[0].value)
        if not lazy:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return
            if isinstance(node, ast.If):
                truth = static_truth(node.test)
                if truth is not None:
                    for child in (node.body if truth else node.orelse):
                        visit(child)
                    return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


#: what the tests of the few conditions below see in Pyodide
FACTS = {"platform": "emscripten", "name": "posix", "__name__": "<a module>"}


def static_truth(test: ast.expr) -> bool | None:
    """The value of an ``if`` test that is known before running: ``__name__ == "__main__"``,
    ``TYPE_CHECKING`` (false) and platform tests (``sys.platform == "win32"``,
    ``os.name != "nt"``, ``sys.platform.startswith("win")``); None for anything else.

    >>> [static_truth(ast.parse(t).body[0].value) for t in (
    ...     "__name__ == '__main__'", "typing.TYPE_CHECKING", "sys.platform == 'win32'",
    ...     "_os.name != 'nt'", "sys.platform.startswith('win')", "x == 1")]
    [False, False, False, True, False, None]
    """
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
        return False
    if isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
        return False
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
            and isinstance(test.comparators[0], ast.Constant)):
        left = test.left
        key = left.id if isinstance(left, ast.Name) else left.attr if isinstance(left, ast.Attribute) else None
        if key in FACTS and (key != "__name__" or isinstance(left, ast.Name)):
            same = FACTS[key] == test.comparators[0].value
            return same if isinstance(test.ops[0], ast.Eq) else not same
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "startswith"
            and isinstance(test.func.value, ast.Attribute) and test.func.value.attr == "platform"
            and test.args and isinstance(test.args[0], ast.Constant) and isinstance(test.args[0].value, str)):
        return FACTS["platform"].startswith(test.args[0].value)
    return None


def closure(roots: dict[str, str], files: dict[str, str], read, exclude: set[str]) -> dict[str, str]:
    """``{module: why}`` for the roots (``{module: why}``) and everything their imports reach
    when they are imported (frozen modules included: the caller leaves them out of the zip)."""

    def excluded(name: str) -> bool:
        return any(name == x or name.startswith(x + ".") for x in exclude)

    out: dict[str, str] = {}
    todo = [(name, why) for name, why in roots.items()]
    while todo:
        name, why = todo.pop()
        if name in out or name not in files or excluded(name):
            continue
        out[name] = why
        parent = name.rpartition(".")[0]
        if parent:
            todo.append((parent, f"package of {name}"))
        entry = files[name]
        for dep in imported_names(read(entry), name, entry.endswith("/__init__.py"), lazy=False):
            if dep not in out:
                todo.append((dep, f"imported by {name}"))
    return out


def pyscript_sources(dist: str) -> dict[str, str]:
    """PyScript's Python package exactly as the page writes it, from @pyscript/core's built
    JS in ``dist`` (its ``{"__init__.py": "...", "web.py": "...", ...}``): ``{"pyscript/web.py": text}``.

    """
    for path in sorted(glob.glob(os.path.join(dist, "*.js"))):
        text = open(path, encoding="utf-8").read()
        if '"__init__.py":"' not in text:
            continue
        out = {}
        for match in re.finditer(r'"(\w+\.py)":(?=")', text):
            value, _ = js_string(text, match.end())
            out[f"pyscript/{match.group(1)}"] = value
        return out
    raise FileNotFoundError(f"{dist}: no JS file carries PyScript's Python package")


def js_string(text: str, start: int) -> tuple[str, int]:
    r"""The JS string literal at ``text[start]`` (a quote): its value and where it ends.

    >>> js_string(r'x="a\n\u26a0\x41\'b"', 2)
    ("a\n⚠A'b", 20)
    """
    quote, i, out = text[start], start + 1, []
    escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": ""}
    while text[i] != quote:
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
        elif text[i + 1] == "u" and text[i + 2] == "{":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3:end], 16)))
            i = end + 1
        elif text[i + 1] in "ux":
            size = 4 if text[i + 1] == "u" else 2
            out.append(chr(int(text[i + 2:i + 2 + size], 16)))
            i += 2 + size
        else:
            out.append(escapes.get(text[i + 1], text[i + 1]))
            i += 2
    value = "".join(out).encode("utf-16", "surrogatepass").decode("utf-16")   # pairs -> characters
    return value, i + 1


#: Modules frozen under another name: importlib's __init__ binds these names to the frozen
#: ``_frozen_importlib*`` (in sys.modules) and reads the files only where nothing is frozen.
FROZEN_AS = {"importlib._bootstrap": "_frozen_importlib",
             "importlib._bootstrap_external": "_frozen_importlib_external"}


def frozen(name: str) -> bool:
    """Whether ``name`` is built into the wasm, under its own name or the one importlib gives it."""
    return _imp.is_frozen(FROZEN_AS.get(name, name))


def compile_pyc(source: bytes, entry: str, optimize: int) -> bytes:
    """Bytecode for one module, as zipimport loads it (``co_filename`` where Pyodide's own
    stdlib zip would put it, so tracebacks read the same)."""
    return pyc(source, f"{ZIP}/{entry}", optimize)


def pyc(*args, **kwargs) -> bytes:
    from pyodide_compile import pyc as compile_one      # beside this file (scripts/)
    return compile_one(*args, **kwargs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", nargs="*", default=[], help="Python files whose imports are roots")
    ap.add_argument("--pyscript", help="the folder of @pyscript/core's built JS (static/vendor/pyscript)")
    ap.add_argument("--module", nargs="*", default=[], help="more roots")
    ap.add_argument("--preload", nargs="*", default=[], help="more modules the snapshot imports ahead (when kept)")
    ap.add_argument("--exclude", nargs="*", default=[], help="never kept (nor their submodules)")
    ap.add_argument("--optimize", type=int, default=0, help="compile() optimize level for the pycs")
    ap.add_argument("--guard", help="scripts/stdlib_guard.py: compiled in as _hermitage_stdlib, OMITTED filled in")
    args = ap.parse_args(argv)

    files = stdlib_files()
    z = zipfile.ZipFile(ZIP)
    roots: dict[str, str] = {}

    def root(name: str, why: str) -> None:
        roots.setdefault(name, why)

    for name in BOOTED:
        root(name, "imported by Pyodide when it starts")
    sources = {path: open(path, "rb").read() for path in args.source}
    pyscript = pyscript_sources(args.pyscript) if args.pyscript else {}
    sources |= pyscript
    at_import: set[str] = set()        # what the sources import as soon as they are imported
    for path, text in sorted(sources.items()):
        module = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        for name in imported_names(text, module, path.endswith("__init__.py")):
            root(name, f"imported by {path}")
        at_import |= imported_names(text, module, path.endswith("__init__.py"), lazy=False)
    for name in args.module:
        root(name, "listed")
    kept = closure(roots, files, z.read, set(args.exclude))
    kept = {name: why for name, why in kept.items() if not frozen(name)}   # built into the wasm
    modules, pycs = {}, {}
    for name in sorted(kept):
        entry = files[name]
        target = entry[:-3] + ".pyc"
        modules[name] = {"entry": target, "why": kept[name]}
        pycs[target] = base64.b64encode(compile_pyc(z.read(entry), entry, args.optimize)).decode()
    omitted = sorted(set(files) - set(kept))
    if args.guard:
        source = open(args.guard, "rb").read()
        source += f"\nOMITTED = frozenset({omitted!r})\n".encode()
        pycs["_hermitage_stdlib.pyc"] = base64.b64encode(
            compile_pyc(source, "_hermitage_stdlib.py", args.optimize)).decode()
    # PyScript's package, compiled ahead: the page finds these beside the sources PyScript
    # writes (checked: used only while their hash matches the source's)
    for path, text in pyscript.items():
        target = f"{PYSCRIPT_CACHE}/{importlib.util.cache_from_source(path)}"
        pycs[target] = base64.b64encode(pyc(text.encode(), path, checked=True)).decode()
    preload = sorted(n for n in at_import | set(args.preload)
                     if n in kept and n.partition(".")[0] not in ("pyodide", "_pyodide"))
    print(json.dumps({"modules": modules, "pycs": pycs, "omitted": omitted, "preload": preload,
                      "python": sys.version.split()[0]}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
