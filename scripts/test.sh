#!/usr/bin/env bash
# Runs every test (ruff, mypy, then pytest).  Does all its own set-up on a fresh machine: a virtualenv
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

# Lint and types first (configured in pyproject.toml): zero findings or no tests run.
# Skipped when arguments pick tests (e.g. scripts/test.sh tests/test_hermit.py).
if [ $# -eq 0 ]; then
  .venv/bin/ruff check game tests e2e scripts
  .venv/bin/mypy
fi
exec .venv/bin/python -m pytest "$@"
