#!/usr/bin/env bash
# Assembles the static site into a folder (default _site) for any static host:
# the page, its config, the game package (.py files the page maps), static/
# with the vendored runtime, sw.js listing exactly these files (scripts/precache.py),
# .nojekyll (GitHub Pages' Jekyll would drop _-prefixed files such as __init__.py).
# Usage: bash scripts/build-site.sh [OUT]   (VENDORED=1: static/vendor is already current)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-_site}
[ "${VENDORED:-}" = 1 ] || bash scripts/vendor.sh
rm -rf "$OUT"
mkdir -p "$OUT"
cp index.html pyscript.toml "$OUT"/
cp -r static "$OUT"/
# Exactly the modules pyscript.toml maps (it lists them as "./game/..." = ...).
grep -oE '^"\./game/[^"]+\.py"' pyscript.toml | tr -d '"' | while read -r f; do
  mkdir -p "$OUT/$(dirname "$f")"
  cp "$f" "$OUT/$f"
done
touch "$OUT/.nojekyll"
python3 scripts/precache.py --root "$OUT"
rm "$OUT/static/sw-template.js"
echo "site: $(du -sh "$OUT" | cut -f1) in $OUT"
