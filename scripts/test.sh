#!/usr/bin/env bash
# Runs every test.  Does all its own set-up on a fresh machine: a virtualenv
# with the test dependencies (pytest, hypothesis, playwright).
# Extra arguments go to pytest, e.g.  bash scripts/test.sh tests/test_hermit.py -x
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

exec .venv/bin/python -m pytest "$@"
