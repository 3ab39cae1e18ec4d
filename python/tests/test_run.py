"""mazesearch.run and mazesearch.resume: the command's runs from Python, and objectives of your own.

A run from Python must be the command's run to the number (same config, same folder, same
logbook); an interrupted run, resumed, must end as the uninterrupted one; a Python objective must
work with every optimizer, deterministically, its best board's value being the function's value
of that board.
"""

import itertools
import os
import signal
import time

import numpy as np
import pytest

import mazesearch
from conftest import SOURCE_DIR, command

PAPER = SOURCE_DIR / "configs" / "paper"


def without_seconds(run):
    """A run's logbook without its wall-clock column, which no two runs share."""
    book = run.logbook
    return {k: v for k, v in book.items() if k != "seconds"}


def same_logbook(a, b):
    """The logbooks of every repeat of runs a and b are the same but for the seconds."""
    assert len(a.repeats) == len(b.repeats)
    for ra, rb in zip(a.repeats, b.repeats):
        ka, kb = without_seconds(ra), without_seconds(rb)
        assert ka.keys() == kb.keys() and len(ka["evals"]) > 0
        for k in ka:
            np.testing.assert_array_equal(ka[k], kb[k], err_msg=k)


def top_minus_bottom(boards):
    """A toy objective: open cells in the top half, minus half those of the bottom half, and a
    little for the left column (so that the optimum is one board)."""
    h = boards.shape[1] // 2
    return (boards[:, :h].sum(axis=(1, 2)) - 0.5 * boards[:, h:].sum(axis=(1, 2))
            + 0.01 * boards[:, :, 0].sum(axis=1))


def toy_config(kind, rows=4, cols=4, evaluations=3000, **optimizer):
    return {"name": f"toy-{kind}", "seed": 5,
            "target": {"kind": "python", "rows": rows, "cols": cols},
            "optimizer": dict(kind=kind, **optimizer), "budget": {"evaluations": evaluations}}


def test_a_run_from_python_is_the_commands_run(tmp_path):
    config = PAPER / "annealing.yaml"
    command("run", config, "budget.evaluations=20000", "seed=3", "repeats=3",
            f"output={tmp_path / 'cmd'}", "--quiet")
    from_command = mazesearch.open_run(tmp_path / "cmd")
    from_python = mazesearch.run(config, budget__evaluations=20000, seed=3, repeats=3,
                                 output=tmp_path / "py")
    assert from_python.status == "finished"
    assert from_python.best_score == from_command.best_score
    assert ([r.best_score for r in from_python.repeats] ==
            [r.best_score for r in from_command.repeats])
    same_logbook(from_python, from_command)
    assert from_python.config == {**from_command.config, "output": str(tmp_path / "py")}


def test_overrides_as_a_dict_a_list_and_keywords(tmp_path):
    config = PAPER / "random.yaml"
    a = mazesearch.run(config, overrides={"budget.evaluations": 500, "seed": 2}, repeats=1,
                       output=tmp_path / "a")
    b = mazesearch.run(config, overrides=["budget.evaluations=500", "seed=2", "repeats=1"],
                       output=tmp_path / "b")
    assert a.summary["evaluations"] == b.summary["evaluations"] == 500
    assert a.best_score == b.best_score
    same_logbook(a, b)


def test_a_bad_dict_config_names_its_key_and_line(tmp_path):
    config = {"name": "bad", "target": {"kind": "mouse-maze", "rows": 5, "cols": 5},
              "optimizer": {"kind": "annealing", "t_start": "hot"},
              "budget": {"evaluations": 100}}
    with pytest.raises(ValueError, match=r"<dict>:8: optimizer.t_start"):
        mazesearch.run(config, output=tmp_path / "bad")
    assert not (tmp_path / "bad").exists()  # found before anything was written


def test_progress_is_told_and_returning_false_stops_the_run_which_resumes(tmp_path):
    config = PAPER / "evolutionary.yaml"
    whole = mazesearch.run(config, budget__evaluations=30000, repeats=1,
                           output=tmp_path / "whole")
    seen = []

    def stop_early(p):
        seen.append(p)
        return p.evaluations < 10000

    part = mazesearch.run(config, budget__evaluations=30000, repeats=1, output=tmp_path / "part",
                          progress=stop_early, progress_seconds=0)
    assert part.status == "interrupted"
    assert 10000 <= seen[-1].evaluations < 30000
    assert [p.evaluations for p in seen] == sorted(p.evaluations for p in seen)
    told = []
    done = mazesearch.resume(tmp_path / "part", progress=told.append, progress_seconds=0)
    assert done.status == "finished"
    assert told[-1].ended and told[-1].fraction == 1.0
    assert done.best_score == whole.best_score
    same_logbook(done, whole)


def test_ctrl_c_writes_the_checkpoint_and_names_the_folder(tmp_path):
    config = PAPER / "annealing.yaml"
    whole = mazesearch.run(config, budget__evaluations=40000, repeats=2,
                           output=tmp_path / "whole")

    def interrupt_once(p):
        if p.evaluations >= 10000:
            os.kill(os.getpid(), signal.SIGINT)
            # Python sees the signal on its main thread, which waits for the run and looks
            # every tenth of a second; the run stops at its next step after that.
            time.sleep(0.5)

    with pytest.raises(KeyboardInterrupt, match="checkpoint written in .*part"):
        mazesearch.run(config, budget__evaluations=40000, repeats=2, output=tmp_path / "part",
                       progress=interrupt_once, progress_seconds=0)
    stopped = mazesearch.open_run(tmp_path / "part")
    assert stopped.status == "interrupted"
    assert (tmp_path / "part" / "repeat-000" / "checkpoint.json").is_file()
    done = mazesearch.resume(tmp_path / "part")
    assert done.best_score == whole.best_score
    same_logbook(done, whole)


@pytest.mark.parametrize("kind,options", [
    ("random", {}), ("hill-climbing", {}), ("annealing", {}),
    ("population-annealing", {"population": 8}), ("replica-exchange", {}),
    ("evolutionary", {}), ("genetic", {}), ("hamming", {}), ("exhaustive", {}),
    ("map-elites", {"x": "open-genes", "y": "none"}),
])
def test_a_python_objective_with_every_optimizer(tmp_path, kind, options):
    calls = []

    def objective(boards):
        calls.append(len(boards))
        return top_minus_bottom(boards)

    run = mazesearch.run(toy_config(kind, **options), objective=objective, output=tmp_path / "a")
    assert run.status == "finished"
    assert sum(calls) == run.summary["evaluations"] > 0
    # The best board's value is the function's value of that board.
    best = run.best.to_array()[np.newaxis]
    assert run.best_score == pytest.approx(top_minus_bottom(best)[0])
    again = mazesearch.run(toy_config(kind, **options), objective=top_minus_bottom,
                           output=tmp_path / "b", threads=2)
    assert again.best_score == run.best_score
    same_logbook(again, run)


def test_the_window_move_is_refused_for_a_python_objective(tmp_path):
    with pytest.raises(ValueError, match="optimizer.size: the window move needs a mouse-maze"):
        mazesearch.run(toy_config("window"), objective=top_minus_bottom, output=tmp_path / "w")


def test_exhaustive_finds_what_numpy_finds_over_every_board(tmp_path):
    rows, cols = 3, 4
    config = toy_config("exhaustive", rows, cols, evaluations=10**6)
    config["target"]["feasible"] = "any"
    run = mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "ex")
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in [(0, 0), (2, 0)]]
    boards = np.ones((2 ** len(free), rows, cols), dtype=bool)
    for k, bits in enumerate(itertools.product([True, False], repeat=len(free))):
        for (r, c), is_open in zip(free, bits):
            boards[k, r, c] = is_open
    assert run.summary["evaluations"] == len(boards)
    assert run.best_score == pytest.approx(top_minus_bottom(boards).max())


def test_an_interrupted_python_run_resumes_to_the_uninterrupted_result(tmp_path):
    config = toy_config("annealing", 6, 6, evaluations=20000)
    whole = mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "whole")
    part = mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "part",
                          progress=lambda p: p.evaluations < 5000, progress_seconds=0)
    assert part.status == "interrupted"
    done = mazesearch.resume(tmp_path / "part", objective=top_minus_bottom)
    assert done.best_score == whole.best_score
    same_logbook(done, whole)


# resume() reads config.json for the target's kind before the engine does: bytes that were not
# UTF-8 or JSON raised a bare UnicodeDecodeError or JSONDecodeError, a list or a target that is
# not an object an AttributeError; none named the file.
def test_a_resume_names_a_bad_config_json(tmp_path):
    config = toy_config("annealing", 5, 5, evaluations=2000)
    mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "run")
    good = (tmp_path / "run" / "config.json").read_bytes()
    for text, said in [(b"\xff", "not text (byte 0 is not UTF-8)"), (b"{", "not valid JSON"),
                       (b"[1]", "not a JSON object"),
                       (b'{"target": "python"}', "target: expected a JSON object")]:
        (tmp_path / "run" / "config.json").write_bytes(text)
        for objective in (None, top_minus_bottom):
            with pytest.raises(mazesearch.RunFolderError) as raised:
                mazesearch.resume(tmp_path / "run", objective=objective)
            assert str(raised.value).startswith(str(tmp_path / "run" / "config.json") + ": ")
            assert said in str(raised.value)
    (tmp_path / "run" / "config.json").write_bytes(good)
    assert mazesearch.resume(tmp_path / "run", objective=top_minus_bottom).status == "finished"


def test_a_resume_needs_the_same_objective(tmp_path):
    config = toy_config("annealing", 5, 5, evaluations=20000)
    mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "part",
                   progress=lambda p: p.evaluations < 2000, progress_seconds=0)

    def another(boards):
        return boards.sum(axis=(1, 2)).astype(float)

    with pytest.raises(ValueError, match="made with objective .*top_minus_bottom.*not .*another"):
        mazesearch.resume(tmp_path / "part", objective=another)
    with pytest.raises(ValueError, match="give its objective again"):
        mazesearch.resume(tmp_path / "part")
    said = command("resume", tmp_path / "part", check=False)
    assert said.returncode == 2
    assert "a python target is scored by a Python function" in said.stderr
    assert mazesearch.open_run(tmp_path / "part").status == "interrupted"


def test_a_passage_objective_receives_passage_batches(tmp_path):
    got = []

    def open_down(batch):
        got.append(batch)
        return batch.down.sum(axis=(1, 2)) - batch.right.sum(axis=(1, 2)) * 0.25

    config = {"name": "passages", "target": {"kind": "python", "model": "passages",
                                            "rows": 4, "cols": 5},
              "optimizer": {"kind": "genetic"}, "budget": {"evaluations": 2000}}
    run = mazesearch.run(config, objective=open_down, output=tmp_path / "p")
    assert got and got[0].right.shape[1:] == (4, 5) and got[0].down.shape[1:] == (4, 5)
    assert got[0].right.dtype == bool and len(got[0].entrance) == len(got[0].right)
    best = run.best
    assert isinstance(best, mazesearch.PassageBoard)
    value = best.down_array().sum() - best.right_array().sum() * 0.25
    assert run.best_score == pytest.approx(value)


def test_a_hex_objective_receives_hex_boards(tmp_path):
    got = []

    def long_and_open(boards):
        got.append(boards)
        return mazesearch.score_batch(boards, model="hex", threads=1) + boards.sum(axis=(1, 2))

    config = {"name": "hex", "target": {"kind": "python", "model": "hex", "rows": 4, "cols": 5},
              "optimizer": {"kind": "hill-climbing"}, "budget": {"evaluations": 2000}}
    run = mazesearch.run(config, objective=long_and_open, output=tmp_path / "h")
    assert got and got[0].shape[1:] == (4, 5) and got[0].dtype == bool
    best = run.best
    assert isinstance(best, mazesearch.HexBoard)
    # The best board, walked again as a hex board, gives the score the objective gave it.
    assert run.best_score == mazesearch.walk(best).moves + best.to_array().sum()


def test_a_hex_run_opens_with_its_best_a_hex_board(tmp_path):
    config = {"name": "hex", "target": {"kind": "hex", "rows": 5, "cols": 5},
              "optimizer": {"kind": "annealing"}, "budget": {"evaluations": 3000}}
    run = mazesearch.run(config, output=tmp_path / "h")
    again = mazesearch.open_run(tmp_path / "h")
    assert isinstance(again.best, mazesearch.HexBoard)
    assert again.best_score == run.best_score == mazesearch.walk(again.best).moves


def test_objective_mistakes_are_said(tmp_path):
    config = toy_config("random", evaluations=100)
    with pytest.raises(TypeError, match="returned .* for a batch of .* boards; expected"):
        mazesearch.run(config, objective=lambda b: [1.0, 2.0, 3.0][: len(b) - 1],
                       output=tmp_path / "shape")
    with pytest.raises(RuntimeError, match="gave NaN for board 0"):
        mazesearch.run(config, objective=lambda b: np.full(len(b), np.nan),
                       output=tmp_path / "nan")

    def raising(boards):
        raise ZeroDivisionError("my objective's own error")

    with pytest.raises(ZeroDivisionError, match="my objective's own error"):
        mazesearch.run(config, objective=raising, output=tmp_path / "raise")
    assert mazesearch.open_run(tmp_path / "raise").status == "failed"
    log = (tmp_path / "raise" / "log.txt").read_text()
    assert "the objective raised ZeroDivisionError: my objective's own error" in log


def test_an_objective_needs_a_python_target_and_the_other_way_round(tmp_path):
    with pytest.raises(ValueError, match="objective= is for a config whose target is kind: python"):
        mazesearch.run(PAPER / "random.yaml", objective=top_minus_bottom,
                       output=tmp_path / "a")
    with pytest.raises(ValueError, match="target.kind python is scored by a Python function"):
        mazesearch.run(toy_config("random"), output=tmp_path / "b")
    with pytest.raises(ValueError, match="target.convention: a python target's value"):
        config = toy_config("random")
        config["target"]["convention"] = "flash"
        mazesearch.run(config, objective=top_minus_bottom, output=tmp_path / "c")
    assert not any((tmp_path / n).exists() for n in "abc")


@pytest.mark.parametrize("kind", ["annealing", "genetic", "population-annealing"])
def test_squeakys_moves_as_a_python_objective_give_the_built_in_targets_run(tmp_path, kind):
    """The python target's boards are the mouse maze's (same genes, same feasibility): scored by
    the engine's own walk through Python, the run is the built-in target's run, board for board."""
    def moves(boards):
        return mazesearch.score_batch(boards, threads=1).astype(float)

    base = {"name": "same", "seed": 4, "optimizer": {"kind": kind},
            "budget": {"evaluations": 5000}}
    builtin = mazesearch.run({**base, "target": {"kind": "mouse-maze", "rows": 6, "cols": 6}},
                             output=tmp_path / "builtin")
    python = mazesearch.run({**base, "target": {"kind": "python", "rows": 6, "cols": 6}},
                            objective=moves, output=tmp_path / "python")
    assert python.best_score == builtin.best_score > 0
    same_logbook(python, builtin)
