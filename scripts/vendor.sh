#!/usr/bin/env bash
# Installs the pinned runtime (npm ci) and copies only the files the page loads
# into static/vendor/ (git-ignored), builds static/game.zip (the game package the
# page fetches as one file of bytecode: scripts/game_zip.py), static/vendor/stdlib.zip
# and static/vendor/boot.mjs (the trimmed standard library and what the start-up code
# knows about this build: scripts/boot_files.py), then writes sw.js (the service worker
# with the site's file list and content hashes: scripts/precache.py); all generated and
# git-ignored; it also redraws the start page's game list in index.html from the games'
# declarations (scripts/start_page.py; committed, checked by tests/test_start_page.py):
#   static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm (not
#                            python_stdlib.zip: stdlib.zip replaces it; not
#                            pyodide-lock.json: boot.mjs carries the little it needs)
#   static/vendor/pyscript/  @pyscript/core's dist, without source maps and without
#                            the chunks this page can never load (UNREACHABLE below)
#   static/vendor/morphdom/  morphdom-umd.min.js: the table is redrawn by morphing, so a
#                            card keeps its element and can be animated from where it was
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
rm -rf static/vendor
mkdir -p static/vendor/pyodide static/vendor/pyscript static/vendor/morphdom
cp node_modules/morphdom/dist/morphdom-umd.min.js static/vendor/morphdom/
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm; do
  cp node_modules/pyodide/$f static/vendor/pyodide/
done
(cd node_modules/@pyscript/core/dist && find . -type f ! -name '*.map' -exec cp --parents {} ../../../../static/vendor/pyscript/ \;)
# PyScript's chunks that core.js only imports for features this page does not use
# (~1 MB the service worker would otherwise download and keep).  Measured:
# e2e/test_offline.py records every file a session requests (start screen, each
# game's table, rules dialog, a game over); tests/test_vendor.py checks nothing
# kept imports these statically and names each dynamic import left dangling.
#   codemirror*, index-*         the code editor (<script type="py-editor">)
#   xterm*, py-<hash>.js, mpy-*  the terminal (<script terminal>) and MicroPython
#   toml-*                       TOML configs (pyscript.json is JSON), py-editor, py-game
#   zip-*                        MicroPython's archives in "files" (Pyodide unpacks its own)
#   pyodide_graph-*              "packages" in the config (there are none)
#   storage.js, service-worker.js  the pyscript.storage module and the worker for sync calls
#   deprecations-manager-*, donkey-*, py-editor-*, py-game-*, py-terminal-*
#                                PyScript plugins pyscript.json turns off ("plugins":
#                                ["!name", ...]): core.js then never imports them
UNREACHABLE='.*/(codemirror[^/]*|index-[^/]*|xterm[^/]*|py-[A-Za-z0-9_-]{8}\.js|mpy-[^/]*|toml-[^/]*|zip-[^/]*|pyodide_graph-[^/]*|storage\.js|service-worker\.js|(deprecations-manager|donkey|py-editor|py-game|py-terminal)-[^/]*)'
find static/vendor/pyscript -regextype posix-extended -regex "$UNREACHABLE" -delete
# The bundles end with sourceMappingURL comments; the maps are not shipped, so
# drop the comments too (a browser with devtools open would ask for them).
find static/vendor -name '*.js' -o -name '*.mjs' | xargs sed -i -E '/^\/\/# sourceMappingURL=/d'
# Pyodide's JS glue is one 1.2 MB function that every start calls at once: V8's file-wide
# compile hint (Chromium 136+; other browsers read a comment) compiles it while it streams
# in, off the main thread, instead of on the main thread when Pyodide first calls it.
sed -i '1i //# allFunctionsCalledOnLoad' static/vendor/pyodide/pyodide.asm.mjs
echo "vendored: $(du -sh static/vendor | cut -f1) in static/vendor"
python3 scripts/start_page.py
python3 scripts/game_zip.py
python3 scripts/boot_files.py
python3 scripts/precache.py
