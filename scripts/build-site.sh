#!/usr/bin/env bash
# Assembles the static site into a folder (default _site) for any static host:
# exactly the files scripts/precache.py lists (the page, its config, static/ with
# the vendored runtime and static/game.zip, the game package PyScript extracts,
# and game/ui/boot.py, the script the page names), sw.js listing them, and
# .nojekyll (else GitHub Pages runs Jekyll over the site, which drops _-prefixed files).
# Usage: bash scripts/build-site.sh [OUT]   (VENDORED=1: static/vendor and game.zip are already current)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-_site}
[ "${VENDORED:-}" = 1 ] || bash scripts/vendor.sh
rm -rf "$OUT"
mkdir -p "$OUT"
python3 - "$OUT" <<'PY'
import importlib.util, pathlib, shutil, sys
spec = importlib.util.spec_from_file_location("precache", "scripts/precache.py")
precache = importlib.util.module_from_spec(spec)
spec.loader.exec_module(precache)
out = pathlib.Path(sys.argv[1])
for name in precache.site_files() + [precache.TEMPLATE]:
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(name, out / name)
PY
touch "$OUT/.nojekyll"
python3 scripts/precache.py --root "$OUT"
rm "$OUT/static/sw-template.js"
echo "site: $(du -sh "$OUT" | cut -f1) in $OUT"
