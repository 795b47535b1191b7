#!/usr/bin/env bash
# Installs the pinned runtime into static/vendor, then serves the site on
# http://127.0.0.1:8000 (PORT=... to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/vendor.sh
PORT=${PORT:-8000}
echo "Hermitage: http://127.0.0.1:${PORT}/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1
