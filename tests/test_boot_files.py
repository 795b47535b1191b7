"""The start-up files: the trimmed standard library and boot.mjs (scripts/boot_files.py),
the import reading behind them (scripts/stdlib_walk.py) and the guard that names a missing
module (scripts/stdlib_guard.py).  The pages that use them are tested in e2e/test_boot.py."""

from __future__ import annotations

import doctest
import importlib.util
import json
import pathlib
import re
import shutil
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


boot_files = load_script("boot_files")
stdlib_walk = load_script("stdlib_walk")
stdlib_guard = load_script("stdlib_guard")

built = pytest.mark.skipif(not (ROOT / boot_files.STDLIB_ZIP).is_file(), reason="run scripts/vendor.sh first")


def entries() -> set[str]:
    """The zip's standard-library entries (not PyScript's package, kept under its own folder)."""
    with zipfile.ZipFile(ROOT / boot_files.STDLIB_ZIP) as z:
        return {n for n in z.namelist() if not n.startswith(stdlib_walk.PYSCRIPT_CACHE + "/")}


def module_of(entry: str) -> str:
    return entry.removesuffix(".pyc").replace("/", ".").removesuffix(".__init__")


@pytest.mark.parametrize("module", [stdlib_walk, stdlib_guard, boot_files, load_script("pyodide_compile")],
                         ids=lambda m: m.__name__)
def test_the_doctests_of_the_scripts_pass(module):
    assert doctest.testmod(module).failed == 0


def test_imports_are_read_at_any_depth_for_roots_and_at_import_time_for_the_rest():
    source = ("import json\nif TYPE_CHECKING:\n    import typing\n"
              "def later():\n    import fractions\nif __name__ == '__main__':\n    import doctest\n")
    assert {"json", "typing", "fractions", "doctest"} <= stdlib_walk.imported_names(source, "m", False)
    assert stdlib_walk.imported_names(source, "m", False, lazy=False) == {"json"}


def test_the_closure_follows_imports_to_parents_and_stops_at_excluded_and_unknown_names():
    files = {"a": "a.py", "b": "b/__init__.py", "b.c": "b/c.py", "b.d": "b/d.py", "e": "e.py"}
    sources = {"a.py": "import b.c\nimport nowhere", "b/__init__.py": "", "b/c.py": "from . import d\nimport e",
               "b/d.py": "", "e.py": ""}
    kept = stdlib_walk.closure({"a": "root"}, files, sources.__getitem__, exclude={"e"})
    assert set(kept) == {"a", "b", "b.c", "b.d"} and kept["a"] == "root" and kept["b.d"] == "imported by b.c"


@built
def test_the_zip_is_bytecode_of_what_the_game_pyscript_and_the_recorded_session_import():
    names = entries()
    assert all(n.endswith(".pyc") for n in names) and "_hermitage_stdlib.pyc" in names
    modules = {module_of(n) for n in names}
    # what the game imports, from anywhere in it (json: game/stats.py; fractions: game/core.py)
    for name in ("json", "fractions", "random", "asyncio", "traceback", "html", "inspect"):
        assert name in modules, name
    recorded = set(boot_files.listed(ROOT / boot_files.RECORDED)) | set(boot_files.listed(ROOT / boot_files.MARGIN))
    assert recorded <= modules
    # frozen into the WebAssembly, or never needed by a page: not shipped
    assert not {"os", "io", "abc", "zipimport", "doctest", "pydoc", "tkinter", "unittest", "asyncio.windows_events"} & modules


@built
def test_the_zip_is_much_smaller_than_pyodides_full_standard_library():
    full = ROOT / boot_files.PYODIDE / "python_stdlib.zip"
    size = (ROOT / boot_files.STDLIB_ZIP).stat().st_size
    print(f"\nstdlib.zip {size / 1e3:.0f} kB, {len(entries())} modules; "
          f"python_stdlib.zip {full.stat().st_size / 1e3:.0f} kB")
    assert size < full.stat().st_size / 2


@built
def test_the_guard_in_the_zip_knows_every_module_left_out():
    shipped = {module_of(n) for n in entries()}
    with zipfile.ZipFile(ROOT / boot_files.PYODIDE / "python_stdlib.zip") as z:
        full = set(stdlib_walk._names(z.namelist()))
    walked = boot_files.walk()
    assert set(walked["omitted"]) == full - set(walked["modules"])
    assert "pydoc" in walked["omitted"] and "json" not in walked["omitted"]
    assert shipped - {"_hermitage_stdlib"} == set(walked["modules"])


def test_the_guard_names_an_omitted_module_and_leaves_others_to_the_real_finders():
    seen: list[str] = []
    stdlib_guard.install(report=seen.append, omitted={"hermitage_left_out", "json"})
    try:
        with pytest.raises(ModuleNotFoundError, match="hermitage_left_out.*trimmed standard library") as e:
            importlib.import_module("hermitage_left_out")
        assert e.value.name == "hermitage_left_out" and seen == ["hermitage_left_out"]
        assert importlib.import_module("json").dumps([]) == "[]"     # found before the guard is asked
        with pytest.raises(ModuleNotFoundError) as e:
            importlib.import_module("hermitage_never_existed")        # not ours to explain
        assert "trimmed" not in str(e.value) and seen == ["hermitage_left_out"]
        assert sum(type(f).__name__ == "Missing" for f in sys.meta_path) == 1
        stdlib_guard.install(report=seen.append, omitted=set())      # installing again replaces it
        assert sum(type(f).__name__ == "Missing" for f in sys.meta_path) == 1
    finally:
        stdlib_guard.uninstall()
    assert not any(type(f).__name__ == "Missing" for f in sys.meta_path)


@built
def test_pyscripts_package_is_read_from_the_vendored_js_and_compiled_with_checked_hashes():
    """The sources are exactly what @pyscript/core's src/stdlib/pyscript.js holds (the
    built JS escapes them differently), and each pyc is tied to its source's hash."""
    got = stdlib_walk.pyscript_sources(str(ROOT / boot_files.PYSCRIPT_SOURCES))
    src = (ROOT / "node_modules/@pyscript/core/src/stdlib/pyscript.js").read_text()
    expected = json.loads(src[src.index("export default") + len("export default"):].strip().rstrip(";"))
    assert got == {f"pyscript/{k}": v for k, v in expected["pyscript"].items()}
    with zipfile.ZipFile(ROOT / boot_files.STDLIB_ZIP) as z:
        pycs = {n: z.read(n) for n in z.namelist() if n.startswith(stdlib_walk.PYSCRIPT_CACHE + "/")}
    assert len(pycs) == len(got) and f"{stdlib_walk.PYSCRIPT_CACHE}/pyscript/__pycache__/__init__.cpython-314.pyc" in pycs
    assert all(int.from_bytes(p[4:8], "little") == 0b11 for p in pycs.values())    # PEP 552: hash-based, checked


def test_the_pyscript_bytecode_is_copied_where_python_looks_for_it(tmp_path, monkeypatch):
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("_hermitage_pyscript/pyscript/__pycache__/web.cpython-314.pyc", b"pyc")
        z.writestr("json/__init__.pyc", b"other")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(stdlib_guard, "_pyscript_pycs", None)     # (restored afterwards: no leak)
    assert stdlib_guard.unpack_pyscript_bytecode(str(archive)) == 1
    assert (tmp_path / "pyscript/__pycache__/web.cpython-314.pyc").read_bytes() == b"pyc"
    assert not (tmp_path / "json").exists()
    # Written again from memory (as after a snapshot's restore: the files are gone, the bytes kept).
    archive.unlink()
    (tmp_path / "pyscript/__pycache__/web.cpython-314.pyc").unlink()
    monkeypatch.setattr(stdlib_guard, "sys", type("Sys", (), {"prefix": str(tmp_path / "none"), "version_info": (3, 14)}))
    assert stdlib_guard.unpack_pyscript_bytecode() == 1
    assert (tmp_path / "pyscript/__pycache__/web.cpython-314.pyc").read_bytes() == b"pyc"


@built
def test_boot_mjs_is_current_and_its_key_changes_with_the_game_and_the_stdlib(tmp_path):
    assert boot_files.main(["--check"]) == 0, "run python3 scripts/boot_files.py"
    text = (ROOT / boot_files.MANIFEST).read_text()
    key = re.search(r'export const key = "([0-9a-f]{16})"', text).group(1)
    lock = json.loads(re.search(r"export const lockInfo = (\{.*\});", text).group(1))
    assert lock == json.loads((ROOT / boot_files.PYODIDE / "pyodide-lock.json").read_text())["info"]
    preload = json.loads(re.search(r"export const preload = (\[.*\]);", text).group(1))
    assert "game.core" in preload and "asyncio" in preload and "game.ui.app" not in preload
    # imported later by the recorded session (the Hermit rules, when a deal starts): ahead too
    assert "fractions" in preload and not [n for n in preload if n.partition(".")[0] in ("pyodide", "_pyodide")]
    stdlib = (ROOT / boot_files.STDLIB_ZIP).read_bytes()
    same = boot_files.manifest(ROOT, stdlib, preload)
    assert same == text
    assert boot_files.manifest(ROOT, stdlib + b"\0", preload) != text
    assert boot_files.manifest(ROOT, stdlib, preload + ["json"]) != text
    copy = tmp_path / "site"
    for name in (boot_files.GAME_ZIP, boot_files.PYODIDE + "/pyodide.mjs", boot_files.PYODIDE + "/pyodide-lock.json",
                 *boot_files.SNAPSHOT_CODE):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, copy / name)
    assert boot_files.manifest(copy, stdlib, preload) == text
    (copy / boot_files.GAME_ZIP).write_bytes(b"PK\5\6" + b"\0" * 18)
    assert f'"{key}"' not in boot_files.manifest(copy, stdlib, preload)


def test_the_build_id_is_read_from_pyodide():
    if not (ROOT / boot_files.PYODIDE / "pyodide.mjs").is_file():
        pytest.skip("run npm ci first")
    assert re.fullmatch(r"[0-9a-f]{64}", boot_files.build_id())
