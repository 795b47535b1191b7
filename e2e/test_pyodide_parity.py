"""The engine under Pyodide (CPython 3.14 in WebAssembly, run by Node) plays
exactly as under this CPython: same seed, same moves, same scores."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

from . import parity_games

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_seeded_random_games_end_identically_in_pyodide_and_cpython():
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        subprocess.run(["bash", str(ROOT / "scripts/vendor.sh")], check=True)
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide outside the browser"
    run = subprocess.run([node, str(ROOT / "e2e/pyodide_parity.mjs")], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    there = json.loads(run.stdout)
    here = json.loads(parity_games.run_all())
    assert there["python"].startswith("3.14"), there["python"]
    assert len(there["games"]) == len(parity_games.cases()) >= 2
    for a, b in zip(there["games"], here["games"]):
        case = (a["game"], a["players"], a["seed"])
        assert a["moves"] == b["moves"], case
        assert (a["scores"], a["winners"], a["round"]) == (b["scores"], b["winners"], b["round"]), case
    print(f"\nPyodide {there['python']} vs CPython {sys.version.split()[0]}: "
          f"{len(here['games'])} games, {sum(len(g['moves']) for g in here['games'])} moves, identical")
