#!/usr/bin/env bash
# A burst of the largest PNGs against a fresh gauge-server: N requests at once for an
# 8192 px gauge, each with its own value (so none is answered from the PNG store). Prints
# the statuses, the seconds the burst took and the server's peak resident set (VmHWM).
# Usage: Service/Load/png-burst.sh SERVER-BINARY [N] [gauge-server flags...]
# Example: Service/Load/png-burst.sh Service/.build/release/gauge-server 16 --max-queue-ms 60000
set -euo pipefail
bin=$1
count=${2:-16}
shift $(($# < 2 ? $# : 2))
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
"$bin" --host 127.0.0.1 --port "$port" --request-timeout 600 "$@" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -fsS -m 1 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
rss() { awk -v key="$1:" '$1 == key { print int($2 / 1024) " MB" }' "/proc/$server/status"; }
echo "resident at start: $(rss VmRSS)"
start=$(date +%s.%N)
for value in $(seq 1 "$count"); do
  curl -s -m 600 -o /dev/null -w '%{http_code}\n' \
    "http://127.0.0.1:$port/gauge/stress.png?value=$value&size=8192" >>"$work/codes" &
done
wait $(jobs -p | grep -v "^$server$") 2>/dev/null || true
end=$(date +%s.%N)
echo "statuses: $(sort "$work/codes" | uniq -c | awk '{ printf "%s × %s  ", $1, $2 }')"
echo "burst took: $(python3 -c "print(round($end - $start, 1))") s"
echo "peak resident: $(rss VmHWM); resident after: $(rss VmRSS)"
