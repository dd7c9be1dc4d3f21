#!/usr/bin/env bash
# Runs Schemathesis (pinned, from PyPI) from its own virtualenv, created on first use.
# Usage: scripts/tools/schemathesis.sh run <openapi-url> [options…]
set -euo pipefail
VERSION=4.32.5
# The newest Python found: Hypothesis's ast.parse of large modules trips CPython 3.11's
# "AST constructor recursion depth mismatch" bug now and then (fixed in later releases).
PYTHON=""
pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
for candidate in "$pyenv_root"/versions/3.13*/bin/python3 "$pyenv_root"/versions/3.12*/bin/python3 python3.13 python3.12 python3; do
  if "$candidate" -c 'import venv' >/dev/null 2>&1; then PYTHON="$candidate"; break; fi
done
VENV="${PVS_TOOLS_DIR:-/var/tmp/pvs-tools}/schemathesis-$VERSION-$("$PYTHON" -c 'import sys; print("py%d.%d" % sys.version_info[:2])')"
if [ ! -x "$VENV/bin/st" ]; then
  printf '[tools] installing schemathesis %s into %s with %s\n' "$VERSION" "$VENV" "$("$PYTHON" --version)" >&2
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
exec "$VENV/bin/st" "$@"
