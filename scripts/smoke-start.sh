#!/usr/bin/env bash
# The README's first command on this checkout: `npm start` must serve the demo on
# 127.0.0.1:8080 from SQLite in ./data and print a demo key that reads a demo item.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
# Its own process group, so stopping it stops npm and the node process under it.
setsid npm start >"$out" 2>&1 &
pid=$!
trap 'kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$out"' EXIT

for _ in $(seq 1 60); do
  grep -q '^Try: curl' "$out" && break
  if ! kill -0 "$pid" 2>/dev/null; then cat "$out"; echo "npm start exited" >&2; exit 1; fi
  sleep 1
done
grep -q 'listening on http://127.0.0.1:8080 (database: sqlite)' "$out" || { cat "$out"; echo "not on 127.0.0.1:8080 with SQLite" >&2; exit 1; }
grep -q 'Operator token' "$out" || { cat "$out"; echo "no operator token printed" >&2; exit 1; }
test -f data/content-feed.sqlite || { echo "no SQLite database in ./data" >&2; exit 1; }

try=$(grep '^Try: curl' "$out" | sed 's/^Try: //')
headers=$(eval "$try -s -D - -o /dev/null")
echo "$headers" | head -1 | grep -q ' 200' || { echo "$headers"; echo "demo item did not answer 200" >&2; exit 1; }
echo "$headers" | grep -qi '^x-credits-used: 0.1' || { echo "$headers"; echo "no X-Credits-Used: 0.1" >&2; exit 1; }
echo "smoke: npm start serves the demo on 127.0.0.1:8080 and the printed key reads a demo item"
