# Shared helpers for the service scripts: where state lives and how to run as the service user.
SERVICES_DIR="${PVS_SERVICES_DIR:-/var/tmp/pvs-services}"

log() { printf '[services] %s\n' "$*" >&2; }

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    log "need root to install $*: run 'sudo apt-get install -y $*' once"
    return 1
  fi
  log "installing $* from Debian packages"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Servers refuse to run as root; as root we run them as their own system user.
run_as() {
  local user="$1"; shift
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

prepare_dir() {
  local user="$1" dir="$2"
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown -R "$user" "$dir"; fi
}
