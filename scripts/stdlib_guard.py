"""Names the module when the page's trimmed standard library lacks one; puts PyScript's
package, compiled ahead, where Python finds it.

This file runs on the page: scripts/boot_files.py compiles it into
static/vendor/stdlib.zip as ``_hermitage_stdlib``, with ``OMITTED`` filled in (every module
of Pyodide's full standard library that the zip leaves out), and static/js/pyodide-boot.mjs
calls :func:`install` as soon as Python has started.  The finder sits last on
``sys.meta_path``, so it is asked only about a module nothing else found: for an omitted
one it tells the page (``window.hermitageMissingModule(name)``, which shows a message and
logs an error) and raises ModuleNotFoundError with the name, instead of a bare "No module
named ..." deep inside a traceback.  Modules that Pyodide never had are not its business.

PyScript writes its own Python package (``pyscript/*.py``) into the working folder at every
start and imports it, which compiles it: :func:`unpack_pyscript_bytecode` puts the same
modules' bytecode (compiled at set-up from the vendored PyScript, kept in the zip under
``_hermitage_pyscript/``) in ``pyscript/__pycache__`` first.  The pycs are hash-checked:
Python uses one only if the source PyScript wrote has the hash it was compiled from, and
compiles the source otherwise, so they can make the start faster, never different.

PyScript then imports its package before it runs the page's script, but the page never uses
it (game/ui talks to ``js`` and ``pyodide.ffi`` directly), and running it cost every start
40-160 ms of the main thread (measured in warm starts, 2026-11-26).  :class:`Lazy` makes that
import lazy (``importlib.util.LazyLoader``): the module object is made at once and its code
runs the first time anything is looked up in it, so ``import pyscript`` and everything in it
still work, only later.

>>> finder = install(report=seen.append, omitted={"left_out"})
>>> import left_out
Traceback (most recent call last):
  ...
ModuleNotFoundError: No module named 'left_out': the page's trimmed standard library left it out (add it to scripts/stdlib_margin.txt)
>>> seen
['left_out']
>>> uninstall()
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys

#: filled in by scripts/boot_files.py
OMITTED: frozenset[str] = frozenset()

seen: list[str] = []     # the doctest's reporter


def report_to_page(name: str) -> None:
    """Tell the page (see static/js/shell.js); nothing more when there is no page."""
    try:
        import js  # type: ignore[import-not-found]
        js.hermitageMissingModule(name)
    except Exception:  # noqa: BLE001 - no page, or no such function: the exception says it all
        pass


class Missing:
    """The meta path finder of last resort for :data:`OMITTED` modules."""

    def __init__(self, omitted, report) -> None:
        self.omitted = frozenset(omitted)
        self.report = report

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.omitted:
            return None
        self.report(name)
        raise ModuleNotFoundError(
            f"No module named {name!r}: the page's trimmed standard library left it out "
            "(add it to scripts/stdlib_margin.txt)", name=name)

    def invalidate_caches(self) -> None:
        pass


#: PyScript's bytecode as last read from the zip (target path -> bytes): kept in a start-up
#: snapshot, so a restored interpreter writes it out without reading the zip again
_pyscript_pycs: dict[str, bytes] | None = None


def unpack_pyscript_bytecode(zip_path: str | None = None, prefix: str = "_hermitage_pyscript/") -> int:
    """Copy the zip's ``prefix`` entries into the working folder; how many.  The standard
    library's zip (no ``zip_path``) is read once per interpreter (or snapshot)."""
    global _pyscript_pycs
    import os
    if zip_path is not None or _pyscript_pycs is None:
        import zipfile
        if zip_path is None:
            zip_path = os.path.join(sys.prefix, "lib", f"python{sys.version_info[0]}{sys.version_info[1]}.zip")
        with zipfile.ZipFile(zip_path) as z:
            pycs = {name[len(prefix):]: z.read(name) for name in z.namelist()
                    if name.startswith(prefix) and not name.endswith("/")}
        _pyscript_pycs = pycs
    for target, data in _pyscript_pycs.items():
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
    return len(_pyscript_pycs)


class Lazy:
    """The meta path finder, first on ``sys.meta_path``, that imports the top-level packages
    ``names`` lazily: found where the path finder finds them, run at first use.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> os.mkdir(os.path.join(folder, "hermitage_lazy"))
    >>> with open(os.path.join(folder, "hermitage_lazy", "__init__.py"), "w") as f:
    ...     _ = f.write("ran = True\\nprint('running')\\n")
    >>> sys.path.insert(0, folder)
    >>> _ = install(omitted=set(), lazy={"hermitage_lazy"})
    >>> import hermitage_lazy
    >>> hermitage_lazy.ran
    running
    True
    >>> uninstall(); sys.path.remove(folder); del sys.modules["hermitage_lazy"]
    """

    def __init__(self, names) -> None:
        self.names = frozenset(names)

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec

    def invalidate_caches(self) -> None:
        pass


#: PyScript's Python package: imported by PyScript before every script, unused by the page
LAZY = frozenset({"pyscript"})


def uninstall() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ not in ("Missing", "Lazy")]


def install(report=report_to_page, omitted=None, lazy=LAZY) -> Missing:
    """Put the finder of missing modules last on ``sys.meta_path`` and the one of lazy
    imports first (replacing earlier ones)."""
    uninstall()
    finder = Missing(OMITTED if omitted is None else omitted, report)
    sys.meta_path.append(finder)
    sys.meta_path.insert(0, Lazy(lazy))
    return finder
