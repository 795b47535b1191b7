"""Compile Python sources to bytecode with the page's own CPython (3.14, in Pyodide).

Runs INSIDE Pyodide:  node scripts/pyodide_run.mjs scripts/pyodide_compile.py game/core.py ...
and prints JSON ``{"game/core.pyc": base64 bytes, ...}``: each source's bytecode named
the way zipimport looks for it (beside the source's name, no ``__pycache__``), as a
hash-based unchecked pyc (PEP 552): no timestamp inside, and the importer uses it without
reading or hashing any source.  scripts/game_zip.py runs it with PYTHONNODEBUGRANGES=1
(no column tables: the zip carries no source a traceback could underline).
"""

from __future__ import annotations

import base64
import importlib.util
import json
import sys
from importlib._bootstrap_external import _code_to_hash_pyc


def pyc(source: bytes, filename: str, optimize: int = 0) -> bytes:
    """The bytecode of ``source`` as a pyc file; ``filename`` is what tracebacks show."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def main(paths: list[str]) -> int:
    out = {}
    for path in paths:
        with open(path, "rb") as f:
            out[path.removesuffix(".py") + ".pyc"] = base64.b64encode(pyc(f.read(), path)).decode()
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
