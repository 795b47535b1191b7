"""static/game.zip, the game package the page imports as one zip (scripts/game_zip.py): lean
sources of the modules the start-up snapshot imports ahead, bytecode of the others."""

from __future__ import annotations

import ast
import importlib.util
import io
import pathlib
import shutil
import sys
import tokenize
import zipfile

import pytest

pytestmark = pytest.mark.needs_site

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("game_zip", ROOT / "scripts" / "game_zip.py")
game_zip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(game_zip)
sys.path.insert(0, str(ROOT / "scripts"))
from pyodide_compile import without_docstrings  # noqa: E402

#: what the page must not carry: the terminal front end and the AI arena
NOT_ON_THE_PAGE = {"game/__main__.py", "game/ai/arena.py", "game/testing.py"}


def fake_pycs(root: pathlib.Path, paths: list[str]) -> dict[str, bytes]:
    """Stand-ins for the compiled modules (the real ones need Node): the layout, not the bytecode."""
    return {p.removesuffix(".py") + ".pyc": (root / p).read_bytes() for p in paths}


def test_it_holds_each_module_the_page_needs_once_lean_source_if_preloaded_else_bytecode():
    data = (ROOT / game_zip.OUTPUT).read_bytes()
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    pure = set(game_zip.pure_modules())
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        assert names == sorted(names) and z.testzip() is None
        want = {s if game_zip.module_name(s) in pure else s.removesuffix(".py") + ".pyc" for s in every - NOT_ON_THE_PAGE}
        assert set(names) == want
        assert "game/core.py" in names and "game/ui/app.pyc" in names and "game/ui/boot.pyc" in names
        for name in names:
            if name.endswith(".pyc"):
                pyc = z.read(name)
                assert pyc[:4] == importlib.util.MAGIC_NUMBER or pyc[2:4] == b"\r\n"   # a pyc header
                assert int.from_bytes(pyc[4:8], "little") == 0b01      # PEP 552: hash-based, unchecked
            else:
                assert z.read(name) == game_zip.lean_source((ROOT / name).read_bytes())


def test_only_game_modules_that_touch_no_javascript_are_pure(tmp_path):
    pure = game_zip.pure_modules()
    assert "game" in pure and "game.core" in pure and "game.ai.search" in pure and "game.ui.session" in pure
    assert "game.ui.app" not in pure and "game.ui.boot" not in pure
    # a module that imports one that imports js is not pure either
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "game" / "ui" / "svg.py").write_text("from . import app\n" + (copy / "game" / "ui" / "svg.py").read_text())
    assert "game.ui.svg" not in game_zip.pure_modules(copy)
    assert "game.ui.cards" not in game_zip.pure_modules(copy)       # cards imports svg


@pytest.mark.parametrize("path", game_zip.wanted())
def test_a_lean_source_is_the_same_program_with_every_statement_on_its_line(path):
    """What the page runs is what the repository says, and a traceback's line numbers are the repository's."""
    source = (ROOT / path).read_bytes()
    lean = game_zip.lean_source(source)
    before, after = without_docstrings(ast.parse(source)), ast.parse(lean)
    assert ast.dump(after, include_attributes=False) == ast.dump(before, include_attributes=False)
    assert [n.lineno for n in ast.walk(after) if isinstance(n, ast.stmt)] == \
        [n.lineno for n in ast.walk(before) if isinstance(n, ast.stmt)]
    assert not [t for t in tokenize.tokenize(io.BytesIO(lean).readline) if t.type == tokenize.COMMENT]
    assert lean.count(b"\n") == source.count(b"\n")


def test_the_layout_depends_only_on_the_sources(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    a = game_zip.build(copy, compile_pycs=fake_pycs)
    for p in (copy / "game").rglob("*.py"):                 # other times, other order on disk
        p.touch()
    assert game_zip.build(copy, compile_pycs=fake_pycs) == a == game_zip.build(ROOT, compile_pycs=fake_pycs)
    (copy / "game" / "help.py").write_text((copy / "game" / "help.py").read_text() + "x = 1\n")
    assert game_zip.build(copy, compile_pycs=fake_pycs) != a
    (copy / "game" / "help.py").write_text((copy / "game" / "help.py").read_text() + "# a comment\n")
    assert game_zip.build(copy, compile_pycs=fake_pycs) != a       # a new line, though blank


def test_the_generated_zip_is_current():
    """Rebuilt now (the pycs compiled again, by a new Pyodide in Node) it has the same bytes
    as the one scripts/vendor.sh wrote: stale means the set-up was skipped after an edit."""
    assert game_zip.main(["--check"]) == 0, "run python3 scripts/game_zip.py"
