#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (Debian's, version 15 or later) on 127.0.0.1 for the
# integration suite's second run, and prints the DATABASE_URL to use. Data lives in a temporary
# folder owned by the `postgres` user (initdb and pg_ctl refuse to run as root).
#   scripts/pg15.sh start   -> prints postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/pg15.sh stop
#   scripts/pg15.sh status  -> exit status 0 when it runs
set -euo pipefail
PORT="${PG_TEST_PORT:-54329}"
DIR="${PG_TEST_DIR:-/tmp/crewcamp-pg15}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | head -n 1)"
if [ -z "$BIN" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
case "${1:-start}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
      as_postgres "'$BIN/initdb' -D '$DIR' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
    fi
    if ! as_postgres "'$BIN/pg_ctl' -D '$DIR' status >/dev/null 2>&1"; then
      as_postgres "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/server.log' -w -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start >/dev/null"
    fi
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_postgres "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >/dev/null 2>&1 || true
    ;;
  status)
    [ -f "$DIR/PG_VERSION" ] && as_postgres "'$BIN/pg_ctl' -D '$DIR' status >/dev/null 2>&1"
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
