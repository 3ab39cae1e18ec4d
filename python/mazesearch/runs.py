"""The folders `mazesearch run` and `mazesearch sweep` write, read from Python (docs/python.md;
the files are described in docs/formats.md, "The run folder" and "Sweep folders").

    run = mazesearch.open_run("runs/paper-annealing/2026-11-26_10-00-00")
    run.status, run.best_score, run.best          # 'finished', 109.0, a Board
    run.logbook["best"]                            # a float64 array, one entry per row
    [r.best_score for r in run.repeats]
    sweep = mazesearch.open_sweep("runs/x/sweep-...")
    sweep.table(compare=True)                      # `mazesearch summarize SWEEP --format json`

Every file is checked as it is read: one that does not hold what it should (not JSON, a CSV row
of the wrong width, a status that is no status) raises RunFolderError naming it, never a guess.
"""

import functools
import json
import math
import pathlib
import re

from . import _mazesearch

__all__ = ["Point", "Run", "RunFolderError", "Sweep", "open_run", "open_sweep"]

STATUSES = ("running", "interrupted", "finished", "failed")
# The games whose best.txt is a cell board the module reads. A board model's target says itself
# which class its best.txt is read as (_mazesearch._target_board_class: the models a python
# target takes, cells, passages and hex); the others (a graph file, the cat trap's hexagon board,
# a board with the cat) are given as their text.
GAME_CELL_TARGETS = ("mousetrap", "kmod-trap")
REPEAT_FOLDER = re.compile(r"repeat-([0-9]{3,})\Z")


class RunFolderError(ValueError):
    """A folder that is not a run folder (no config.json) or a sweep folder (no sweep.json), or
    a file in one that does not hold what it should. The message names the file and, in a CSV
    file, the line: "/tmp/x/logbook.csv: line 7: expected 9 fields, found 4"."""


def _read_text(path):
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise RunFolderError(f"{path}: not text (byte {e.start} is not UTF-8)") from None
    except OSError as e:
        raise RunFolderError(f"{path}: cannot read it: {e.strerror}") from None


def _not_json(name):
    # json.loads takes NaN and Infinity, which are not JSON and which the engine never writes.
    raise ValueError(f"{name} is not a JSON value")


def _read_json(path):
    """The JSON object in `path`."""
    try:
        value = json.loads(_read_text(path), parse_constant=_not_json)
    except ValueError as e:
        raise RunFolderError(f"{path}: not valid JSON: {e}") from None
    if not isinstance(value, dict):
        raise RunFolderError(f"{path}: not a JSON object")
    return value


def _score(value, path, key):
    """A score as the engine writes it: a number, "inf", "-inf" or "nan"; null is None."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if value in ("inf", "-inf", "nan"):
        return float(value)
    raise RunFolderError(f'{path}: {key}: {value!r} is not a score (a number, "inf", "-inf", '
                         '"nan" or null)')


def _read_status(folder):
    """The word of folder/status, None while the run has not written one yet."""
    path = folder / "status"
    if not path.exists():
        return None
    text = _read_text(path)
    if not text.endswith("\n") or text[:-1] not in STATUSES:
        raise RunFolderError(f"{path}: {text!r} is not a status ({', '.join(STATUSES)})")
    return text[:-1]


def _status_now(folder, run_folder):
    """The status of a run folder (`run_folder` None) or of one of its repeat folders, as
    `mazesearch serve` shows it (docs/formats.md, "The run folder"): the status file's word once
    checked, `running` only while a live process holds the run's lock, a sweep's point's its
    point's."""
    _read_status(folder)
    try:
        if run_folder is None:
            return _mazesearch._run_status(str(folder))
        return _mazesearch._repeat_status(str(run_folder), str(folder))
    except ValueError as e:
        raise RunFolderError(str(e)) from None


def read_logbook(path):
    """logbook.csv as a dict of its columns, in the header's order: the counters (gen, evals,
    rejected) as int64 arrays, the others (scores, seconds) as float64 arrays, NaN where empty.
    Read by the run library's logbook reader, the one `mazesearch serve` reads it with."""
    try:
        return _mazesearch._read_logbook(_read_text(path), str(path))
    except ValueError as e:  # the reader's message names the file and the line
        raise RunFolderError(str(e)) from None


def _read_summary(folder, repeat):
    """folder/summary.json, None before the run has one. A summary of several repeats (`repeat`
    None) has `runs` and may lack best_score (none had one); a repeat's own has best_score and
    its number always."""
    path = folder / "summary.json"
    if not path.exists():
        return None
    summary = _read_json(path)
    several = repeat is None
    if several != ("runs" in summary):
        raise RunFolderError(f"{path}: {'no' if several else 'a'} list of runs, but config.json "
                             f"says {'several repeats' if several else 'one'}")
    if not several and "best_score" not in summary:
        raise RunFolderError(f"{path}: no best_score")
    if not several and summary.get("repeat") != repeat:
        raise RunFolderError(f"{path}: the summary of repeat {summary.get('repeat')!r}, in the "
                             f"folder of repeat {repeat}")
    _score(summary.get("best_score"), path, "best_score")
    return summary


def _checkpoint_best(folder):
    """The best score of folder/checkpoint.json, which best.txt equals (both are written with
    every checkpoint); None without a checkpoint or a best."""
    path = folder / "checkpoint.json"
    if not path.exists():
        return None
    evaluator = _read_json(path).get("evaluator")
    if not isinstance(evaluator, dict) or not isinstance(evaluator.get("has_best"), bool):
        raise RunFolderError(f"{path}: not a checkpoint (no evaluator with has_best)")
    if not evaluator["has_best"]:
        return None
    return _score(evaluator.get("best_score"), path, "evaluator.best_score")


class Run:
    """A run folder as `mazesearch run` writes it, or one repeat of it (open_run makes them).

    folder: its pathlib.Path. status: what the run is now, as `mazesearch serve` shows it: the
    status file's word (running, interrupted, finished, failed; None before the run writes it),
    but `running` only while a live process holds the run's lock (a run killed by SIGKILL is
    interrupted); for a sweep's point, its point's status (pending too). config: config.json as a dict (a repeat has its
    run's). summary: summary.json as a dict, None until the run (or repeat) has finished.
    best_score: the summary's best, or, before there is one, the last checkpoint's (which
    best.txt holds); for a run of several repeats the best of theirs; None when there is none.
    best: best.txt as a Board (cell targets) or PassageBoard (passages), else its text; None
    when absent; for several repeats the best repeat's. logbook: logbook.csv as a dict of
    column name -> NumPy array (int64 counters, float64 scores and seconds; a row still being
    written is left out); None when absent and for the top of several repeats, whose repeats
    each have their own. repeats: the runs that have a logbook and a best: a run of one repeat
    keeps them in its own folder and is its only repeat ([self]); a run of several lists its
    repeat-NNN folders that exist so far, in order. repeat: the repeat's number from 0 (0 for a
    run of one), None for the top of several. elites: a map-elites run's archive (see
    Run.elites). logbook, best and elites are read when first asked for.
    """

    def __init__(self, folder, config, repeat, run_folder=None):
        self.folder = folder
        self.config = config
        self.repeat = repeat
        several = repeat is None
        self.status = _status_now(folder, run_folder)
        self.summary = _read_summary(folder, repeat)
        self.repeats = _open_repeats(folder, config) if several else [self]
        if self.summary is not None:
            self.best_score = _score(self.summary.get("best_score"), folder / "summary.json",
                                     "best_score")
        elif several:
            scores = [r.best_score for r in self.repeats
                      if r.best_score is not None and not math.isnan(r.best_score)]
            self.best_score = max(scores) if scores else None
        else:
            self.best_score = _checkpoint_best(folder)

    @functools.cached_property
    def logbook(self):
        path = self.folder / "logbook.csv"
        if self.repeat is None or not path.exists():
            return None
        return read_logbook(path)

    @functools.cached_property
    def best(self):
        if self.repeat is None:
            for r in self.repeats:
                if r.best_score is not None and r.best_score == self.best_score:
                    return r.best
            return None
        return _read_best(self.folder / "best.txt", self.config)

    @functools.cached_property
    def elites(self):
        """The optimizer's archive of elites (map-elites; elites/index.csv and its board files) as
        a dict: "cell" (int64), one float64 array a descriptor by its name ("hot-row", ...),
        "value" (float64) and "board" (a list of the cells' boards, read as best is); None when the
        run (a repeat) has none, and for the top of several repeats."""
        path = self.folder / "elites" / "index.csv"
        if self.repeat is None or not path.exists():
            return None
        return _read_elites(path, self.config)

    @functools.cached_property
    def elite_axes(self):
        """The archive's axes (elites/axes.json): a list of (descriptor, bins, lo, hi), x first (a
        cell is the axes' bins in mixed radix, x fastest; bin i of an axis holds the values from
        lo + i (hi - lo) / bins); None when the run (a repeat) has no archive."""
        path = self.folder / "elites" / "axes.json"
        if self.repeat is None or not path.exists():
            return None
        try:
            return [(str(a["descriptor"]), int(a["bins"]), float(a["lo"]), float(a["hi"]))
                    for a in _read_json(path)["axes"]]
        except (KeyError, TypeError, ValueError):
            raise RunFolderError(f"{path}: not a list of axes (descriptor, bins, lo, hi)") from None

    def __repr__(self):
        parts = [repr(str(self.folder))]
        if REPEAT_FOLDER.match(self.folder.name) and self.repeat is not None:
            parts.append(f"repeat={self.repeat}")
        parts += [f"status={self.status!r}", f"best_score={self.best_score!r}"]
        if self.repeat is None:
            parts.append(f"repeats={len(self.repeats)}")
        return f"Run({', '.join(parts)})"


def _read_best(path, config):
    if not path.exists():
        return None
    target = config.get("target")
    if not isinstance(target, dict):
        return _read_text(path)
    kind = target.get("kind", "mouse-maze")
    if kind in GAME_CELL_TARGETS:
        wanted = _mazesearch.Board
    else:  # a python target's boards are those of its model
        model = target.get("model", "cells")
        wanted = _mazesearch._target_board_class(str(kind), str(model))
        if kind == "python":
            kind = f"python (model {model})"
    if wanted is None:
        return _read_text(path)
    try:
        board = _mazesearch.load(str(path))
    except ValueError as e:  # BoardError: the message names the file and the line
        raise RunFolderError(str(e)) from None
    if not isinstance(board, wanted):
        raise RunFolderError(f"{path}: a {type(board).__name__}, but the target is {kind}")
    return board


def _read_elites(path, config):
    import numpy  # noqa: the module reads its arrays with it only here

    lines = _read_text(path).splitlines()
    if not lines:
        raise RunFolderError(f"{path}: empty (no header)")
    head = lines[0].split(",")
    if len(head) < 3 or head[0] != "cell" or head[-2:] != ["value", "file"]:
        raise RunFolderError(f"{path}: line 1: expected cell, the descriptors, value, file")
    descriptors = head[1:-2]
    cells, values, boards = [], [], []
    columns = [[] for _ in descriptors]
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split(",")
        if len(fields) != len(head):
            raise RunFolderError(f"{path}: line {number}: expected {len(head)} fields, "
                                 f"found {len(fields)}")
        try:
            cells.append(int(fields[0]))
            for column, text in zip(columns, fields[1:-2]):
                column.append(float(text))
            values.append(float(fields[-2]))
        except ValueError:
            raise RunFolderError(f"{path}: line {number}: a field that is no number") from None
        name = fields[-1]
        if "/" in name or name in ("", ".", ".."):
            raise RunFolderError(f"{path}: line {number}: {name!r} is no file of the folder")
        board = _read_best(path.parent / name, config)
        if board is None:
            raise RunFolderError(f"{path}: line {number}: {name} does not exist")
        boards.append(board)
    elites = {"cell": numpy.array(cells, dtype=numpy.int64)}
    for name, column in zip(descriptors, columns):
        elites[name] = numpy.array(column, dtype=numpy.float64)
    elites["value"] = numpy.array(values, dtype=numpy.float64)
    elites["board"] = boards
    return elites


def _open_repeats(folder, config):
    numbered = []
    for child in folder.iterdir():
        match = REPEAT_FOLDER.match(child.name)
        if match and child.is_dir():
            numbered.append((int(match.group(1)), child))
    return [Run(child, config, r, folder) for r, child in sorted(numbered)]


def open_run(folder):
    """The run in `folder`, a folder `mazesearch run` made (the top one, not a repeat-NNN)."""
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise RunFolderError(f"{folder}: not a run folder (not a folder)")
    if not (folder / "config.json").exists():
        raise RunFolderError(f"{folder}: not a run folder (no config.json)")
    config = _read_json(folder / "config.json")
    repeats = config.get("repeats", 1)
    if not isinstance(repeats, int) or isinstance(repeats, bool) or repeats < 1:
        raise RunFolderError(f"{folder / 'config.json'}: repeats: {repeats!r} is not a count")
    return Run(folder, config, None if repeats > 1 else 0)


class Point:
    """One point of a sweep: name (its folder, "point-003"), id (3), values (its swept keys and
    their values, as the sweep was given them: text, in the order of the axes), status (what it
    is now, as the sweep, `mazesearch summarize` and serve say: pending, running, interrupted,
    finished or failed) and run (its Run, None while its folder holds no run; read when first
    asked for)."""

    def __init__(self, sweep_folder, name, id, values, status):
        self.folder = sweep_folder / name
        self.name = name
        self.id = id
        self.values = values
        self.status = status

    @functools.cached_property
    def run(self):
        if not (self.folder / "config.json").exists():
            return None
        return open_run(self.folder)

    def __repr__(self):
        return f"Point({self.name!r}, {self.values!r}, status={self.status!r})"


class Sweep:
    """A sweep folder as `mazesearch sweep` writes it (open_sweep makes it): folder, spec
    (sweep.json as a dict), points (a Point each, in order), finished (every point finished),
    and table(), the table of `mazesearch summarize`."""

    def __init__(self, folder, spec, points):
        self.folder = folder
        self.spec = spec
        self.points = points
        self.finished = all(p.status == "finished" for p in points)

    def table(self, by=None, past=None, optimum=None, compare=False):
        """What `mazesearch summarize SWEEP --format json` prints, as Python objects: the
        finished runs grouped by `by` (None: the sweep's group keys; a list of swept keys, or
        their names joined by commas as --by takes them; [] or "": one group), `past` (--past:
        count the runs above it), `optimum` (--optimum: count those that reached it) and
        `compare` (--compare: each group tested against the leader). A key not swept is a
        ValueError; a point folder that cannot be read a RunFolderError."""
        if by is not None:
            keys = [k for k in (by.split(",") if isinstance(by, str) else map(str, by)) if k]
            swept = [k for axis in self.spec["axes"] for k in axis["keys"]]
            for k in keys:
                if k not in swept:
                    raise ValueError(f"by: {k!r} is not a swept key of {self.folder} (swept: "
                                     f"{', '.join(swept) or 'none'})")
            by = ",".join(keys)
        for name, value in (("past", past), ("optimum", optimum)):
            if value is not None and math.isnan(value):
                raise ValueError(f"table: {name} is NaN; give a number")
        try:
            text = _mazesearch._sweep_table_json(str(self.folder), by, past, optimum, compare)
        except ValueError as e:
            raise RunFolderError(str(e)) from None
        return json.loads(text)

    def __repr__(self):
        done = sum(p.status == "finished" for p in self.points)
        return f"Sweep({str(self.folder)!r}, points={len(self.points)}, finished={done})"


def open_sweep(folder):
    """The sweep in `folder`, a folder `mazesearch sweep` made."""
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise RunFolderError(f"{folder}: not a sweep folder (not a folder)")
    if not (folder / "sweep.json").exists():
        raise RunFolderError(f"{folder}: not a sweep folder (no sweep.json)")
    # The command's own check of the spec (its format, its axes, its points are their
    # combinations), so that what follows may take its shape as given.
    try:
        _mazesearch._check_sweep_spec(str(folder))
    except ValueError as e:
        raise RunFolderError(str(e)) from None
    spec = _read_json(folder / "sweep.json")
    keys = [k for axis in spec["axes"] for k in axis["keys"]]
    # Each point's status as the command and serve read it, from its folder (index.csv is the
    # sweep's table for people, written when a point ends, and read by no one).
    try:
        statuses = _mazesearch._point_statuses(str(folder), list(range(len(spec["points"]))))
    except ValueError as e:
        raise RunFolderError(str(e)) from None
    points = []
    for i, p in enumerate(spec["points"]):
        values = {k: p["overrides"][k] for k in keys}
        points.append(Point(folder, p["folder"], p["id"], values, statuses[i]))
    return Sweep(folder, spec, points)
