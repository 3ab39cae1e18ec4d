#!/usr/bin/env bash
# The phases of `make test`, each timed and counted, and one table at the end.
#
#   tests/test_phases.sh begin SUMMARY
#   tests/test_phases.sh build SUMMARY NAME -- COMMAND...        a build: it passes or fails
#   tests/test_phases.sh ctest SUMMARY NAME AFTER DIR -- CTEST_ARGS...
#                                  the tests of build tree DIR; AFTER names the build phase they
#                                  need (not run when that failed)
#   tests/test_phases.sh fuzz SUMMARY NAME AFTER -- COMMAND...  run_fuzzers.sh, counted by target
#   tests/test_phases.sh report SUMMARY                         the table; status 1 if anything
#                                                                failed or was not run
#
# Every phase runs even when an earlier one failed (but for the tests of a tree whose build
# failed), so that one table says everything at the end; a phase never stops `make test` by
# itself, the report does. SUMMARY holds a line a phase: name|status|passed|failed|skipped|secs.
set -u
verb=${1:?usage: test_phases.sh begin|build|ctest|fuzz|report SUMMARY ...}
summary=${2:?usage: test_phases.sh $verb SUMMARY ...}
shift 2

record() {  # name status passed failed skipped seconds
    local IFS='|'
    echo "$*" >>"$summary"
}

status_of() {  # the recorded status of phase $1, or nothing
    awk -F'|' -v n="$1" '$1 == n { s = $2 } END { print s }' "$summary"
}

# Runs the command after `--`, timing it; sets $status and $seconds.
timed() {
    [ "${1:-}" = -- ] && shift
    local t0 t1
    t0=$(date +%s.%N)
    "$@"
    status=$?
    t1=$(date +%s.%N)
    seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')
}

# An attribute of the <testsuite> element of a JUnit file.
junit_count() {
    sed -n "s/^[[:space:]]*$2=\"\\([0-9]*\\)\".*/\\1/p" "$1" | head -n 1
}

case $verb in
begin)
    : >"$summary"
    ;;
build)
    name=$1
    shift
    timed "$@"
    if [ "$status" -eq 0 ]; then record "$name" built "" "" "" "$seconds"; else record "$name" FAILED "" "" "" "$seconds"; fi
    ;;
ctest)
    name=$1 after=$2 dir=$3
    shift 3
    [ "${1:-}" = -- ] && shift
    if [ "$(status_of "$after")" != built ]; then
        echo "test-phases: $name not run: $after failed" >&2
        record "$name" "not run" "" "" "" 0
        exit 0
    fi
    junit=$(mktemp)
    timed ctest --test-dir "$dir" --output-junit "$junit" "$@"
    total=$(ctest --test-dir "$dir" -N | sed -n 's/^Total Tests: //p')
    ran=$(junit_count "$junit" tests)
    failed=$(junit_count "$junit" failures)
    skipped=$(junit_count "$junit" skipped)
    disabled=$(junit_count "$junit" disabled)
    rm -f "$junit"
    if [ -z "$ran" ] || [ -z "$total" ]; then
        record "$name" FAILED "" "" "" "$seconds"
        exit 0
    fi
    # Left out by -E (the long tests a pass skips) count as skipped, so the three add up to the
    # tree's tests.
    skipped=$((skipped + disabled + total - ran))
    passed=$((total - failed - skipped))
    if [ "$status" -eq 0 ] && [ "$failed" -eq 0 ]; then st=passed; else st=FAILED; fi
    record "$name" "$st" "$passed" "$failed" "$skipped" "$seconds"
    ;;
fuzz)
    name=$1 after=$2
    shift 2
    if [ "$(status_of "$after")" != built ]; then
        echo "test-phases: $name not run: $after failed" >&2
        record "$name" "not run" "" "" "" 0
        exit 0
    fi
    counts=$(mktemp)
    FUZZ_SUMMARY=$counts timed "$@"
    read -r passed failed <"$counts" || { passed=""; failed=""; }
    rm -f "$counts"
    if [ "$status" -eq 0 ]; then st=passed; else st=FAILED; fi
    record "$name" "$st" "$passed" "$failed" 0 "$seconds"
    ;;
report)
    echo
    echo "make test: the phases"
    awk -F'|' '
        function clock(s) { return sprintf("%d min %02d s", int(s / 60), s % 60) }
        BEGIN { printf "  %-28s %-8s %7s %7s %8s %11s\n", "phase", "status", "passed", "failed", "skipped", "time" }
        {
            printf "  %-28s %-8s %7s %7s %8s %11s\n", $1, $2, $3, $4, $5, clock($6)
            passed += $3; failed += $4; skipped += $5; secs += $6
            if ($2 != "passed" && $2 != "built") bad++
        }
        END {
            printf "  %-28s %-8s %7d %7d %8d %11s\n", "all", bad ? "FAILED" : "passed", passed, failed, skipped, clock(secs)
            printf "%d passed, %d failed\n", passed, failed + 0
            if (bad) printf "make test: %d phase(s) failed or were not run (above)\n", bad > "/dev/stderr"
            exit bad ? 1 : 0
        }' "$summary"
    ;;
*)
    echo "test-phases: unknown verb $verb" >&2
    exit 2
    ;;
esac
