#!/usr/bin/env bash
# Runs every test: the Swift suites (unit, conformance on memory/SQLite/PostgreSQL, flows over
# loopback, CLI on the built binary) and the Python peers (authlib, PyJWT, browser).
# Expects ACCOUNTLINK_TEST_POSTGRES_URL (scripts/test-postgres.sh sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
export ACCOUNTLINK_BINARY="$PWD/.build/release/accountlink"
status=0
swift test --skip-build 2>&1 | tee .build/swift-test.log || status=$?
# The saved fuzz corpora (Fuzz/corpus, issue #14) replayed once through every fuzz target.
.build/debug/accountlink-fuzz regress Fuzz/corpus || status=$?
if compgen -G "Tests/Peers/test_*.py" >/dev/null; then
  .build/python/bin/python -m pytest -q Tests/Peers || status=$?
fi
exit $status
