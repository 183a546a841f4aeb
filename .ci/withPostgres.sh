#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on loopback.
# Installs Debian's postgresql package when no server binaries are found. `--ensure` only makes sure the server
# binaries are installed (the PostgreSQL restart test starts and stops a cluster of its own under `npm test`).
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN=$(find_bin || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL server not found: installing it with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(find_bin)
fi
if [ "${1:-}" = "--ensure" ]; then exit 0; fi

PGDATA=$(mktemp -d /tmp/waterops-pg.XXXXXX)
PGPORT=${PGPORT:-55432}
RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$PGDATA"
  RUN_AS=(runuser -u postgres --)
fi

"${RUN_AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >/dev/null
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDATA -c fsync=off -c max_connections=200" start >/dev/null
stop() { "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true; rm -rf "$PGDATA"; }
trap stop EXIT

export DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT"
"$@"
