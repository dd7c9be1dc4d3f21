#!/usr/bin/env bash
# Runs Schemathesis (pinned, from PyPI) from its own virtualenv, created on first use.
# Usage: scripts/tools/schemathesis.sh run <openapi-url> [options…]
set -euo pipefail
VERSION=4.32.5
VENV="${PVS_TOOLS_DIR:-/var/tmp/pvs-tools}/schemathesis-$VERSION"
if [ ! -x "$VENV/bin/st" ]; then
  printf '[tools] installing schemathesis %s into %s\n' "$VERSION" "$VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
exec "$VENV/bin/st" "$@"
