#!/usr/bin/env bash
# make bench (docs/performance.md): scripts/bench.py on SQLite and, beside it, on a throwaway
# PostgreSQL server with durable commits (scripts/test-postgres.sh), then the JOSE harness beside
# `openssl speed`. BENCH_ROUNDS (12) rounds of BENCH_SECONDS (1) per figure, BENCH_TOKENS (1000000) stored
# tokens; about 7 minutes after the build.
set -euo pipefail
cd "$(dirname "$0")/.."

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  ACCOUNTLINK_PG_DURABLE=1 scripts/test-postgres.sh python3 scripts/bench.py
else
  echo "PostgreSQL is not installed: SQLite only (scripts/install-deps.sh test installs it)"
  python3 scripts/bench.py
fi

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
