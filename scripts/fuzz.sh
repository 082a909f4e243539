#!/bin/sh
# Builds the libFuzzer targets in Fuzz/ (-sanitize=fuzzer,address) and runs each for
# SECONDS (default 60), starting from the seed corpus Fuzz/Corpus/<name>/. New inputs go to
# Fuzz/.build-fuzz/corpus/<name>/ (not committed); a crash is written to
# Fuzz/.build-fuzz/crashes/<name>-crash-* and fails the run. Prints executions per target.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: screen-file touch-script
#        control-message board-profile libinput-recording)
set -eu
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-screen-file touch-script control-message board-profile libinput-recording}
SWIFT=${SWIFT:-swift}
SCRATCH=Fuzz/.build-fuzz

# lld: gold fails with an internal error on these sanitized executables.
BUILD="$SWIFT build --package-path Fuzz --scratch-path $SCRATCH -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld"
$BUILD >&2
BIN=$($BUILD --show-bin-path)

failed=0
for name in $TARGETS; do
    corpus="$SCRATCH/corpus/$name"
    mkdir -p "$corpus" "$SCRATCH/crashes" "$SCRATCH/logs"
    log="$SCRATCH/logs/$name.log"
    # Swift's runtime keeps some allocations for the life of the process; leaks are not
    # what these targets look for.
    if "$BIN/fuzz-$name" "$corpus" "Fuzz/Corpus/$name" -max_total_time="$SECONDS_PER_TARGET" \
        -detect_leaks=0 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$SCRATCH/crashes/$name-" >"$log" 2>&1; then
        result="no crash"
    else
        result="CRASH (see $log and $SCRATCH/crashes/)"
        failed=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    echo "fuzz $name: ${runs:-?} executions in ${SECONDS_PER_TARGET}s, $result"
done
exit $failed
