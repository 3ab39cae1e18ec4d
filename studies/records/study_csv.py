#!/usr/bin/env python3
"""One CSV of a study: a row per repeat of every run under a study's folder, with the command
that runs that repeat again from a config of the repository and a seed.

    studies/records/study_csv.py STUDY_FOLDER --as runs/records/NAME [--check] > NAME.csv

STUDY_FOLDER holds run folders and sweep folders (`mazesearch run`, `mazesearch sweep`) at any
depth. --as is where the commands write (the folder the study's page tells its user to run it
into): each row's command ends `output=<as>/<the run's path below STUDY_FOLDER>`, and a path of
the study's own folder in a run's overrides (an `initial=` board another run made) is written
below <as> too, so a study is run again, row after row, into one folder outside the repository.
--moved OLD=NEW does the same for a folder the runs read that has moved since (another study's
runs, made under results/ before studies ran into runs/).

Columns:
  run         the repeat's folder below STUDY_FOLDER
  config      the config the run was started from (its log's first line; a sweep's sweep.json)
  seed        the run's seed (repeat r of seed s draws its own seed from s and r)
  repeat      r
  budget      the feasible evaluations the run was given
  evaluations the evaluations it made (an interrupted one: as its last logbook row says)
  status      finished, or interrupted (a hunt stopped by hand: its best is where it was then)
  best        its best score
  found_at    the evaluation that first reached that best (the run's archive says; a run
              without one: the evaluations at the first logbook row that shows it)
  command     the run again, that repeat only

--check runs every command with --dry-run, from the current folder (a checkout whose runs/
holds the study's runs), and refuses the study (exit 1, naming the row) unless
the config it resolves is the run's own config.yaml, but for where it writes, how many repeats
and threads it has and its label: the commands are checked, not trusted.

Runs are read with the mazesearch package (open_run, open_sweep): PYTHONPATH=build/python.
"""
import argparse
import csv
import pathlib
import re
import shlex
import subprocess
import sys

import mazesearch

# Overrides that say where and how a run ran, not what it computes: each row sets its own.
PLACE_KEYS = ("output", "repeats", "first_repeat", "threads")
LOG_FIRST_LINE = re.compile(r"\] \[info\] run \S+ \((?P<config>[^)]+)\):")
COLUMNS = ["run", "config", "seed", "repeat", "budget", "evaluations", "status", "best",
           "found_at", "command"]


class StudyError(Exception):
    pass


def started_from(folder):
    """The config a run was started from: for a sweep's point, the point's (a sweep over configs)
    or the sweep's; else the first line of its log (a resumed run's later lines name its own
    config.json)."""
    sweep = folder.parent / "sweep.json"
    if sweep.exists() and folder.name.startswith("point-"):
        spec = mazesearch.open_sweep(folder.parent).spec
        point = next(p for p in spec["points"] if p["folder"] == folder.name)
        return point["overrides"].get("config", spec["config"])
    log = folder / "log.txt"
    first = log.read_text().splitlines()[0] if log.exists() else ""
    match = LOG_FIRST_LINE.search(first)
    if not match:
        raise StudyError(f"{log}: the first line does not name the run's config")
    return match.group("config")


def overrides_of(folder):
    lines = (folder / "overrides.txt").read_text().splitlines()
    return [o for o in lines if o.strip() and o.split("=", 1)[0] not in PLACE_KEYS + ("seed",)]


def found_at(repeat):
    """The evaluation that first reached the best: the archive's (archive/index.csv, the
    evaluation that found each board kept), else the first logbook row that shows it."""
    index = repeat.folder / "archive" / "index.csv"
    if index.exists():
        with open(index, newline="") as f:
            found = [int(r["evaluation"]) for r in csv.DictReader(f)
                     if float(r["value"]) == repeat.best_score]
        if found:
            return min(found)
    book = repeat.logbook
    if book is None or len(book["best"]) == 0:
        raise StudyError(f"{repeat.folder}: no logbook to say where the best was found")
    hits = (book["best"] == repeat.best_score).nonzero()[0]
    if len(hits) == 0:
        raise StudyError(f"{repeat.folder}: the logbook never shows the best, {repeat.best_score}")
    return int(book["evals"][hits[0]])


def run_folders(folder):
    """Every run folder below `folder` (a sweep's points included), in name order."""
    if (folder / "config.json").exists():
        yield folder
        return
    for child in sorted(p for p in folder.iterdir() if p.is_dir()):
        yield from run_folders(child)


def moved(text, places):
    """`text` with each path below a folder of `places` (old: new) written below the new one."""
    for old, new in places.items():
        text = text.replace(old.rstrip("/") + "/", new.rstrip("/") + "/")
    return text


def rows(study, to, places):
    for folder in run_folders(study):
        run = mazesearch.open_run(folder)
        config = started_from(folder)
        overrides = [moved(o, places) for o in overrides_of(folder)]
        first = run.config.get("first_repeat", 0)
        for rep in run.repeats:
            if rep.best_score is None:
                continue  # a repeat that had not begun when the run stopped
            number = first + rep.repeat
            rel = rep.folder.relative_to(study)
            status = "finished" if rep.summary is not None else "interrupted"
            evals = rep.summary["evaluations"] if rep.summary else int(rep.logbook["evals"][-1])
            command = ["mazesearch", "run", config, *overrides, f"seed={run.config['seed']}",
                       f"first_repeat={number}", "repeats=1", f"output={to}/{rel}"]
            yield {"run": str(rel), "config": config, "seed": run.config["seed"],
                   "repeat": number, "budget": run.config["budget"].get("evaluations", ""),
                   "evaluations": evals, "status": status, "best": int(rep.best_score),
                   "found_at": found_at(rep), "command": shlex.join(command)}, folder


def without_place(yaml_text):
    """A resolved config's lines but for where and how it ran, and its label (words for people,
    which a config may reword after its runs)."""
    return [line for line in yaml_text.splitlines()
            if line.split(":", 1)[0] not in PLACE_KEYS + ("label",)]


def check(row, folder, binary, places):
    """The row's command, dry-run as written (its inputs where the commands put them), against
    the run's pinned config with the folders that moved read where they are now."""
    words = shlex.split(row["command"])[1:]
    done = subprocess.run([binary, *words, "--dry-run"], capture_output=True, text=True)
    if done.returncode != 0:
        raise StudyError(f"{row['run']}: its command fails: {done.stderr.strip()}")
    resolved = without_place(done.stdout)
    pinned = without_place(moved((folder / "config.yaml").read_text(), places))
    if resolved != pinned:
        diff = next((f"{a!r} where the run has {b!r}" for a, b in zip(resolved, pinned) if a != b),
                    f"{len(resolved)} lines where the run has {len(pinned)}")
        raise StudyError(f"{row['run']}: its command resolves to another config than the run's "
                         f"config.yaml: {diff}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study", type=pathlib.Path)
    ap.add_argument("--as", dest="to", required=True,
                    help="the folder the commands write into (runs/records/NAME)")
    ap.add_argument("--moved", action="append", default=[], metavar="OLD=NEW",
                    help="a folder the runs' overrides name (an input board) that is now NEW")
    ap.add_argument("--check", action="store_true", help="dry-run every command against its run")
    ap.add_argument("--mazesearch", default="build/mazesearch")
    args = ap.parse_args()
    out = csv.DictWriter(sys.stdout, COLUMNS, lineterminator="\n")
    out.writeheader()
    try:
        places = {str(args.study): args.to, **dict(m.split("=", 1) for m in args.moved)}
        for row, folder in rows(args.study, args.to.rstrip("/"), places):
            if args.check:
                check(row, folder, args.mazesearch, places)
            out.writerow(row)
    except (StudyError, mazesearch.RunFolderError) as e:
        sys.exit(f"study_csv.py: {e}")


if __name__ == "__main__":
    main()
