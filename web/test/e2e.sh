#!/usr/bin/env bash
# The web page end to end in headless Chromium (Debian's /usr/bin/chromium,
# driven by puppeteer-core from web/node_modules): builds the page
# (web/build.mjs, as go generate ./web does) and gamels with it, then runs
# test/e2e.mjs (and test/engine.mjs: hovers answered while the engine
# annotates) against `gamels web` on a free loopback port, and e2e.mjs again
# against `gamels web --out DIR` served by a plain static server (python3
# -m http.server, which sends no CSP header: the page's meta element is the
# policy there). Screenshots in $WEB_SHOTS (default web/.e2e/shots).
set -euo pipefail
cd "$(dirname "$0")/.."
WEB=$(pwd)
SHOTS=${WEB_SHOTS:-$WEB/.e2e/shots}
TMP=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT

echo "web e2e: the server's message conn (GOOS=js GOARCH=wasm go test, in Node)"
(cd .. && PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm timeout 600 go test ./web/wasm)

echo "web e2e: build the page and gamels"
timeout 900 node build.mjs
(cd .. && timeout 600 go build -o "$TMP/gamels" ./cmd/gamels)
echo "web e2e: typecheck, the share links' unit tests (Node)"
timeout 300 npx tsc --noEmit -p .
timeout 300 npm run -s test:unit >"$TMP/unit.out" 2>&1 || { cat "$TMP/unit.out"; exit 1; }
grep -E '^# (pass|fail)' "$TMP/unit.out"

# wait_url FILE: the first http:// address printed in FILE.
wait_url() {
  local i
  for i in $(seq 1 100); do
    if grep -qo 'http://[0-9.:]*' "$1" 2>/dev/null; then
      grep -o 'http://[0-9.:]*' "$1" | head -n 1
      return 0
    fi
    sleep 0.1
  done
  echo "web e2e: no address in $1: $(cat "$1")" >&2
  return 1
}

echo "web e2e: gamels web"
"$TMP/gamels" web --port 0 >"$TMP/web.out" 2>&1 &
pids+=($!)
url=$(wait_url "$TMP/web.out")/
timeout 600 node test/e2e.mjs "$url" "$TMP/gamels" "$SHOTS"
echo "web e2e: hovers answered while the engine annotates 200 KB (test/engine.mjs)"
timeout 120 node test/engine.mjs "$url" ../testdata/contest/icfp1998/as_uva844.in

echo "web e2e: gamels web --out, served by python3 -m http.server"
"$TMP/gamels" web --out "$TMP/site"
(cd "$TMP/site" && exec python3 -u -m http.server --bind 127.0.0.1 0) >"$TMP/static.out" 2>&1 &
pids+=($!)
url=$(wait_url "$TMP/static.out")/
timeout 600 node test/e2e.mjs "$url" "$TMP/gamels" "$SHOTS/static"
echo "web e2e: screenshots in $SHOTS"
