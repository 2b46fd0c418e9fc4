#!/usr/bin/env bash
# A single-node Apache Kafka (KRaft: broker and controller in one JVM) on loopback, for
# development, tests and CI. The jars come from Maven Central through pom.xml (the same jars the
# official distribution ships in libs/) and are cached in target/libs.
#
#   infra/kafka/kafka.sh start | stop | status | fetch
#
# Settings (environment), all optional:
#   KAFKA_PORT             client listener (PLAINTEXT), default 9092
#   KAFKA_CONTROLLER_PORT  controller listener, default 9093
#   KAFKA_SECURE_PORT      if set, also a SASL_SSL listener there (self-signed certificate and
#                          SCRAM-SHA-256/512 + PLAIN users, see "secure" below); for the tests
#   KAFKA_STATE_DIR        configuration, data, log and pid; default infra/kafka/target/broker
#   KAFKA_HEAP             maximum heap, default 512m (the machines have two cores and the broker
#                          shares them with everything else)
#   KAFKA_START_TIMEOUT    seconds to wait for the broker to answer, default 180
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
libs="$here/target/libs"
port="${KAFKA_PORT:-9092}"
controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
secure_port="${KAFKA_SECURE_PORT:-}"
state="${KAFKA_STATE_DIR:-$here/target/broker}"
heap="${KAFKA_HEAP:-512m}"
start_timeout="${KAFKA_START_TIMEOUT:-180}"
pidfile="$state/broker.pid"

say() { echo "kafka: $*"; }

# The jars, fetched once per pom.xml (the stamp holds the pom's checksum).
fetch() {
  local sum
  sum="$(sha256sum "$here/pom.xml" | cut -d' ' -f1)"
  if [ -f "$libs/.stamp" ] && [ "$(cat "$libs/.stamp")" = "$sum" ]; then return 0; fi
  command -v mvn >/dev/null || { say "Maven (mvn) is missing: apt-get install -y maven openjdk-17-jre-headless" >&2; exit 1; }
  say "fetching the broker's jars (Maven)"
  rm -rf "$libs"
  mvn -q -B -Dstyle.color=never -f "$here/pom.xml" dependency:copy-dependencies
  echo "$sum" >"$libs/.stamp"
}

running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

# The secured listener's material: a self-signed certificate for 127.0.0.1/localhost (ca.pem is
# what a client trusts) and the users. Test-only passwords, made up here and printed nowhere.
secure_material() {
  [ -f "$state/tls/broker.p12" ] && return 0
  mkdir -p "$state/tls"
  keytool -genkeypair -alias broker -keyalg RSA -keysize 2048 -validity 3650 \
    -dname "CN=localhost" -ext "SAN=ip:127.0.0.1,dns:localhost" \
    -keystore "$state/tls/broker.p12" -storetype PKCS12 -storepass innerview-test -keypass innerview-test >/dev/null 2>&1
  keytool -exportcert -rfc -alias broker -keystore "$state/tls/broker.p12" -storepass innerview-test \
    -file "$state/tls/ca.pem" >/dev/null 2>&1
}

write_config() {
  local listeners="PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port"
  local advertised="PLAINTEXT://127.0.0.1:$port"
  local protocols="PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT"
  if [ -n "$secure_port" ]; then
    listeners="$listeners,SASL_SSL://127.0.0.1:$secure_port"
    advertised="$advertised,SASL_SSL://127.0.0.1:$secure_port"
    protocols="$protocols,SASL_SSL:SASL_SSL"
  fi
  cat >"$state/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=$listeners
advertised.listeners=$advertised
listener.security.protocol.map=$protocols
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$state/data
# One node: the internal topics can have one replica only.
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# Fewer partitions for the group offsets than the default 50: a cold broker on a busy two-core
# machine takes tens of seconds to create 50, and the first consumer group waits for them.
offsets.topic.num.partitions=4
# Topics are provisioned explicitly (npm run events -- provision), never made by a client.
auto.create.topics.enable=false
# A group that forms joins at once rather than after 3 s (tests and short-lived consumers).
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
background.threads=2
PROPS
  if [ -n "$secure_port" ]; then
    cat >>"$state/server.properties" <<PROPS
sasl.enabled.mechanisms=SCRAM-SHA-256,SCRAM-SHA-512,PLAIN
ssl.keystore.type=PKCS12
ssl.keystore.location=$state/tls/broker.p12
ssl.keystore.password=innerview-test
ssl.key.password=innerview-test
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_plain-user="plain-secret";
PROPS
  fi
}

java_cmd() {
  java_args=(java -Xmx"$heap" -Xms"$heap" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
    -Dkafka.logs.dir="$state" -Dlog4j2.configurationFile="$here/log4j2.xml" \
    -cp "$libs/*" "$@")
}

start() {
  if running; then say "already running (pid $(cat "$pidfile"), 127.0.0.1:$port)"; return 0; fi
  if answers; then say "something else already answers on 127.0.0.1:$port" >&2; exit 1; fi
  fetch
  mkdir -p "$state"
  [ -n "$secure_port" ] && secure_material
  write_config
  if [ ! -f "$state/data/meta.properties" ]; then
    # A KRaft node's storage is formatted once, with a cluster id (16 random bytes, base64url).
    local cluster_id scram=()
    cluster_id="$(head -c16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
    # One id in 64 starts with '-' and would be read as an option (Kafka's own random ids avoid it too).
    [ "${cluster_id:0:1}" = "-" ] && cluster_id="A${cluster_id:1}"
    if [ -n "$secure_port" ]; then
      scram=(--add-scram 'SCRAM-SHA-256=[name=scram256-user,password=scram256-secret]'
        --add-scram 'SCRAM-SHA-512=[name=scram512-user,password=scram512-secret]')
    fi
    java_cmd kafka.tools.StorageTool format --cluster-id "$cluster_id" --config "$state/server.properties" \
      --ignore-formatted "${scram[@]}"
    "${java_args[@]}" >"$state/format.log" 2>&1 || { cat "$state/format.log" >&2; exit 1; }
  fi
  : >"$state/broker.log"
  # setsid: the broker outlives the shell that started it (npm run kafka returns at once).
  java_cmd kafka.Kafka "$state/server.properties"
  setsid "${java_args[@]}" >"$state/broker.out" 2>&1 </dev/null &
  echo $! >"$pidfile"
  local deadline=$((SECONDS + start_timeout))
  until grep -q "Kafka Server started" "$state/broker.log" 2>/dev/null && answers; do
    if ! running; then
      say "the broker exited while starting; its last lines:" >&2
      tail -n 30 "$state/broker.log" "$state/broker.out" >&2 || true
      rm -f "$pidfile"
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      say "no answer on 127.0.0.1:$port after ${start_timeout}s; see $state/broker.log" >&2
      stop
      exit 1
    fi
    sleep 0.2
  done
  say "running on 127.0.0.1:$port (pid $(cat "$pidfile"), log $state/broker.log)"
}

stop() {
  if ! running; then rm -f "$pidfile"; say "not running"; return 0; fi
  local pid
  pid="$(cat "$pidfile")"
  kill -TERM "$pid"
  # A clean shutdown closes the logs, so the next start does not have to recover them.
  for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    say "still running after 30 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
  say "stopped"
}

status() {
  if running && answers; then say "running on 127.0.0.1:$port (pid $(cat "$pidfile"))"; return 0; fi
  if running; then say "started (pid $(cat "$pidfile")) but not answering on 127.0.0.1:$port"; return 1; fi
  say "not running"
  return 3
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  fetch) fetch ;;
  *) echo "usage: $0 start|stop|status|fetch" >&2; exit 2 ;;
esac
