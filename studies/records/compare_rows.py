#!/usr/bin/env python3
"""Compares groups of a study's rows (the CSVs of results/, studies/records/study_csv.py) when
their run folders are not at hand, as `mazesearch summarize --compare` compares folders: each
group's runs, best, median and worst, and the Mann-Whitney U test (two-sided, SciPy) of the
first group against each other.

    studies/records/compare_rows.py CSV:PREFIX CSV:PREFIX [...]

A group is the rows of CSV whose `run` starts with PREFIX/ (a sweep's folder: 'pa8-40000000'),
all finished. Exit status 2, with one line on standard error, for a group with no rows or a file
that is not a study's CSV.

    studies/records/compare_rows.py \\
        results/records/map-annealing-13x13.csv:anneal-8-resampled-100-40000000 \\
        results/records/runs-40m.csv:pa8-40000000
"""
import csv
import statistics
import sys

from scipy.stats import mannwhitneyu


def group(spec):
    path, sep, prefix = spec.rpartition(":")
    if not sep or not path or not prefix:
        raise ValueError(f"{spec}: expected CSV:PREFIX")
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}") from None
    if rows and not {"run", "status", "best"} <= set(rows[0]):
        raise ValueError(f"{path}: not a study's CSV (no run, status and best columns)")
    mine = [r for r in rows if r["run"].startswith(prefix.rstrip("/") + "/")]
    if not mine:
        raise ValueError(f"{path}: no row whose run starts with {prefix}/")
    unfinished = [r["run"] for r in mine if r["status"] != "finished"]
    if unfinished:
        raise ValueError(f"{path}: {unfinished[0]} is not finished")
    return prefix, [int(r["best"]) for r in mine]


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        groups = [group(a) for a in argv]
    except ValueError as e:
        print(f"compare_rows.py: error: {e}", file=sys.stderr)
        return 2
    first_name, first = groups[0]
    print("| group | runs | best | median | worst | Mann-Whitney p against the first |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, values in groups:
        p = ("" if values is first else
             f"{mannwhitneyu(first, values, alternative='two-sided').pvalue:.2g}")
        print(f"| {name} | {len(values)} | {max(values)} | {statistics.median(values):g} | "
              f"{min(values)} | {p} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
