"""static/game.zip, the game package the page fetches as one file (scripts/game_zip.py)."""

from __future__ import annotations

import importlib.util
import io
import json
import pathlib
import shutil
import zipfile

import pytest

pytestmark = pytest.mark.needs_site

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("game_zip", ROOT / "scripts" / "game_zip.py")
game_zip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(game_zip)

#: what the page must not carry: the terminal front end and the AI arena
NOT_ON_THE_PAGE = {"game/__main__.py", "game/ai/arena.py", "game/testing.py"}


def pyc_for(source: str) -> str:
    """Where CPython looks for a module's bytecode, for Pyodide's CPython 3.14."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name.removesuffix('.py')}.cpython-314.pyc"


def test_it_holds_exactly_the_modules_the_page_needs_with_their_sources_and_bytecode():
    data = (ROOT / game_zip.OUTPUT).read_bytes()
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    sources = every - NOT_ON_THE_PAGE
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        assert set(names) == sources | {pyc_for(s) for s in sources} and names == sorted(names)
        for name in sources:
            assert z.read(name) == (ROOT / name).read_bytes()
        for name in sources:
            pyc = z.read(pyc_for(name))
            assert int.from_bytes(pyc[4:8], "little") == 0b01      # PEP 552: hash-based, unchecked
        assert z.testzip() is None


def test_the_layout_depends_only_on_the_sources(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    a = game_zip.build(copy, pycs={})
    for p in (copy / "game").rglob("*.py"):                 # other times, other order on disk
        p.touch()
    assert game_zip.build(copy, pycs={}) == a == game_zip.build(ROOT, pycs={})
    (copy / "game" / "help.py").write_text((copy / "game" / "help.py").read_text() + "# edited\n")
    assert game_zip.build(copy, pycs={}) != a


def test_the_generated_zip_is_current_and_is_what_pyscript_json_maps():
    """Rebuilt now (the pycs compiled again, by a new Pyodide in Node) it has the same bytes
    as the one scripts/vendor.sh wrote: stale means the set-up was skipped after an edit."""
    assert game_zip.main(["--check"]) == 0, "run python3 scripts/game_zip.py"
    files = json.loads((ROOT / "pyscript.json").read_text())["files"]
    assert files == {f"./{game_zip.OUTPUT}": "./*"}
