#!/usr/bin/env bash
# Starts, stops or reports every service the tests and the distributed mode need.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
services=(postgres redis kafka)
action="${1:-}"
case "$action" in
  up) for s in "${services[@]}"; do bash "$here/$s.sh" up; done ;;
  status) rc=0; for s in "${services[@]}"; do bash "$here/$s.sh" status || rc=1; done; exit "$rc" ;;
  down) for ((i=${#services[@]}-1; i>=0; i--)); do bash "$here/${services[$i]}.sh" down; done ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
