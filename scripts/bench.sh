#!/usr/bin/env bash
# make bench: starts the release server on a free loopback port with a throwaway SQLite database,
# runs bounded wrk loads against it, then the JOSE harness beside `openssl speed`, prints figures
# and ratios measured in this one run, and stops the server by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/accountlink
duration="${BENCH_SECONDS:-5}"
work=$(mktemp -d /tmp/accountlink-bench.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export ACCOUNTLINK_LISTEN="127.0.0.1:$port" ACCOUNTLINK_DATABASE="sqlite:$work/db.sqlite" ACCOUNTLINK_LOG_LEVEL=error
base="http://127.0.0.1:$port"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$bin" serve 2>"$work/server.log" &
pid=$!
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/healthz" >/dev/null || { echo "server did not start"; cat "$work/server.log"; exit 1; }

secret=$("$bin" client add --id bench --name Bench --first-party --scope openid --scope email 2>/dev/null)
echo 'bench password 123' | "$bin" user add --email bench@example.com --password-stdin >/dev/null 2>&1
auth=$(printf 'bench:%s' "$secret" | base64 -w0)
tokens=$(curl -fs "$base/token" -H "Authorization: Basic $auth" \
  -d grant_type=password -d username=bench@example.com --data-urlencode 'password=bench password 123' -d scope='openid email')
access=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])' <<<"$tokens")
refresh=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["refresh_token"])' <<<"$tokens")

declare -A rps p99
run() { # name, wrk args...
  local name=$1; shift
  local out
  out=$(wrk -t2 -c32 -d"${duration}s" --latency "$@")
  rps[$name]=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99[$name]=$(awk '$1=="99%" {print $2}' <<<"$out")
  if grep -q "Non-2xx" <<<"$out"; then echo "warning: $name had non-2xx answers: $(grep Non-2xx <<<"$out")"; fi
}
run healthz "$base/healthz"
run discovery "$base/.well-known/openid-configuration"
BENCH_TOKEN="$access" run userinfo -s scripts/bench/bearer.lua "$base/userinfo"
BENCH_AUTH="$auth" BENCH_BODY="grant_type=refresh_token&refresh_token=$refresh" run refresh -s scripts/bench/post.lua "$base/token"
BENCH_AUTH="$auth" BENCH_BODY="token=$access" run introspect -s scripts/bench/post.lua "$base/introspect"

printf '\n%-34s %12s %10s %10s\n' "HTTP (wrk -t2 -c32, ${duration}s)" "requests/s" "p99" "÷healthz"
for name in healthz discovery userinfo refresh introspect; do
  ratio=$(python3 -c "print(f'{float(\"${rps[$name]}\")/float(\"${rps[healthz]}\"):.2f}')")
  printf '%-34s %12s %10s %10s\n' "$name" "${rps[$name]}" "${p99[$name]}" "$ratio"
done

kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""

# JOSE on one core beside OpenSSL's own figure (docs/architecture.md platform note 10).
speed=$(openssl speed -seconds 2 rsa2048 ecdsap256 2>/dev/null)
rsa_verify=$(awk '/^rsa 2048 bits/ {print $7}' <<<"$speed")
ec_sign=$(awk '/256 bits ecdsa \(nistp256\)/ {print $7}' <<<"$speed")
jose=$(.build/release/accountlink-bench jose 2>/dev/null)
ours_verify=$(awk '/rs256_verify_per_s/ {print $2}' <<<"$jose")
ours_sign=$(awk '/es256_sign_per_s/ {print $2}' <<<"$jose")
printf '\n%-34s %12s %12s %8s\n' "JOSE (1 core)" "ours/s" "openssl/s" "ratio"
printf '%-34s %12s %12s %8s\n' "RS256 verify" "$ours_verify" "$rsa_verify" \
  "$(python3 -c "print(f'{$ours_verify/$rsa_verify:.2f}')")"
printf '%-34s %12s %12s %8s\n' "ES256 sign" "$ours_sign" "$ec_sign" \
  "$(python3 -c "print(f'{$ours_sign/$ec_sign:.2f}')")"
