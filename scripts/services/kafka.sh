#!/usr/bin/env bash
# Apache Kafka for development and tests: one KRaft node (broker + controller) on
# 127.0.0.1:${KAFKA_PORT:-19092} (controller on KAFKA_PORT+1), run from the Maven jars, no tarball.
# KAFKA_VERSION picks the broker (default 3.9.2: the newest 3.9.x on Maven Central; kafkajs 2.2.4 is
# unmaintained and Kafka 4.0 removed old protocol versions, so 3.9 is the safe default; 4.1.x is the
# compatibility target). Each version+port has its own folder, so two brokers can run side by side:
#   KAFKA_VERSION=4.1.1 KAFKA_PORT=29092 bash scripts/services/kafka.sh up
# Layout under ${PVS_SERVICES_DIR:-/var/tmp/pvs-services}/kafka-<version>/:
#   lib/                        the flat classpath (tools/kafka/pom.xml), fetched once, then offline
#   broker-<port>/server.properties, kraft-logs/, kafka.pid, server.log (WARN and above, plus startup)
# Topics are not auto-created: create them up front (admin.createTopics / TopicCommand).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

KAFKA_VERSION="${KAFKA_VERSION:-3.9.2}"
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT=$((KAFKA_PORT + 1))
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
KAFKA_LOG_LEVEL="${KAFKA_LOG_LEVEL:-warn}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-90}"
KAFKA_HOME="$SERVICES_DIR/kafka-$KAFKA_VERSION"
KAFKA_LIB="$KAFKA_HOME/lib"
KAFKA_DATA="$KAFKA_HOME/broker-$KAFKA_PORT"
KAFKA_PROPS="$KAFKA_DATA/server.properties"
KAFKA_PID="$KAFKA_DATA/kafka.pid"
KAFKA_LOG="$KAFKA_DATA/server.log"
KAFKA_POM="$(cd "$here/../.." && pwd)/tools/kafka/pom.xml"
# Fixed cluster id (the one testcontainers uses): formatting is repeatable and --ignore-formatted
# never meets a mismatch.
KAFKA_CLUSTER_ID=4L6g3nShT-eMCtK--X86sw
# Kafka runs happily as root but should not: as root we run it as the system user pvs-kafka,
# created on first use (no home, no login shell). As a normal user it runs as that user.
KAFKA_USER=pvs-kafka

service_user() { if [ "$(id -u)" -eq 0 ]; then echo "$KAFKA_USER"; else id -un; fi; }

ensure_user() {
  [ "$(id -u)" -eq 0 ] || return 0
  id -u "$KAFKA_USER" >/dev/null 2>&1 && return 0
  log "creating system user $KAFKA_USER"
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "$KAFKA_USER"
}

java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\)[."].*/\1/p' | head -n 1; }

ensure_java() {
  command -v java >/dev/null || apt_install openjdk-17-jre-headless
  local major; major=$(java_major)
  if [ -z "$major" ] || [ "$major" -lt 17 ]; then
    log "Kafka needs Java 17 or newer, found: $(java -version 2>&1 | head -n 1)"; exit 1
  fi
}

# The flat classpath for this version: fetched with Maven once, then reused (offline) by every up.
ensure_lib() {
  [ -f "$KAFKA_LIB/kafka_2.13-$KAFKA_VERSION.jar" ] && return 0
  command -v mvn >/dev/null || apt_install maven
  rm -rf "$KAFKA_LIB"   # a lib without the broker jar is a leftover of an interrupted copy
  local tmp="$KAFKA_HOME/lib.tmp.$$"
  rm -rf "$tmp"; mkdir -p "$tmp"
  log "fetching Kafka $KAFKA_VERSION jars with Maven (first run for this version)"
  if ! mvn -B -q -f "$KAFKA_POM" dependency:copy-dependencies -DincludeScope=runtime \
      -DoutputDirectory="$tmp" -Dkafka.version="$KAFKA_VERSION" >"$tmp.log" 2>&1 \
      || [ ! -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ]; then
    log "could not fetch org.apache.kafka:kafka_2.13:$KAFKA_VERSION from Maven:"
    sed 's/\x1b\[[0-9;]*m//g' "$tmp.log" | grep -v '^\[ERROR\] *$' | tail -n 12 >&2
    rm -rf "$tmp" "$tmp.log"
    # Nothing but the lock left (e.g. a version Maven Central does not have): leave no folder behind.
    find "$KAFKA_HOME" -mindepth 1 -maxdepth 1 ! -name .up.lock | grep -q . || rm -rf "$KAFKA_HOME"
    exit 1
  fi
  rm -f "$tmp.log"
  chmod -R a+rX "$tmp"
  # Another up of the same version may have won the race: keep its copy.
  mv -T "$tmp" "$KAFKA_LIB" 2>/dev/null || rm -rf "$tmp"
}

write_config() {
  cat > "$KAFKA_PROPS" <<CONF
# Written by scripts/services/kafka.sh on every up; edits are overwritten.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA/kraft-logs
num.partitions=3
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
CONF
}

jvm_opts() {
  # shellcheck disable=SC2206
  local heap=($KAFKA_HEAP_OPTS)
  printf '%s\n' "${heap[@]}" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
    -Djava.awt.headless=true \
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=$KAFKA_LOG_LEVEL" \
    -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info \
    -Dorg.slf4j.simpleLogger.showDateTime=true \
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSZ" \
    -Dlog4j2.statusLoggerLevel=OFF -Dlog4j2.level=WARN
}

# Prints the broker's pid when our broker for this version+port is running.
running_pid() {
  local pid
  pid=$(cat "$KAFKA_PID" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF "kafka.Kafka $KAFKA_PROPS" || return 1
  echo "$pid"
}

# A real Kafka protocol round trip: ApiVersions v0 with correlation id 1234; the broker must answer
# with that correlation id and error code 0.
api_ok() {
  local reply
  reply=$(timeout 3 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$0" || exit 1
    printf "\x00\x00\x00\x0d\x00\x12\x00\x00\x00\x00\x04\xd2\x00\x03pvs" >&3
    head -c 10 <&3 | od -An -tx1 | tr -d " \n"' "$1" 2>/dev/null) || return 1
  [[ "$reply" == ????????000004d20000 ]]
}

port_taken() { timeout 1 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0"' "$1" 2>/dev/null; }

is_up() { running_pid >/dev/null && api_ok "$KAFKA_PORT"; }

fail_start() {
  log "kafka $KAFKA_VERSION did not start on 127.0.0.1:$KAFKA_PORT: $1"
  log "last lines of $KAFKA_LOG:"
  tail -n 40 "$KAFKA_LOG" >&2 || true
  exit 1
}

# Waits until this start's log says "Kafka Server started" (logged after the broker is unfenced)
# and the listener answers a Kafka request.
wait_ready() {
  local from="$1" deadline=$((SECONDS + KAFKA_START_TIMEOUT))
  while :; do
    running_pid >/dev/null || fail_start "the broker exited"
    if tail -c +"$((from + 1))" "$KAFKA_LOG" | grep -q 'Kafka Server started' && api_ok "$KAFKA_PORT"; then
      return 0
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail_start "not ready after ${KAFKA_START_TIMEOUT}s"
    sleep 0.5
  done
}

up() {
  if is_up; then log "kafka $KAFKA_VERSION already up on 127.0.0.1:$KAFKA_PORT"; return; fi
  ensure_java
  ensure_user
  local user; user=$(service_user)
  mkdir -p "$KAFKA_HOME"
  # One up per version at a time (parallel CI jobs): the jar fetch and the start must not race.
  exec 9>>"$KAFKA_HOME/.up.lock"
  flock -w 300 9 || { log "another kafka.sh up for $KAFKA_VERSION holds $KAFKA_HOME/.up.lock"; exit 1; }
  if is_up; then log "kafka $KAFKA_VERSION already up on 127.0.0.1:$KAFKA_PORT"; return; fi
  ensure_lib
  mkdir -p "$KAFKA_DATA"
  write_config
  touch "$KAFKA_LOG"
  prepare_dir "$user" "$KAFKA_DATA"
  local from; from=$(stat -c %s "$KAFKA_LOG")
  if running_pid >/dev/null; then
    log "kafka $KAFKA_VERSION is starting on 127.0.0.1:$KAFKA_PORT, waiting"
    from=0
  else
    local p
    for p in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
      if port_taken "$p"; then
        log "127.0.0.1:$p is already in use by another process (another Kafka version on this port?"
        log "see $SERVICES_DIR/kafka-*/broker-$KAFKA_PORT; stop it with KAFKA_VERSION=<v> $0 down)"
        exit 1
      fi
    done
    mapfile -t opts < <(jvm_opts)
    if [ ! -f "$KAFKA_DATA/kraft-logs/meta.properties" ]; then
      printf '%s [pvs] formatting %s\n' "$(date -Is)" "$KAFKA_DATA/kraft-logs" >> "$KAFKA_LOG"
      if ! (cd "$KAFKA_DATA" && run_as "$user" java "${opts[@]}" -cp "$KAFKA_LIB/*" kafka.tools.StorageTool \
          format -t "$KAFKA_CLUSTER_ID" -c "$KAFKA_PROPS" --ignore-formatted) >>"$KAFKA_LOG" 2>&1; then
        fail_start "formatting the storage failed"
      fi
    fi
    printf '%s [pvs] starting kafka %s on 127.0.0.1:%s\n' "$(date -Is)" "$KAFKA_VERSION" "$KAFKA_PORT" >> "$KAFKA_LOG"
    rm -f "$KAFKA_PID"
    local as_user=(); [ "$(id -u)" -ne 0 ] || as_user=(runuser -u "$user" --)
    # The inner bash writes its own pid, then becomes the JVM: the pid file holds the broker's pid.
    ( cd "$KAFKA_DATA" && exec setsid "${as_user[@]}" bash -c 'echo $$ > "$0"; exec "$@"' "$KAFKA_PID" \
        java "${opts[@]}" -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_PROPS" ) </dev/null >>"$KAFKA_LOG" 2>&1 9>&- &
    for _ in $(seq 50); do running_pid >/dev/null && break; sleep 0.1; done
  fi
  wait_ready "$from"
  log "kafka $KAFKA_VERSION up: 127.0.0.1:$KAFKA_PORT (log: $KAFKA_LOG)"
}

down() {
  local pid
  if pid=$(running_pid); then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 60); do [ -d "/proc/$pid" ] || break; sleep 0.5; done
    if [ -d "/proc/$pid" ]; then
      log "kafka $KAFKA_VERSION did not stop within 30s, killing it"
      kill -KILL "$pid" 2>/dev/null || true
      for _ in $(seq 20); do [ -d "/proc/$pid" ] || break; sleep 0.25; done
    fi
  fi
  rm -f "$KAFKA_PID"
  log "kafka $KAFKA_VERSION down (127.0.0.1:$KAFKA_PORT)"
}

status() {
  if is_up; then echo "kafka: up (127.0.0.1:$KAFKA_PORT, $KAFKA_VERSION)"; else echo "kafka: down"; return 1; fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
