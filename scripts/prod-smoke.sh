#!/usr/bin/env bash
# Proves that a build runs with production dependencies only: copies what the
# server needs at run time (dist/, dist-server/, manifests/, content/,
# package.json, package-lock.json) into a temporary folder, installs with
# `npm ci --omit=dev`, starts `node dist-server/server.mjs` with
# NODE_ENV=production and checks /healthz, /readyz, the compressed and
# CSP-protected home page and the absence of the development endpoints; then
# starts it again with TLS_CERT_FILE/TLS_KEY_FILE and checks HTTP/2 over TLS; then once more on the
# real adapters this build has (Alipay, geocoder, WeChat official account, mail, S3), each pointed at its vendor
# fake (`npm run fakes`, run from this checkout) and without ALLOW_SANDBOX (every provider real: the providers
# line it prints names no sandbox), and checks calls that go through them: a policy bought
# through WeChat Pay and one through Alipay over HTTP and issued by the insurer gateway, one surrendered (the
# insurer agreeing) into a refund that reaches the WeChat Pay
# fake, and the day reconciled by the production install's reconcile command with no difference.
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
fakes_pid=""
cleanup() {
  for pid in "$server_pid" "$fakes_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
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
secret() { node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))"; }
jwt_secret="$(secret)"
pay_sandbox_secret="$(secret)"
person_data_key="$(secret)"
# memory:// until the stage on the vendor fakes, which keeps PGlite in $work/data for the reconcile command.
database_url="memory://"
# The first stages run on the sandboxes (ALLOW_SANDBOX=true); the stage on the vendor fakes has every service real and none.
allow_sandbox=true
# Runs (execs: call it in a subshell) a command of the copied install in its production environment; NAME=value arguments before it are added.
# The caller's DATABASE_URL (CI exports its PostgreSQL test database, full of the tests' rows) never reaches it.
in_production() {
  cd "$work"
  exec env -u DATABASE_URL -u ALLOW_SANDBOX NODE_ENV=production ${allow_sandbox:+ALLOW_SANDBOX=true} JWT_SECRET="$jwt_secret" PAY_SANDBOX_SECRET="$pay_sandbox_secret" PERSON_DATA_KEY="$person_data_key" \
    ${database_url:+"DATABASE_URL=$database_url"} DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn LIFECYCLE_INTERVAL_MS=0 \
    "$@"
}
# Starts the copied server in production on $port; extra NAME=value arguments are added to its environment.
start_server() {
  (in_production "$@" node dist-server/server.mjs) >"$work/server.log" 2>&1 &
  server_pid=$!
}

echo "== prod-smoke: starting node dist-server/server.mjs on $base (NODE_ENV=production)"
start_server

fail() {
  echo "prod-smoke FAILED: $*" >&2
  echo "--- server log" >&2
  tail -n 40 "$work/server.log" >&2 || true
  exit 1
}

status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
# A /_gw call as a client makes it: an answer of 5003 (系统繁忙, the overload guard of a server that
# just started on a loaded machine) is asked again after a second, up to ten times.
gw_curl() {
  local body tries=0
  while :; do
    body="$(curl -s "$@")"
    case "$body" in *'"code":"5003"'*) ;; *) break ;; esac
    tries=$((tries + 1))
    [ $tries -lt 10 ] || break
    sleep 1
  done
  printf '%s' "$body"
}

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

# The same build serving HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 to a client that offers it, on the
# same data folder. The certificate is the tests' own (tests/server/fixtures/tls), trusted by curl here only.
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
cert="$PWD/tests/server/fixtures/tls/localhost-cert.pem"
tls_base="https://localhost:$port"
echo "== prod-smoke: starting it again over TLS on $tls_base"
start_server TLS_CERT_FILE="$cert" TLS_KEY_FILE="$PWD/tests/server/fixtures/tls/localhost-key.pem"
deadline=$((SECONDS + timeout))
until [ "$(status --cacert "$cert" "$tls_base/healthz")" = 200 ]; do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited (TLS)"
  [ $SECONDS -lt $deadline ] || fail "/healthz over TLS did not answer 200 within $timeout s"
  sleep 0.5
done
until [ "$(status --cacert "$cert" "$tls_base/")" != 503 ] || [ $SECONDS -ge $deadline ]; do sleep 0.5; done
headers="$(curl -s --http2 --cacert "$cert" -D - -o /dev/null -H 'accept-encoding: br' "$tls_base/")"
echo "$headers" | grep -qi '^HTTP/2 200' || fail "GET / over TLS is not an HTTP/2 200: $headers"
echo "$headers" | grep -qi "^content-security-policy:.*script-src 'self' 'sha256-" || fail "GET / over TLS has not the page's policy"
echo "$headers" | grep -qi '^content-encoding: br' || fail "GET / over TLS is not sent with brotli when asked"
list="$(curl -s --http2 --cacert "$cert" -X POST -H 'content-type: application/json' -d '{}' "$tls_base/_gw/prod-svc/api/v2/product/edu/list")"
echo "$list" | grep -q '"code":"0000"' || fail "the product list over HTTP/2 answered: ${list:0:200}"
h1="$(curl -s --http1.1 --cacert "$cert" -o /dev/null -w '%{http_code} %{http_version}' "$tls_base/healthz")"
[ "$h1" = "200 1.1" ] || fail "an HTTP/1.1 client over TLS got: $h1"
echo "prod-smoke: over TLS: GET / HTTP/2 200, brotli, policy; a /_gw call over HTTP/2; HTTP/1.1 clients served"

# The real adapters against their vendor fakes: the production install reaches each vendor and answers through it.
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
fakes_env="$work/fakes.env"
bash scripts/fakes.sh --env-file "$fakes_env" >"$work/fakes.log" 2>&1 &
fakes_pid=$!
deadline=$((SECONDS + timeout))
until [ -s "$fakes_env" ]; do
  kill -0 "$fakes_pid" 2>/dev/null || { cat "$work/fakes.log" >&2; fail "npm run fakes exited"; }
  [ $SECONDS -lt $deadline ] || fail "the fakes did not start within $timeout s"
  sleep 0.5
done
mapfile -t fake_settings <"$fakes_env"
echo "== prod-smoke: starting it on the vendor fakes ($(grep -c . "$fakes_env") settings from npm run fakes)"
database_url=""
allow_sandbox=""
# Every provider real: the two real payment channels only (JD stays a sandbox, docs/payments.md), no ALLOW_SANDBOX.
# At LOG_LEVEL=info, so that the scan below reads every line the outbound calls, callbacks and jobs write.
start_server "${fake_settings[@]}" PAYMENT_CHANNELS=wechat:v3,alipay:openapi PUBLIC_URL="$base" LIFECYCLE_INTERVAL_MS=500 LOG_LEVEL=info
deadline=$((SECONDS + timeout))
until [ "$(status "$base/healthz")" = 200 ]; do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited (vendor fakes)"
  [ $SECONDS -lt $deadline ] || fail "/healthz on the vendor fakes did not answer 200 within $timeout s"
  sleep 0.5
done
until [ "$(status "$base/readyz")" != 503 ] || [ $SECONDS -ge $deadline ]; do sleep 0.5; done
providers="$(grep -m1 '^providers:' "$work/server.log" || true)"
[ -n "$providers" ] || fail "the server printed no providers line"
case "$providers" in *'(sandbox)'*) fail "a sandbox runs without ALLOW_SANDBOX: $providers" ;; esac
echo "prod-smoke: without ALLOW_SANDBOX, $providers"
located="$(gw_curl "$base/_gw/user-svc/api/v1/locateArea?latitude=34.28&longitude=117.19")"
echo "$located" | grep -q '"countyCode":"320302"' || fail "locateArea through the Tencent geocoder fake answered: ${located:0:200}"
share="$(gw_curl -X POST "$base/_gw/edu-svc/weChat/weChatShare?shareUrl=https%3A%2F%2Finsure.example.com%2F")"
echo "$share" | grep -q '"appId":"wxfa4efa4efa4efa4e"' || fail "weChatShare through the official account fake answered: ${share:0:200}"
# Log in by a code the Aliyun SMS fake received (its own console reads it back: production prints no code).
sms_origin="$(grep '^ALIYUN_SMS_ENDPOINT=' "$fakes_env" | cut -d= -f2-)"
phone=13900000017
sent="$(gw_curl "$base/_gw/user-svc/api/v1.5/regMsg?phoneNum=$phone")"
echo "$sent" | grep -q '"code":"0000"' || fail "regMsg through the Aliyun SMS fake answered: ${sent:0:200}"
sms_code="$(curl -s "$sms_origin/__fake/latest-code?phone=$phone" | sed -n 's/.*"code":"\([0-9]\{6\}\)".*/\1/p')"
[ -n "$sms_code" ] || fail "the Aliyun SMS fake received no code for $phone"
logged_in="$(gw_curl -X POST -H 'content-type: application/json' -d "{\"phoneNum\":\"$phone\",\"smsVerificationCode\":\"$sms_code\"}" "$base/_gw/user-svc/api/v1/registerAndLogin")"
echo "$logged_in" | grep -q '"token":"' || fail "log-in with the texted code answered: ${logged_in:0:200}"
grep -qw "$sms_code" "$work/server.log" && fail "the SMS code reached the server log"
oauth="$(curl -s -o /dev/null -w '%{redirect_url}' "$base/oauth/wechat/authorize?appid=wx5a1d0c0a5b5e0001&redirect_uri=%2F%23%2Fpayoff&state=edu")"
case "$oauth" in https://open.weixin.qq.com/connect/oauth2/authorize\?appid=wxfa4efa4efa4efa4e*snsapi_base*) ;; *) fail "the WeChat OAuth entry (wechat:v3) redirected to: ${oauth:0:200}" ;; esac
# A purchase through each real channel, a surrender refunded through WeChat Pay, an agreement signed on 电子签 and read back from S3 (scripts/prod-smoke-purchase.ts).
node --import tsx scripts/prod-smoke-purchase.ts "$base" "$fakes_env" 13900000018 || fail "the purchase on the vendor fakes"
purchase_code="$(curl -s "$sms_origin/__fake/latest-code?phone=13900000018" | sed -n 's/.*"code":"\([0-9]\{6\}\)".*/\1/p')"
[ -n "$purchase_code" ] || fail "the Aliyun SMS fake received no code for the purchase's log-in"
grep -qw "$purchase_code" "$work/server.log" && fail "the purchase's SMS code reached the server log"
# The day's trade bills of both platforms against the payments and refunds: no difference (exit 0), run by the
# operators' command of the production install once the server has stopped (PGlite keeps one process).
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
bill_date="$(TZ=Asia/Shanghai date +%F)"
reconciled="$( (in_production "${fake_settings[@]}" PAYMENT_CHANNELS=wechat:v3,alipay:openapi PUBLIC_URL="$base" node dist-server/reconcile.mjs --date "$bill_date") 2>"$work/reconcile.log")" || fail "reconcile --date $bill_date: $reconciled $(tail -n 5 "$work/reconcile.log")"
echo "$reconciled" | sed 's/^/prod-smoke: reconcile: /'
for channel in wechat alipay; do echo "$reconciled" | grep -q "^$channel " || fail "reconcile did not read the $channel bill"; done
api_v3_key_file="$(grep '^WECHATPAY_API_V3_KEY_FILE=' "$fakes_env" | cut -d= -f2-)"
grep -qF "$(cat "$api_v3_key_file")" "$work/server.log" && fail "the WeChat Pay API v3 key reached the server log"
gateway_secret="$(grep '^INSURER_GATEWAY_SECRET=' "$fakes_env" | cut -d= -f2-)"
[ -n "$gateway_secret" ] && grep -qF "$gateway_secret" "$work/server.log" && fail "the insurer gateway secret reached the server log"
grep -q 'TENCENT_LBS_SK\|fa4efa4efa4efa4efa4efa4efa4efa4e\|S3RVER-fake-secret\|relay-password\|FakeAliyunAccessKeySecret' "$work/server.log" && fail "a vendor secret reached the server log"
# Personal data: no full mobile number (11 digits, 1[3-9]…) and no mainland ID number (region, a birthday, sequence, check) stands alone in a log line.
personal='(^|[^0-9])1[3-9][0-9]{9}([^0-9]|$)|(^|[^0-9A-Za-z])[1-9][0-9]{5}(19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9Xx]([^0-9A-Za-z]|$)'
for log in server.log reconcile.log; do
  lines="$( (grep -nE "$personal" "$work/$log" || true) | cut -d: -f1 | head -5 | tr "\n" " ")"
  [ -z "$lines" ] || fail "a full phone or ID number reached $log (lines $lines)"
done
echo "prod-smoke: on the vendor fakes (Alipay, WeChat Pay and insurer gateway settings read and checked at start): a policy bought through each payment channel and issued by the insurer gateway, a surrender agreed by the insurer and refunded, an agreement signed on 电子签 and its PDF read back from S3, the day reconciled with no difference, locateArea placed by the Tencent geocoder, weChatShare signed with the official account's ticket, WeChat OAuth sent to the official account, a log-in by a code texted through Aliyun SMS, no code, no secret, no full phone and no ID number in the log"

echo "prod-smoke: OK"
