#!/usr/bin/env bash
# Proves that a build runs with production dependencies only: copies what the
# server needs at run time (dist/, dist-server/, manifests/, content/,
# package.json, package-lock.json) into a temporary folder, installs with
# `npm ci --omit=dev`, starts `node dist-server/server.mjs` with
# NODE_ENV=production and checks /healthz, /readyz, the compressed and
# CSP-protected home page and the absence of the development endpoints.
# Needs a build (`npm run build`) and network access to the npm registry.
#
# Usage: bash scripts/prod-smoke.sh   (PROD_SMOKE_TIMEOUT: seconds to wait for /healthz, default 60)
set -euo pipefail
cd "$(dirname "$0")/.."

for built in dist/index.html dist-server/server.mjs; do
  [ -f "$built" ] || { echo "prod-smoke: $built is missing; run npm run build first" >&2; exit 1; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/edu-prod-smoke.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== prod-smoke: copying the build into $work"
cp -R dist dist-server manifests content package.json package-lock.json "$work/"

echo "== prod-smoke: npm ci --omit=dev"
(cd "$work" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
echo "prod-smoke: production node_modules $(du -sm "$work/node_modules" | cut -f1) MB"

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
echo "== prod-smoke: starting node dist-server/server.mjs on $base (NODE_ENV=production)"
(
  cd "$work"
  exec env NODE_ENV=production ALLOW_SANDBOX=true \
    JWT_SECRET="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))")" PAY_SANDBOX_SECRET="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))")" \
    DATABASE_URL=memory:// DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn LIFECYCLE_INTERVAL_MS=0 \
    node dist-server/server.mjs
) >"$work/server.log" 2>&1 &
server_pid=$!

fail() {
  echo "prod-smoke FAILED: $*" >&2
  echo "--- server log" >&2
  tail -n 40 "$work/server.log" >&2 || true
  exit 1
}

status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }

timeout="${PROD_SMOKE_TIMEOUT:-60}"
deadline=$((SECONDS + timeout))
until [ "$(status "$base/healthz")" = 200 ]; do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited"
  [ $SECONDS -lt $deadline ] || fail "/healthz did not answer 200 within $timeout s"
  sleep 0.5
done
echo "prod-smoke: /healthz 200"

ready="$(status "$base/readyz")"
[ "$ready" = 200 ] || fail "/readyz answered $ready: $(curl -s "$base/readyz")"
echo "prod-smoke: /readyz 200"

# The overload check samples the event loop once a second: its first sample, taken while the
# process was starting (migrations, reference data), may shed requests (503) for that second.
until [ "$(status "$base/")" != 503 ] || [ $SECONDS -ge $deadline ]; do sleep 0.5; done
headers="$(curl -s -D - -o /dev/null -H 'accept-encoding: br' "$base/")"
echo "$headers" | grep -qi '^HTTP/[0-9.]* 200' || fail "GET / is not 200: $headers"
echo "$headers" | grep -qi '^content-security-policy:.*script-src' || fail "GET / has no content-security-policy"
# index.html's one inline script (the document start) is allowed by its hash, and nothing else inline is.
echo "$headers" | grep -qi "^content-security-policy:.*script-src 'self' 'sha256-" || fail "GET /'s policy does not allow the document start by its hash"
echo "$headers" | grep -qi '^content-security-policy:.*unsafe-inline' && fail "GET /'s policy allows inline script"
echo "$headers" | grep -qi '^content-encoding: br' || fail "GET / is not sent with brotli when asked"
echo "prod-smoke: GET / 200, brotli, content-security-policy"

dev="$(status "$base/_gw/__dev/sms/latest?phoneNum=13800138000")"
[ "$dev" = 404 ] || fail "the development SMS read-back answered $dev in production"
echo "prod-smoke: /_gw/__dev/sms/latest 404"

echo "prod-smoke: OK"
