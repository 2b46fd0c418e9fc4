#!/bin/sh
# Writes PgBouncer's configuration, then starts it (the pgbouncer Deployment's command).
# - The six databases and their logins come from the services' own secrets: each
#   `<SERVICE>_DATABASE_URL` is that service's DATABASE_DIRECT_URL (PostgreSQL itself). A service
#   logs in to PgBouncer with the same user and password, so one credential serves both.
# - The pool sizes come from the one connection budget (the base's innerview-connection-budget:
#   MAX_CONNECTIONS - RESERVED_CONNECTIONS), shared equally by the six databases and by the
#   PGBOUNCER_REPLICAS pods, so all PgBouncer pods together never open more than the budget.
# POSIX sh and awk only (the image's busybox); infra/k8s/kustomize.test.ts runs it too.
set -eu

run_dir="${PGBOUNCER_RUN_DIR:-/tmp/pgbouncer}"
databases="auth billing chat questionnaire files notifications"
count=6

fail() {
  echo "pgbouncer: $*" >&2
  exit 1
}

number() {
  case "$2" in
    '' | *[!0-9]*) fail "$1 must be a whole number" ;;
  esac
}
number MAX_CONNECTIONS "${MAX_CONNECTIONS:-}"
number RESERVED_CONNECTIONS "${RESERVED_CONNECTIONS:-}"
number PGBOUNCER_REPLICAS "${PGBOUNCER_REPLICAS:-}"
[ "$PGBOUNCER_REPLICAS" -ge 1 ] || fail "PGBOUNCER_REPLICAS must be at least 1"
budget=$((MAX_CONNECTIONS - RESERVED_CONNECTIONS))
per_database=$((budget / (count * PGBOUNCER_REPLICAS)))
[ "$per_database" -ge 1 ] ||
  fail "the connection budget ($budget) leaves no server connection per database and pod"

# Percent-decoding of the user and password of a URL (%40 is @ …).
decode() {
  printf '%s' "$1" | LC_ALL=C awk '
    BEGIN { for (i = 1; i < 256; i++) byte[sprintf("%02x", i)] = sprintf("%c", i) }
    {
      out = ""; s = $0
      while (match(s, /%[0-9A-Fa-f][0-9A-Fa-f]/)) {
        out = out substr(s, 1, RSTART - 1) byte[tolower(substr(s, RSTART + 1, 2))]
        s = substr(s, RSTART + 3)
      }
      printf "%s", out s
    }'
}

umask 077
mkdir -p "$run_dir"
: >"$run_dir/userlist.txt"
{
  echo "[databases]"
  for name in $databases; do
    variable="$(echo "$name" | tr 'a-z' 'A-Z')_DATABASE_URL"
    eval "url=\${$variable:-}"
    case "$url" in
      postgres://*@*/* | postgresql://*@*/*) ;;
      *) fail "$variable must be postgres://user:password@host:port/database" ;;
    esac
    rest="${url#*://}"
    rest="${rest%%\?*}"
    credentials="${rest%@*}"
    address="${rest##*@}"
    hostport="${address%%/*}"
    database="${address#*/}"
    host="${hostport%:*}"
    port="${hostport##*:}"
    [ "$host" = "$hostport" ] && port=5432
    user="$(decode "${credentials%%:*}")"
    password="$(decode "${credentials#*:}")"
    # A login used by several services is listed once.
    quoted_user="$(printf '%s' "$user" | sed 's/"/""/g')"
    if ! grep -qF "\"$quoted_user\" \"" "$run_dir/userlist.txt"; then
      printf '"%s" "%s"\n' "$quoted_user" \
        "$(printf '%s' "$password" | sed 's/"/""/g')" >>"$run_dir/userlist.txt"
    fi
    # The services' server-side time-outs (PgBouncer drops them from the start-up packet).
    echo "$name = host=$host port=$port dbname=$database connect_query='SET statement_timeout = ${STATEMENT_TIMEOUT_MS:-15000}; SET idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_TIMEOUT_MS:-30000}'"
  done
  cat <<INI

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $run_dir/userlist.txt
pool_mode = transaction
default_pool_size = $per_database
max_db_connections = $per_database
min_pool_size = 0
reserve_pool_size = 0
max_client_conn = ${MAX_CLIENT_CONNECTIONS:-1000}
; auth names its prepared statements: PgBouncer 1.21+ keeps them per server connection.
max_prepared_statements = 200
; node-postgres sends the time-outs at start-up; connect_query above sets them on the server.
ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout
idle_transaction_timeout = $(((${IDLE_IN_TRANSACTION_TIMEOUT_MS:-30000} + 999) / 1000))
server_tls_sslmode = ${SERVER_TLS_SSLMODE:-prefer}
log_connections = 0
log_disconnections = 0
INI
} >"$run_dir/pgbouncer.ini"

echo "pgbouncer: $count databases, $per_database server connections each in this pod ($PGBOUNCER_REPLICAS pods, budget $budget)"
exec "${PGBOUNCER_BIN:-pgbouncer}" "$run_dir/pgbouncer.ini"
