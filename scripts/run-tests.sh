#!/usr/bin/env bash
# Runs every test: the Swift suites (unit, conformance on memory/SQLite/PostgreSQL, flows over
# loopback, CLI on the built binary) and the Python peers (authlib, PyJWT, browser).
# Expects ACCOUNTLINK_TEST_POSTGRES_URL (scripts/test-postgres.sh sets it).
# When something fails, a summary is printed last (CI shows the end of the output): the failed
# Swift tests and, after a crash, the crashed thread's backtrace.
set -euo pipefail
cd "$(dirname "$0")/.."
export ACCOUNTLINK_BINARY="$PWD/.build/release/accountlink"
log=.build/swift-test.log
status=0 swift_status=0
swift test --skip-build 2>&1 | tee "$log" || swift_status=$?
[ "$swift_status" -eq 0 ] || status=$swift_status
# The Apple-only Swift (AccountLinkKit's glue, the guides' "iOS app only" blocks) type-checked against the
# declaration-only stand-ins (make ios-typecheck, IOSTypecheck/README.md).
python3 scripts/ios-typecheck.py || status=$?
# The saved fuzz corpora (Fuzz/corpus, docs/hardening.md) replayed once through every fuzz target.
.build/debug/accountlink-fuzz regress Fuzz/corpus || status=$?
if compgen -G "Tests/Peers/test_*.py" >/dev/null; then
  .build/python/bin/python -m pytest -q Tests/Peers || status=$?
fi
if [ "$swift_status" -ne 0 ]; then
  echo "=== swift test failed (exit $swift_status); summary of $log ==="
  grep -E "^✘ (Test|Suite) .*(recorded an issue|failed)" "$log" | head -40 || true
  # The Swift runtime's crash report: the crashed thread's frames, not the image list.
  awk '/^\*\*\* .*(Crash|crash)|^Thread [0-9]+ crashed|Fatal error|^💣/ {n=40} n>0 {print; n--}' "$log" | head -120 || true
  # After a crash (the run never reached its "Test run with" line): the tests that had started
  # and not ended; one of them crashed.
  if ! grep -q " Test run with [0-9]* tests\? in " "$log"; then
    started=$(sed -n 's/^◇ Test \([^ ]*\) started\.$/\1/p' "$log" | sort)
    ended=$(sed -n 's/^\(✔\|✘\) Test \([^ ]*\) \(passed\|failed\) after.*/\2/p' "$log" | sort -u)
    comm -23 <(echo "$started") <(echo "$ended") | sed 's/^/still running: /' | head -40 || true
  fi
fi
exit $status
