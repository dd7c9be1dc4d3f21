#!/usr/bin/env bash
# Redis for development and tests: installed from Debian packages when missing (the Debian service
# is not used), run from the project's own folder on 127.0.0.1:${REDIS_PORT:-16379}, no persistence.
# As root it runs as the redis user the Debian package creates.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

REDIS_PORT="${REDIS_PORT:-16379}"
REDIS_DIR="$SERVICES_DIR/redis-$REDIS_PORT"
REDIS_CONF="$REDIS_DIR/redis.conf"
REDIS_PID="$REDIS_DIR/redis.pid"
REDIS_LOG="$REDIS_DIR/redis.log"
REDIS_USER=redis

service_user() { if [ "$(id -u)" -eq 0 ]; then echo "$REDIS_USER"; else id -un; fi; }

ensure_installed() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null && return 0
  apt_install redis-server redis-tools
  command -v redis-server >/dev/null || { log "redis-server not found after install"; exit 1; }
}

is_up() {
  command -v redis-cli >/dev/null || return 1
  [ "$(timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
}

running_pid() {
  local pid
  pid=$(cat "$REDIS_PID" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "redis-server" || return 1
  echo "$pid"
}

write_config() {
  cat > "$REDIS_CONF" <<CONF
# Written by scripts/services/redis.sh on every up; edits are overwritten.
bind 127.0.0.1
port $REDIS_PORT
protected-mode yes
daemonize yes
supervised no
pidfile $REDIS_PID
logfile $REDIS_LOG
loglevel warning
dir $REDIS_DIR
# Tests only: nothing is persisted.
save ""
appendonly no
CONF
}

up() {
  if is_up; then log "redis already up on 127.0.0.1:$REDIS_PORT"; return; fi
  ensure_installed
  local user; user=$(service_user)
  mkdir -p "$SERVICES_DIR" "$REDIS_DIR"
  write_config
  touch "$REDIS_LOG"
  prepare_dir "$user" "$REDIS_DIR"
  local from; from=$(stat -c %s "$REDIS_LOG")
  if ! running_pid >/dev/null; then
    rm -f "$REDIS_PID"
    (cd "$REDIS_DIR" && run_as "$user" redis-server "$REDIS_CONF") >>"$REDIS_LOG" 2>&1 || true
  fi
  local i
  for i in $(seq 60); do
    if is_up; then log "redis up: redis://127.0.0.1:$REDIS_PORT"; return; fi
    if [ "$i" -gt 4 ] && ! running_pid >/dev/null; then break; fi
    sleep 0.25
  done
  log "redis did not start on 127.0.0.1:$REDIS_PORT; log $REDIS_LOG:"
  tail -c +"$((from + 1))" "$REDIS_LOG" | tail -n 20 >&2 || true
  exit 1
}

down() {
  local pid
  if pid=$(running_pid); then
    # Nothing is persisted (save ""), so a plain SIGTERM is a clean shutdown.
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 60); do [ -d "/proc/$pid" ] || break; sleep 0.25; done
    if [ -d "/proc/$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  rm -f "$REDIS_PID"
  log "redis down"
}

status() {
  if is_up; then echo "redis: up (127.0.0.1:$REDIS_PORT)"; else echo "redis: down"; return 1; fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
