#!/usr/bin/env bash
# Runs every test.  Does all its own set-up on a fresh machine: a virtualenv
# with the test dependencies (pytest, hypothesis, playwright), the page's
# runtime (npm ci + static/vendor), and a Chromium for the browser tests
# (Debian's package: Playwright's own browser download is not reachable here).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh tests/test_hermit.py -x
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# The browser tests (e2e/) drive /usr/bin/chromium when it exists.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
fi
# The page's runtime: pinned npm packages, copied into static/vendor.
bash scripts/vendor.sh

exec .venv/bin/python -m pytest "$@"
