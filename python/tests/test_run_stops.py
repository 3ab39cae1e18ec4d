"""When a search from Python stops: a budget in seconds and Ctrl-C act before the objective's next
batch, not at the end of a step (one step of population annealing is a thousand calls of the
objective); a KeyboardInterrupt the objective raises stops the run as Ctrl-C does, and the folder
says so; what the objective returns must be numbers.
"""

import os
import signal
import threading
import time

import numpy as np
import pytest

import mazesearch


def open_cells(boards):
    return boards.sum(axis=(1, 2)) + 0.01 * boards[:, :, 0].sum(axis=1)


def slow_config(kind, budget, **optimizer):
    return {"name": f"slow-{kind}", "seed": 3, "target": {"kind": "python", "rows": 5, "cols": 5},
            "optimizer": dict(kind=kind, t_start=0.2, t_end=0.01, acceptance="relative",
                              **optimizer),
            "budget": budget}


def same_logbook(a, b):
    ka, kb = a.logbook, b.logbook
    assert ka.keys() == kb.keys() and len(ka["evals"]) > 0
    for k in ka:
        if k != "seconds":
            np.testing.assert_array_equal(ka[k], kb[k], err_msg=k)


# With a 0.05 s objective, budget.seconds: 1 ran 2.6 s: the budget was looked at between steps
# only, and one step is a sweep of many batches. Here a step takes 100 batches, 5 s.
@pytest.mark.parametrize("kind,options", [
    ("population-annealing", {"population": 4, "sweep": 100}),
    ("replica-exchange", {"replicas": 4, "swap_every": 100}),
])
def test_a_seconds_budget_ends_the_run_within_a_batch(tmp_path, kind, options):
    calls = []

    def slow(boards):
        calls.append(len(boards))
        time.sleep(0.05)
        return open_cells(boards)

    t0 = time.monotonic()
    run = mazesearch.run(slow_config(kind, {"seconds": 0.5}, **options), objective=slow,
                         output=tmp_path / "run")
    took = time.monotonic() - t0
    assert run.status == "finished" and run.summary["stop_reason"] == "seconds"
    assert took < 3.0, took  # 0.5 s, a batch of 0.05 s, and room for a busy machine
    assert run.summary["seconds"] >= 0.5
    # The batches scored before the end are counted, and the best board among them kept.
    assert 0 < run.summary["evaluations"] <= sum(calls)
    assert run.best_score == pytest.approx(open_cells(run.best.to_array()[np.newaxis])[0])


# The objective's calls, and what it does on the call where it is told to.
STATE = {"calls": 0, "at": None, "then": None, "sent": None}


def told(boards):
    STATE["calls"] += 1
    if STATE["calls"] == STATE["at"]:
        STATE["then"]()
    if STATE["sent"] is not None:
        time.sleep(0.01)  # after Ctrl-C: each batch takes a while, as a real objective's does
    return open_cells(boards)


def reset(at=None, then=None):
    STATE.update(calls=0, at=at, then=then, sent=None)


def pa_config():
    # 4 chains, a step of 1000 batches (sweeps of 1000 proposals), three steps.
    return slow_config("population-annealing", {"evaluations": 4 + 3 * 4000}, population=4,
                       sweep=1000)


def test_ctrl_c_acts_within_a_batch_and_the_run_resumes_to_the_uninterrupted_result(tmp_path):
    reset()
    whole = mazesearch.run(pa_config(), objective=told, output=tmp_path / "whole")

    def ctrl_c():
        STATE["sent"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    reset(at=1500, then=ctrl_c)  # the middle of the second step
    with pytest.raises(KeyboardInterrupt, match="checkpoint written in .*part"):
        mazesearch.run(pa_config(), objective=told, output=tmp_path / "part")
    # It took 10 s (the rest of the step's 1000 batches of 0.01 s) before.
    assert time.monotonic() - STATE["sent"] < 3.0
    part = mazesearch.open_run(tmp_path / "part")
    assert part.status == "interrupted"
    reset()
    done = mazesearch.resume(tmp_path / "part", objective=told)
    assert done.status == "finished" and done.best_score == whole.best_score
    assert done.summary["evaluations"] == whole.summary["evaluations"]
    same_logbook(done, whole)


# An objective raising KeyboardInterrupt printed "interrupted; checkpoint written" but left the
# run's status `failed`.
def test_a_keyboard_interrupt_of_the_objective_stops_the_run_as_ctrl_c_does(tmp_path):
    reset()
    whole = mazesearch.run(pa_config(), objective=told, output=tmp_path / "whole")

    def raise_interrupt():
        raise KeyboardInterrupt

    reset(at=2500, then=raise_interrupt)
    with pytest.raises(KeyboardInterrupt, match="interrupted; checkpoint written in .*part"):
        mazesearch.run(pa_config(), objective=told, output=tmp_path / "part")
    part = mazesearch.open_run(tmp_path / "part")
    assert part.status == "interrupted"
    assert (tmp_path / "part" / "checkpoint.json").is_file()
    reset()
    done = mazesearch.resume(tmp_path / "part", objective=told)
    assert done.status == "finished" and done.best_score == whole.best_score
    same_logbook(done, whole)


def past(value, k):
    return f"the integer {value} \\(value {k}\\) past 2\\*\\*53, which no double holds exactly"


# Numeric strings were taken as scores ("17" as 17). Integers were compared with 2^53 after
# becoming doubles, so 2^53 + 1 (rounded to 2^53) was taken, and so was any integer in a list
# with a float (NumPy made the list a float64 array).
@pytest.mark.parametrize("returned,said", [
    (lambda b: np.array([str(v) for v in open_cells(b)]), "of dtype <U"),
    (lambda b: [str(v) for v in open_cells(b)], "of dtype <U"),
    (lambda b: np.array([object()] * len(b)), "of dtype object"),
    (lambda b: np.full(len(b), 2**60 + 1), past(2**60 + 1, 0)),
    (lambda b: [2**53 + 1] * len(b), past(2**53 + 1, 0)),
    (lambda b: [0.5, -(2**53 + 1)] + [0.5] * (len(b) - 2), past(-(2**53 + 1), 1)),
    (lambda b: [0.5, np.int64(2**53 + 1)] + [0.5] * (len(b) - 2), past(2**53 + 1, 1)),
    (lambda b: [1.5, np.array(2**53 + 1)] + [0.5] * (len(b) - 2), past(2**53 + 1, 1)),
    (lambda b: np.arange(len(b)) + (2**53 - 1), past(2**53 + 1, 2)),
    (lambda b: -np.arange(len(b)) - (2**53 - 1), past(-(2**53 + 1), 2)),
    (lambda b: np.full(len(b), -(2**63), dtype=np.int64), past(-(2**63), 0)),
    (lambda b: np.full(len(b), 2**64 - 1, dtype=np.uint64), past(2**64 - 1, 0)),
    (lambda b: [2**70] * len(b), past(2**70, 0)),
])
def test_an_objective_must_return_numbers(tmp_path, returned, said):
    config = {"name": "numbers", "seed": 1, "target": {"kind": "python", "rows": 4, "cols": 4},
              "optimizer": {"kind": "random", "batch": 10}, "budget": {"evaluations": 50}}
    with pytest.raises(TypeError, match=f"(?s)the objective returned .* for a batch of .* "
                                        f"boards.*{said}"):
        mazesearch.run(config, objective=returned, output=tmp_path / "run")
    assert mazesearch.open_run(tmp_path / "run").status == "failed"
    # Numbers of any kind are taken: bools, ints, floats, a list of them.
    # 2^53 itself is held exactly, either way.
    for good in (lambda b: open_cells(b) > 10, lambda b: b.sum(axis=(1, 2)),
                 lambda b: [float(v) for v in open_cells(b)], lambda b: [2**53] * len(b),
                 lambda b: [0.5] * (len(b) - 1) + [-(2**53)],
                 lambda b: np.full(len(b), 2**53, dtype=np.uint64)):
        done = mazesearch.run(config, objective=good, output=tmp_path / f"good-{id(good)}")
        assert done.status == "finished"


# Progress printed its numbers with six decimals (best=40.000000, fraction=0.333333).
def test_progress_shows_its_numbers_as_python_does(tmp_path):
    seen = []
    config = {"name": "told", "seed": 1, "target": {"kind": "mouse-maze", "rows": 5, "cols": 5},
              "optimizer": {"kind": "random", "batch": 10}, "budget": {"evaluations": 30}}
    mazesearch.run(config, output=tmp_path / "run", progress=seen.append, progress_seconds=0)
    first = seen[0]
    assert repr(first) == (f"Progress(repeat=0, evaluations=10, best={first.best!r}, "
                           f"fraction={first.fraction!r})")
    assert repr(seen[-1]).endswith("fraction=1.0, ended)")
