"""static/game.zip, the game package the page imports as one zip of bytecode (scripts/game_zip.py)."""

from __future__ import annotations

import importlib.util
import io
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


def fake_pycs(root: pathlib.Path) -> dict[str, bytes]:
    """Stand-ins for the compiled modules (the real ones need Node): the layout, not the bytecode."""
    return {p.removesuffix(".py") + ".pyc": (root / p).read_bytes() for p in game_zip.wanted(root)}


def test_it_holds_the_bytecode_of_exactly_the_modules_the_page_needs_where_zipimport_looks():
    data = (ROOT / game_zip.OUTPUT).read_bytes()
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        assert set(names) == {s.removesuffix(".py") + ".pyc" for s in every - NOT_ON_THE_PAGE}
        assert names == sorted(names) and "game/__init__.pyc" in names and "game/ui/app.pyc" in names
        for name in names:
            pyc = z.read(name)
            assert pyc[:4] == importlib.util.MAGIC_NUMBER or pyc[2:4] == b"\r\n"   # a pyc header
            assert int.from_bytes(pyc[4:8], "little") == 0b01      # PEP 552: hash-based, unchecked
        assert z.testzip() is None


def test_the_layout_depends_only_on_the_sources(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    a = game_zip.build(copy, pycs=fake_pycs(copy))
    for p in (copy / "game").rglob("*.py"):                 # other times, other order on disk
        p.touch()
    assert game_zip.build(copy, pycs=fake_pycs(copy)) == a == game_zip.build(ROOT, pycs=fake_pycs(ROOT))
    (copy / "game" / "help.py").write_text((copy / "game" / "help.py").read_text() + "# edited\n")
    assert game_zip.build(copy, pycs=fake_pycs(copy)) != a


def test_the_generated_zip_is_current():
    """Rebuilt now (the pycs compiled again, by a new Pyodide in Node) it has the same bytes
    as the one scripts/vendor.sh wrote: stale means the set-up was skipped after an edit."""
    assert game_zip.main(["--check"]) == 0, "run python3 scripts/game_zip.py"
