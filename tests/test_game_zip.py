"""static/game.zip, the game package the page fetches as one file (scripts/game_zip.py)."""

from __future__ import annotations

import importlib.util
import io
import pathlib
import shutil
import json
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("game_zip", ROOT / "scripts" / "game_zip.py")
game_zip = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(game_zip)

#: what the page must not carry: the terminal front end and the AI arena
NOT_ON_THE_PAGE = {"game/__main__.py", "game/ai/arena.py"}


def test_it_holds_exactly_the_modules_the_page_needs_with_their_sources():
    data = game_zip.build()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
                 if "__pycache__" not in p.parts}
        assert set(names) == every - NOT_ON_THE_PAGE and names == sorted(names)
        for name in ("game/__init__.py", "game/ui/app.py", "game/ui/boot.py", "game/rules/hermit.py"):
            assert z.read(name) == (ROOT / name).read_bytes()
        assert z.testzip() is None


def test_the_bytes_depend_only_on_the_sources(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    a = game_zip.build(copy)
    for p in (copy / "game").rglob("*.py"):                 # other times, other order on disk
        p.touch()
    assert game_zip.build(copy) == a == game_zip.build(ROOT)
    (copy / "game" / "help.py").write_text((copy / "game" / "help.py").read_text() + "# edited\n")
    assert game_zip.build(copy) != a


def test_the_generated_zip_is_current_and_is_what_pyscript_json_maps():
    """scripts/vendor.sh (run by scripts/test.sh) writes it; stale means the set-up was skipped."""
    assert (ROOT / game_zip.OUTPUT).read_bytes() == game_zip.build(), "run python3 scripts/game_zip.py"
    files = json.loads((ROOT / "pyscript.json").read_text())["files"]
    assert files == {f"./{game_zip.OUTPUT}": "./*"}
