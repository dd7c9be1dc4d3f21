#!/usr/bin/env bash
# PostgreSQL for development and tests: installed from Debian packages when missing,
# run from the project's own data folder on 127.0.0.1:${PG_PORT:-54329}, trust auth on loopback.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

PG_PORT="${PG_PORT:-54329}"
PG_DATA="$SERVICES_DIR/postgres-$PG_PORT"
PG_USER=postgres

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

ensure_installed() {
  pg_bin >/dev/null || apt_install postgresql
  pg_bin >/dev/null || { log "PostgreSQL server binaries not found after install"; exit 1; }
}

is_up() {
  local bin; bin=$(pg_bin) || return 1
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"
}

up() {
  if is_up; then log "postgres already up on 127.0.0.1:$PG_PORT"; return; fi
  ensure_installed
  local bin; bin=$(pg_bin)
  local user="$PG_USER"; [ "$(id -u)" -eq 0 ] || user=$(id -un)
  mkdir -p "$SERVICES_DIR"   # shared by every service: never chown it (recursively) to one of them
  if [ ! -s "$PG_DATA/PG_VERSION" ]; then
    prepare_dir "$user" "$PG_DATA"
    run_as "$user" "$bin/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
    cat >> "$PG_DATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_DATA'
max_connections = 200
shared_buffers = 256MB
CONF
  fi
  run_as "$user" "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -t 60 start >/dev/null
  log "postgres up: postgres://postgres@127.0.0.1:$PG_PORT/postgres"
}

down() {
  local bin; bin=$(pg_bin) || return 0
  local user="$PG_USER"; [ "$(id -u)" -eq 0 ] || user=$(id -un)
  if [ -s "$PG_DATA/postmaster.pid" ]; then
    run_as "$user" "$bin/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null || true
  fi
  log "postgres down"
}

status() {
  if is_up; then echo "postgres: up (127.0.0.1:$PG_PORT)"; else echo "postgres: down"; return 1; fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
