#!/usr/bin/env bash
# Smoke check of a broker started by scripts/services/kafka.sh, with the Kafka CLI classes from the
# same classpath: create a topic (3 partitions), describe it, produce one message, consume it in a
# consumer group (this creates __consumer_offsets and commits), describe the group, delete the topic.
#   bash tools/kafka/smoke.sh                                   # default broker (3.9.2 on 19092)
#   KAFKA_VERSION=4.1.1 KAFKA_PORT=29092 bash tools/kafka/smoke.sh
set -euo pipefail
KAFKA_VERSION="${KAFKA_VERSION:-3.9.2}"
KAFKA_PORT="${KAFKA_PORT:-19092}"
lib="${PVS_SERVICES_DIR:-/var/tmp/pvs-services}/kafka-$KAFKA_VERSION/lib"
bootstrap="127.0.0.1:$KAFKA_PORT"
[ -f "$lib/kafka_2.13-$KAFKA_VERSION.jar" ] || { echo "no jars in $lib: run scripts/services/kafka.sh up first" >&2; exit 1; }

# The CLI classes moved from core (kafka.*) to kafka-tools (org.apache.kafka.tools.*) between 3.x and 4.x.
pick() {
  local c
  for c in "$@"; do
    if unzip -l "$lib/kafka-tools-$KAFKA_VERSION.jar" "${c//.//}.class" >/dev/null 2>&1 \
      || unzip -l "$lib/kafka_2.13-$KAFKA_VERSION.jar" "${c//.//}.class" >/dev/null 2>&1; then
      echo "$c"; return
    fi
  done
  echo "none of $* on the classpath" >&2; exit 1
}
topic_cmd=$(pick org.apache.kafka.tools.TopicCommand kafka.admin.TopicCommand)
producer=$(pick org.apache.kafka.tools.ConsoleProducer kafka.tools.ConsoleProducer)
consumer=$(pick org.apache.kafka.tools.consumer.ConsoleConsumer kafka.tools.ConsoleConsumer)
groups=$(pick org.apache.kafka.tools.consumer.group.ConsumerGroupCommand kafka.admin.ConsumerGroupCommand)
run() { java -Xmx256m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dlog4j2.statusLoggerLevel=OFF -cp "$lib/*" "$@"; }

topic="pvs-smoke-$$"
group="pvs-smoke-group-$$"
message="hello-$(date +%s%N)"
echo "== kafka $KAFKA_VERSION at $bootstrap"
run "$topic_cmd" --bootstrap-server "$bootstrap" --create --topic "$topic" --partitions 3 --replication-factor 1
run "$topic_cmd" --bootstrap-server "$bootstrap" --describe --topic "$topic"
echo "k1:$message" | run "$producer" --bootstrap-server "$bootstrap" --topic "$topic" \
  --property parse.key=true --property key.separator=: --producer-property acks=all
got=$(run "$consumer" --bootstrap-server "$bootstrap" --topic "$topic" --group "$group" \
  --from-beginning --max-messages 1 --timeout-ms 30000 --property print.key=true --property key.separator=:)
echo "consumed: $got"
[ "$got" = "k1:$message" ] || { echo "smoke: expected k1:$message" >&2; exit 1; }
run "$groups" --bootstrap-server "$bootstrap" --describe --group "$group"
run "$topic_cmd" --bootstrap-server "$bootstrap" --delete --topic "$topic"
echo "== smoke ok: kafka $KAFKA_VERSION at $bootstrap"
