"""Rewrite pyscript.toml's [files] from the .py files under game/ (run after adding a module).

The page needs every module except the terminal front end and the AI arena.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP = {"game/__main__.py", "game/ai/arena.py"}


def wanted() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                  if "__pycache__" not in p.parts and str(p.relative_to(ROOT)) not in SKIP)


def main() -> int:
    toml = ROOT / "pyscript.toml"
    head = toml.read_text().split("\n[files]\n")[0]
    body = "".join(f'"./{p}" = "./{p}"\n' for p in wanted())
    toml.write_text(head + "\n[files]\n" + body)
    print(f"pyscript.toml: {len(wanted())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
