"""mazesearch.run and mazesearch.resume: a search run from Python (docs/python.md).

A run is the command's own run (`mazesearch run CONFIG key=value ...`): the same config checks,
the same run folder with its checkpoints, logbook and best board, the same result for a seed.
From Python it can also search for an objective of your own: a config whose target is
`kind: python` is scored by the function given as `objective=`.
"""

import hashlib
import json
import os
import pathlib
from typing import NamedTuple

import numpy as np

from . import _mazesearch
from .runs import RunFolderError, _read_json, open_run


class PassageBatch(NamedTuple):
    """A batch of Mouse Maze 2 boards, as an objective of `model: passages` receives it.

    right and down are N x rows x cols bool arrays, True open (PassageBoard.right_array and
    down_array of each board: the passage right of and below each cell, the last column of
    right and the last row of down False); entrance and exit are the N boards' columns.
    """

    right: np.ndarray
    down: np.ndarray
    entrance: np.ndarray
    exit: np.ndarray


def objective_id(function):
    """The name a run folder keeps of an objective: its qualified name and a hash of its code
    (bytecode, constants and names), so that resume() can tell a different function.

    The hash cannot see data the function reads from outside (a global, a closure's cell, a file):
    change those and resume() takes the function as the same one.
    """
    target = function
    code = getattr(target, "__code__", None)
    if code is None and hasattr(target, "__call__"):
        code = getattr(target.__call__, "__code__", None)
    name = getattr(target, "__qualname__", None) or type(target).__qualname__
    module = getattr(target, "__module__", None) or ""
    digest = hashlib.sha256()
    if code is not None:
        digest.update(code.co_code)
        digest.update(repr(code.co_consts).encode())
        digest.update(repr(code.co_names).encode())
    else:
        digest.update(repr(target).encode())
    label = f"{module}.{name}" if module else name
    return f"{label.replace(' ', '_')}@{digest.hexdigest()[:16]}"


def _override_value(value):
    """A Python value as the YAML of a command-line override."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    return json.dumps(value)


def _overrides(overrides, keywords):
    """key=value strings: `overrides` (a dict of dotted keys, or a list of "key=value"), then the
    keywords, whose double underscores are dots (budget__evaluations=1000)."""
    out = []
    if isinstance(overrides, dict):
        out += [f"{k}={_override_value(v)}" for k, v in overrides.items()]
    elif overrides is not None:
        out += [str(o) for o in overrides]
    out += [f"{k.replace('__', '.')}={_override_value(v)}" for k, v in keywords.items()]
    return out


def _yaml(value, indent=0):
    """A dict as block YAML, one key a line (so that an error names the key's line); scalars and
    lists in JSON's form, which YAML reads as they are."""
    lines = []
    for key, item in value.items():
        if not isinstance(key, str):
            raise TypeError(f"config: key {key!r}: expected a string")
        if isinstance(item, dict) and item:
            lines.append(" " * indent + f"{key}:")
            lines.append(_yaml(item, indent + 2))
        else:
            if isinstance(item, os.PathLike):
                item = os.fspath(item)
            if isinstance(item, np.generic):
                item = item.item()
            lines.append(" " * indent + f"{key}: {json.dumps(item)}")
    return "\n".join(lines)


def _scorers(objective):
    """The two adapters the engine calls: cell and hex boards (one array), passage boards (four)."""
    if objective is None:
        return None, None
    if not callable(objective):
        raise TypeError(f"objective: {objective!r} is not callable; expected f(boards) -> scores")

    def score_cells(boards):
        return objective(boards)

    def score_passages(right, down, entrance, exit):
        return objective(PassageBatch(right, down, entrance, exit))

    return score_cells, score_passages


def _progress(progress):
    if progress is None or progress is False:
        return None
    if progress is True:
        return _print_progress
    if not callable(progress):
        raise TypeError(f"progress: {progress!r} is not callable; expected f(Progress)")
    return progress


def _print_progress(p):
    best = "-" if p.best is None else f"{p.best:g}"
    end = " (ended)" if p.ended else ""
    print(f"repeat {p.repeat}: {p.fraction:4.0%} evaluations {p.evaluations} best {best}{end}",
          flush=True)


def _interrupted(folder):
    return KeyboardInterrupt(
        f"interrupted; checkpoint written in {folder}; mazesearch.resume({str(folder)!r}) "
        "continues it (with the same objective=, if it has one)")


def run(config, objective=None, progress=None, progress_seconds=1.0, overrides=None,
        **keywords):
    """Runs a search, as `mazesearch run CONFIG key=value ...` does, and returns its Run.

    config: a YAML file's path, or a dict of the same keys. overrides: a dict of dotted keys
    ({"budget.evaluations": 1e6}) or a list of "key=value"; keywords are more overrides, a double
    underscore for a dot (seed=3, budget__evaluations=100000, output="runs/mine").
    objective: for a config whose target is `kind: python`, the function that scores a batch:
    f(boards) -> N numbers, higher better; boards is an N x rows x cols bool array (True open)
    for `model: cells` and `model: hex` (row r of a hex board is row r of its array, odd rows
    half a cell to the right), a PassageBatch for `model: passages`. It is called on one thread with
    the GIL, from the search's own thread.
    progress: f(Progress) called every progress_seconds and at each repeat's end; True prints a
    line. Returning False stops the run as Ctrl-C does: the checkpoint is written and the Run
    comes back with status "interrupted".
    Ctrl-C writes the checkpoint and raises KeyboardInterrupt naming the folder; resume()
    continues it. With an objective, Ctrl-C and a budget in seconds act before its next call:
    the step under way is dropped (docs/python.md, "Stopping within a batch"). An exception of
    progress stops the run as Ctrl-C does, and so does a KeyboardInterrupt of objective; any
    other exception of objective (or a NaN, a value that is not a number, a wrong number of
    values) fails it, its last checkpoint kept. Either is raised here.
    """
    strings = _overrides(overrides, keywords)
    if isinstance(config, dict):
        text, source, is_path = _yaml(config) + "\n", "<dict>", False
    elif isinstance(config, (str, os.PathLike)):
        text, source, is_path = os.fspath(config), os.fspath(config), True
    else:
        raise TypeError(f"config: {config!r}: expected a YAML file's path or a dict")
    score_cells, score_passages = _scorers(objective)
    function = objective_id(objective) if objective is not None else ""
    folder = []
    try:
        _mazesearch._run(text, source, is_path, strings, function, score_cells, score_passages,
                         _progress(progress), float(progress_seconds), folder)
    except KeyboardInterrupt:
        if folder:
            raise _interrupted(folder[0]) from None
        raise
    return open_run(folder[0])


def resume(folder, objective=None, progress=None, progress_seconds=1.0, check_objective=True):
    """Continues an interrupted run, as `mazesearch resume FOLDER` does, and returns its Run.

    A run of a `kind: python` target needs its objective again; with check_objective, one whose
    name or code differs from what the run folder recorded is refused (ValueError), since the
    run would go on with other values than it began with.
    """
    folder = pathlib.Path(folder)
    config_path = folder / "config.json"
    target = {}
    if config_path.is_file():
        # Named as open_run names a bad file (bytes that are not UTF-8 or JSON were a bare
        # UnicodeDecodeError or JSONDecodeError, a list an AttributeError).
        target = _read_json(config_path).get("target", {})
        if not isinstance(target, dict):
            raise RunFolderError(f"{config_path}: target: expected a JSON object")
    if (target.get("kind") == "python") != (objective is not None) and config_path.is_file():
        raise ValueError(
            f"{config_path}: " +
            ("the run's target is kind: python; give its objective again, "
             "mazesearch.resume(folder, objective=f)" if objective is None else
             "objective= is for a run whose target is kind: python"))
    if objective is not None and check_objective:
        recorded = target.get("function")
        given = objective_id(objective)
        if recorded is not None and recorded != given:
            raise ValueError(
                f"{config_path}: the run was made with objective {recorded}, not {given}; "
                "give the same function (or check_objective=False to go on with this one)")
    score_cells, score_passages = _scorers(objective)
    try:
        _mazesearch._resume(os.fspath(folder), score_cells, score_passages, _progress(progress),
                            float(progress_seconds))
    except KeyboardInterrupt:
        raise _interrupted(folder) from None
    return open_run(folder)
