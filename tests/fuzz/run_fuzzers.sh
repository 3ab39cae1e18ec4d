#!/usr/bin/env bash
# Runs the libFuzzer targets of a fuzz build tree (make fuzz, make fuzz-smoke; docs/fuzzing.md).
#
#   tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]
#
# Each target first replays its seed corpus (tests/fuzz/corpus/<target>/), then mutates it for
# SECONDS seconds. New inputs go to a scratch corpus, BUILD_DIR/fuzz-corpus/<target>/ (kept between
# runs, never the repository's); a crash, a leak, a sanitizer report, an input that runs longer
# than the timeout or one that takes more memory than the limit is written to
# BUILD_DIR/fuzz-crashes/<target>/, and the script ends with status 1 after running every target.
# FUZZ_SEED=N fixes libFuzzer's random seed (make fuzz-smoke, and so make test and CI, use 1, so
# that the short pass mutates the same way every time); without it each run draws its own.
# FUZZ_JOBS=N runs N targets at a time (make fuzz-smoke: one a core; default 1). Each target is
# still one process of one thread; a line says when each starts, and at the end each target's
# report (its figures, or what it found) is printed whole, in target order, the findings last.
# FUZZ_SUMMARY=FILE: the targets that found nothing and those that did, two numbers on one line
# (make test's table of phases reads them).
set -u
build=${1:?usage: run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(board config cat_mouse mousetrap cat_trap checkpoint enumeration graph sweep)

# The longest input each target gets: a little more than its largest seed.
max_len() {
    case $1 in
        checkpoint) echo 16384 ;;
        enumeration | graph) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

seed=()
[ -z "${FUZZ_SEED:-}" ] || seed=(-seed="$FUZZ_SEED")

# Fuzzes target $1; its report goes to stdout, and the status says whether it found anything.
fuzz_one() {
    local t=$1
    local bin=$build/tests/fuzz/fuzz_$t
    local seeds=$here/corpus/$t
    local scratch=$build/fuzz-corpus/$t
    local crashes=$build/fuzz-crashes/$t
    local log=$build/fuzz-logs/$t.log
    if [ ! -x "$bin" ]; then
        echo "fuzz: $bin not built"
        return 1
    fi
    mkdir -p "$scratch" "$crashes" "$(dirname "$log")"
    touch "$crashes/.started"  # the inputs listed below are this run's (newer than this mark)
    # One process, one thread: -jobs/-workers would take the cores other work needs.
    if ! "$bin" "${seed[@]}" -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=10 \
        -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$scratch" "$seeds" >"$log" 2>&1; then
        echo "fuzz: $t FAILED; the last lines of $log:"
        grep -v '^#' "$log" | tail -n 40
        find "$crashes" -type f -newer "$crashes/.started" ! -name .started | while read -r f; do
            echo "fuzz: $t: crash input $f (replay: $bin $f)"
        done
        return 1
    fi
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" |
        sed "s/^/fuzz: $t: /"
    grep -E '^#[0-9]+.*(DONE|INITED)' "$log" | tail -n 1 | sed "s/^/fuzz: $t: /"
}

jobs=${FUZZ_JOBS:-1}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_JOBS must be a positive integer, not '$jobs'" >&2; exit 2; }
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
# Start the targets, at most $jobs at once; each writes its report and its status to files.
running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    echo "fuzz: $t for ${seconds}s (log $build/fuzz-logs/$t.log)"  # at once: the progress
    { fuzz_one "$t" >"$reports/$t.out" 2>&1; echo $? >"$reports/$t.status"; } &
    running=$((running + 1))
done
wait
# The reports of the targets that found something come last, so that the end of the output (all
# that a CI log may keep) shows what they found.
failed=()
for t in "${targets[@]}"; do
    if [ "$(cat "$reports/$t.status" 2>/dev/null)" = 0 ]; then
        cat "$reports/$t.out"
    else
        failed+=("$t")
    fi
done
for t in ${failed[@]+"${failed[@]}"}; do
    cat "$reports/$t.out" >&2
done
[ -z "${FUZZ_SUMMARY:-}" ] || echo "$((${#targets[@]} - ${#failed[@]})) ${#failed[@]}" >"$FUZZ_SUMMARY"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: every target ran ${seconds}s without a finding"
