"""static/vendor/pyscript as scripts/vendor.sh leaves it: PyScript's dist minus the
chunks this page can never load (the editor, the terminal, MicroPython, TOML, ...).

A kept module that imported a dropped one statically would break the page; a
dropped one may only be reached by a dynamic import, for a feature the page
does not use (e2e/test_offline.py records what a real session requests).
"""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor" / "pyscript"
DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
STATIC = re.compile(r'(?:\bfrom|\bimport)\s*"(\./[^"]+)"')
DYNAMIC = re.compile(r'\bimport\("(\./[^"]+)"\)')

pytestmark = pytest.mark.needs_site


def unreachable() -> re.Pattern:
    """The pattern scripts/vendor.sh deletes by (find -regex: the whole path must match)."""
    m = re.search(r"^UNREACHABLE='([^']+)'", (ROOT / "scripts" / "vendor.sh").read_text(), re.M)
    return re.compile(m.group(1))


def imports(pattern: re.Pattern) -> dict[str, set[str]]:
    return {p.name: {m.removeprefix("./") for m in pattern.findall(p.read_text())}
            for p in VENDOR.glob("*.js")}


def test_every_static_import_of_a_kept_module_is_kept():
    for name, targets in imports(STATIC).items():
        missing = {t for t in targets if not (VENDOR / t).is_file()}
        assert not missing, f"{name} imports {missing} statically, but vendor.sh dropped them"


def test_only_the_documented_chunks_are_dropped_and_only_dynamic_imports_reach_them():
    drop = unreachable()
    dangling = {t for targets in imports(DYNAMIC).values() for t in targets if not (VENDOR / t).is_file()}
    assert all(drop.fullmatch(f"static/vendor/pyscript/{t}") for t in dangling), dangling
    if DIST.is_dir():     # what the package ships, against what was kept
        shipped = {p.name for p in DIST.iterdir() if p.is_file() and not p.name.endswith(".map")}
        kept = {p.name for p in VENDOR.iterdir()}
        assert kept <= shipped
        assert {n for n in shipped - kept if not drop.fullmatch(f"static/vendor/pyscript/{n}")} == set()
        assert dangling <= shipped - kept
    names = {p.name for p in VENDOR.iterdir()}
    assert "core.js" in names and "core.css" in names
    assert not any(n.startswith(("codemirror", "xterm", "toml-", "zip-")) for n in names)


def test_the_plugins_pyscript_json_turns_off_are_dropped_and_the_ones_dropped_are_off():
    """PyScript imports each plugin's chunk unless the config names it ``!plugin``; so a
    dropped plugin chunk that is still on would break the page, and one left on costs
    every first visit its bytes."""
    import json
    off = {p.removeprefix("!") for p in json.loads((ROOT / "pyscript.json").read_text()).get("plugins", [])}
    core = next(p for p in VENDOR.glob("core-*.js"))
    plugins = dict(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./([^"]+)"\)', core.read_text()))
    assert off and off <= set(plugins), (off, plugins)
    for name, chunk in plugins.items():
        assert (VENDOR / chunk).is_file() == (name not in off), (name, chunk)


def test_micropython_config_turns_off_the_same_plugins():
    """PyScript loads its plugins once per kind of script (Pyodide's and MicroPython's), each
    with its own config: index.html's <mpy-config> must turn off the same ones."""
    import json
    html = (ROOT / "index.html").read_text()
    m = re.search(r"<mpy-config hidden>(.*?)</mpy-config>", html, re.S)
    assert m, "index.html has no <mpy-config hidden>"
    assert json.loads(m.group(1)) == {"plugins": json.loads((ROOT / "pyscript.json").read_text())["plugins"]}


def test_pyodides_js_glue_carries_v8s_compile_hint_on_its_first_line():
    """V8 reads ``//# allFunctionsCalledOnLoad`` only as a file's first line; the rest of
    the file must be npm's pyodide.asm.mjs unchanged (less its source-map comment)."""
    ours = (ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.mjs").read_text()
    first, _, rest = ours.partition("\n")
    assert first == "//# allFunctionsCalledOnLoad"
    npm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text()
    npm = re.sub(r"^//# sourceMappingURL=.*\n?", "", npm, flags=re.M)
    assert rest == npm
