#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1 and a free port.
#   scripts/test-postgres.sh swift test --filter StorePostgresTests
# Exports ACCOUNTLINK_TEST_POSTGRES_URL=postgres://accountlink:…@127.0.0.1:PORT/accountlink_test,
# and, for a test that restarts the server (scripts/chaos.py), ACCOUNTLINK_TEST_POSTGRES_DATA (the
# cluster's folder) and ACCOUNTLINK_TEST_POSTGRES_BIN (where pg_ctl is);
# always stops the server and removes its folder, and exits with the command's status.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 64
fi

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PG_BIN="$(find_bin)"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    # The Makefile has run apt-get update already.
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2
    PG_BIN="$(find_bin)"
fi

# The server refuses to run as root: run it as the `postgres` user when we are root.
as_server_user() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A port nothing listens on: the kernel's choice through python3, else a random probe via /dev/tcp.
free_port() {
    if command -v python3 >/dev/null; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
        return
    fi
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
    done
}

WORK="$(mktemp -d /tmp/accountlink-pg.XXXXXX)"
DATA="$WORK/data"
PORT="$(free_port)"
PASSWORD="pw$RANDOM$RANDOM"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$WORK"; fi
chmod 700 "$WORK"

cleanup() {
    if [ -f "$DATA/postmaster.pid" ]; then
        as_server_user "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Tests need no durability; `make bench` measures durable commits (ACCOUNTLINK_PG_DURABLE=1).
DURABILITY="-c fsync=off -c full_page_writes=off"
if [ "${ACCOUNTLINK_PG_DURABLE:-}" = 1 ]; then DURABILITY=""; fi
printf '%s\n' "$PASSWORD" > "$WORK/pwfile"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$WORK/pwfile"; fi
as_server_user "$PG_BIN/initdb" -D "$DATA" -U accountlink --pwfile="$WORK/pwfile" -A scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }
as_server_user "$PG_BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 30 \
    -o "-k $WORK -h 127.0.0.1 -p $PORT $DURABILITY -c max_connections=200" start >/dev/null \
    || { cat "$WORK/server.log" >&2; exit 1; }

export PGPASSWORD="$PASSWORD"
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U accountlink accountlink_test
unset PGPASSWORD

export ACCOUNTLINK_TEST_POSTGRES_URL="postgres://accountlink:$PASSWORD@127.0.0.1:$PORT/accountlink_test"
export ACCOUNTLINK_TEST_POSTGRES_DATA="$DATA" ACCOUNTLINK_TEST_POSTGRES_BIN="$PG_BIN"
status=0
"$@" || status=$?
exit "$status"
