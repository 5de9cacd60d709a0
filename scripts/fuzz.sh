#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets of Sources/accountlink-fuzz with -sanitize=fuzzer,address
# and runs each for FUZZ_SECONDS (default 60) on loopback, starting from the saved corpus in
# Fuzz/corpus/<target>. New interesting inputs go to .build/fuzz-corpus/<target> (merge the useful
# ones into Fuzz/corpus by hand); a crash leaves crash-* in .build/fuzz-artifacts and fails the run.
#   FUZZ_SECONDS=10 FUZZ_TARGETS="json jws" scripts/fuzz.sh
# Prints, per target, the runs (executions) and the final coverage line; never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
swift build -c release --build-path .build/fuzz --product accountlink-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -v "Cannot export local symbol" || true
binary=.build/fuzz/release/accountlink-fuzz
[ -x "$binary" ] || { echo "fuzz build failed" >&2; exit 70; }
targets="${FUZZ_TARGETS:-$(.build/debug/accountlink-fuzz list 2>/dev/null || ls Fuzz/corpus)}"
mkdir -p .build/fuzz-artifacts
status=0
printf '%-14s %12s %10s  %s\n' target runs exec/s "result"
for target in $targets; do
    work=".build/fuzz-corpus/$target"
    mkdir -p "$work"
    log=".build/fuzz-artifacts/$target.log"
    # Swift's backtracer can keep a crashed fuzzer alive for minutes (docs/architecture.md platform note 11): off, and a hard timeout.
    if SWIFT_BACKTRACE=enable=no FUZZ_TARGET="$target" timeout $((seconds + 60)) "$binary" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix=".build/fuzz-artifacts/$target-" "$work" "Fuzz/corpus/$target" >"$log" 2>&1; then
        result="ok"
    else
        result="FAILED (see $log)"
        status=1
    fi
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
    speed=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
    printf '%-14s %12s %10s  %s\n' "$target" "$runs" "$speed" "$result"
done
exit $status
