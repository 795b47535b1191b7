"""Compile Python sources to bytecode with the page's own CPython (3.14, in Pyodide).

Runs INSIDE Pyodide:  node scripts/pyodide_run.mjs scripts/pyodide_compile.py game/core.py ...
and prints JSON ``{"game/core.pyc": base64 bytes, ...}``: each source's bytecode named
the way zipimport looks for it (beside the source's name, no ``__pycache__``), as a
hash-based unchecked pyc (PEP 552): no timestamp inside, and the importer uses it without
reading or hashing any source.  Docstrings are left out (:func:`without_docstrings`: the
page never reads one, and they are a quarter of the bytes); asserts stay.
scripts/game_zip.py runs it with PYTHONNODEBUGRANGES=1 (no column tables: the zip carries
no source a traceback could underline).
"""

from __future__ import annotations

import ast
import base64
import importlib.util
import json
import sys
from importlib._bootstrap_external import _code_to_hash_pyc


def pyc(source: bytes, filename: str, optimize: int = 0, docstrings: bool = True,
        checked: bool = False) -> bytes:
    """The bytecode of ``source`` as a pyc file; ``filename`` is what tracebacks show.
    ``checked``: the importer compares the source's hash with the pyc's before using it."""
    tree = compile(source, filename, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    if not docstrings:
        tree = without_docstrings(tree)
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The same module without the docstrings of itself, its classes and its functions
    (what ``optimize=2`` drops, without also dropping asserts); line numbers unchanged.

    >>> ns = {}
    >>> exec(compile(without_docstrings(ast.parse('"m"\\ndef f():\\n    "d"\\nclass C:\\n    "c"\\n    x = 1')), "t", "exec"), ns)
    >>> ns.get("__doc__"), ns["f"].__doc__, ns["C"].__doc__, ns["C"].x
    (None, None, None, 1)
    """
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset)]
    return tree


def main(paths: list[str]) -> int:
    out = {}
    for path in paths:
        with open(path, "rb") as f:
            out[path.removesuffix(".py") + ".pyc"] = base64.b64encode(pyc(f.read(), path, docstrings=False)).decode()
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
