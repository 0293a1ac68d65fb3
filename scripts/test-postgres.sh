#!/usr/bin/env bash
# Runs the backend tests (tests/server) once against a real PostgreSQL 15, proving that the drizzle schema
# and migrations that run on PGlite also run on PostgreSQL. Creates a throwaway cluster in a temp dir,
# starts it on a private port, runs `DATABASE_URL=… npx vitest run --project node tests/server`, stops it.
#   scripts/test-postgres.sh            (needs Debian's postgresql package: /usr/lib/postgresql/<v>/bin)
# Env: PGTEST_PORT (default 54329), PGBIN (default: the newest /usr/lib/postgresql/*/bin).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PGTEST_PORT:-54329}"
PGBIN="${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "test-postgres: PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2
  exit 1
fi

WORK="$(mktemp -d /tmp/pgtest.XXXXXX)"
DATA="$WORK/data"
# initdb refuses to run as root: run the server as the postgres user when we are root.
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$WORK"
  as_pg() { su postgres -s /bin/bash -c "$*"; }
else
  as_pg() { bash -c "$*"; }
fi

cleanup() {
  as_pg "'$PGBIN/pg_ctl' -D '$DATA' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_pg "'$PGBIN/initdb' -D '$DATA' -U postgres -A trust --no-sync -E UTF8 --locale=C" >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log" >&2; exit 1; }
as_pg "'$PGBIN/pg_ctl' -D '$DATA' -l '$WORK/server.log' -w -o \"-p $PORT -k '$WORK' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start" >/dev/null \
  || { cat "$WORK/server.log" >&2; exit 1; }
as_pg "'$PGBIN/createdb' -h '$WORK' -p $PORT -U postgres wordsmith"
echo "test-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/wordsmith" npx vitest run --project node tests/server "$@"
