#!/usr/bin/env bash
# Serves the site on http://127.0.0.1:8000 (installing what it needs first).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-8000}
echo "Hermitage: http://127.0.0.1:${PORT}/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1
