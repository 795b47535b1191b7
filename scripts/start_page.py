"""Write the start page's static parts into index.html from the games' declarations.

    python3 scripts/start_page.py [--check]

index.html holds marked regions::

    <!-- generated: games (scripts/start_page.py) -->...<!-- /generated: games -->

and this script replaces what is between the marks with what
game/ui/screens/start.py draws from the games' declarations (``games``: every
game's card with its picture and options; ``settings``: the settings panel;
``nav``: the header's game links).  So the list is in the HTML itself and
usable before Python starts, and it never restates a game's facts by hand.
Run by scripts/vendor.sh; tests/test_start_page.py checks the committed
index.html is current.  ``--check`` changes nothing and exits 1 when stale.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from typing import Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "index.html"


def regions() -> dict[str, Callable[[], str]]:
    sys.path.insert(0, str(ROOT))
    from game.ui.screens import start
    return {"nav": start.nav_html, "settings": start.settings_html, "games": start.games_html}


def render(text: str) -> str:
    """``text`` (index.html) with every generated region drawn afresh."""
    for name, draw in regions().items():
        pattern = re.compile(rf"(<!-- generated: {name} \(scripts/start_page.py\) -->)(.*?)(<!-- /generated: {name} -->)",
                             re.S)
        if not pattern.search(text):
            raise SystemExit(f"index.html: no region marked 'generated: {name}'")
        text = pattern.sub(lambda m: m.group(1) + draw() + m.group(3), text, count=1)
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if index.html is not current")
    args = ap.parse_args()
    old = PAGE.read_text(encoding="utf-8")
    new = render(old)
    if args.check:
        if new != old:
            print("index.html: the start page is not current; run python3 scripts/start_page.py", file=sys.stderr)
            return 1
        return 0
    if new != old:
        PAGE.write_text(new, encoding="utf-8")
        print("index.html: start page regenerated from the games' declarations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
