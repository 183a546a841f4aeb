#!/usr/bin/env bash
# Runs a command with REDIS_URL pointing at a throwaway Redis on a free loopback port, stopped afterwards.
# Installs Debian's redis-server when it is missing and the machine allows it (root + apt-get); otherwise fails
# loudly. `--ensure` only makes sure redis-server is installed (the live Redis test calls it under `npm test`).
set -euo pipefail
cd "$(dirname "$0")/.."

find_redis() { command -v redis-server || { [ -x /usr/bin/redis-server ] && echo /usr/bin/redis-server; } || true; }
REDIS_BIN=$(find_redis)
if [ -z "$REDIS_BIN" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "redis-server not found: installing it with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq redis-server >/dev/null
    REDIS_BIN=$(find_redis)
  else
    echo "ERROR: the live layer's Redis tests need redis-server (Debian package 'redis-server')." >&2
    echo "       Install it as root: apt-get install -y redis-server" >&2
    exit 1
  fi
fi
if [ "${1:-}" = "--ensure" ]; then exit 0; fi

REDIS_DIR=$(mktemp -d /tmp/waterops-redis.XXXXXX)
REDIS_PORT=${REDIS_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
# no persistence: a test server that forgets everything when stopped
"$REDIS_BIN" --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$REDIS_DIR" \
  --logfile "$REDIS_DIR/redis.log" &
REDIS_PID=$!
stop() { kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; rm -rf "$REDIS_DIR"; }
trap stop EXIT

for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT") 2>/dev/null; then break; fi
  sleep 0.1
done
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
echo "Redis $("$REDIS_BIN" --version | awk '{print $3}' | sed 's/v=//') on 127.0.0.1:$REDIS_PORT"
"$@"
