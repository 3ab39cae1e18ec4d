"""open_run and open_sweep against the folders the command writes and what it says of them: every
score read through Python is the summary's, the checkpoint's and `mazesearch eval`'s of best.txt,
every logbook entry the CSV's, every sweep table `mazesearch summarize --format json`'s."""

import json
import shutil
import signal
import subprocess
import time

import numpy as np
import pytest

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR, command, command_error, command_json

PAPER = SOURCE_DIR / "configs" / "paper" / "annealing.yaml"
HILL = SOURCE_DIR / "configs" / "paper" / "hill-climbing.yaml"
PASSAGES = SOURCE_DIR / "configs" / "passages" / "annealing-6x6.yaml"
HEX = SOURCE_DIR / "configs" / "hex" / "13x13-anneal.yaml"
GRAPH = SOURCE_DIR / "configs" / "graphs" / "search-hex-4.yaml"
INTEGER_COLUMNS = ("gen", "evals", "rejected")


def make_run(folder, config, *overrides):
    command("run", config, f"output={folder}", "budget.evaluations=20000", "-q", *overrides)
    return folder


def summarize_json(folder, *flags):
    """What `mazesearch summarize FOLDER --format json` prints (one object over many lines)."""
    return json.loads(command("summarize", folder, "--format", "json", *flags).stdout)


def eval_score(best_txt, config):
    """best.txt's score as `mazesearch eval` gives it, in the unit the run's config asks for."""
    target = config["target"]
    said = command_json("eval", "--json", best_txt)
    if target.get("objective") == "max-visits":
        return float(said["max_visits"])
    return float(said["flash" if target.get("convention") == "flash" else "moves"])


def assert_logbook(logbook, path):
    """The arrays hold the CSV's fields: counters as int64, the rest as float64, empty NaN."""
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    assert list(logbook) == header == "gen,evals,rejected,best,mean,std,min,max,seconds".split(",")
    rows = [line.split(",") for line in lines[1:]]
    assert rows
    for i, name in enumerate(header):
        column = logbook[name]
        assert len(column) == len(rows)
        if name in INTEGER_COLUMNS:
            assert column.dtype == np.int64
            assert column.tolist() == [int(r[i]) for r in rows]
        else:
            assert column.dtype == np.float64
            expected = [float(r[i]) if r[i] else np.nan for r in rows]
            np.testing.assert_array_equal(column, np.array(expected))


def assert_best(run):
    """The run's best board is best.txt, and its score is the score read."""
    text = (run.folder / "best.txt").read_text()
    assert (run.best if isinstance(run.best, str) else run.best.to_text()) == text
    assert run.best_score == eval_score(run.folder / "best.txt", run.config)


@pytest.mark.parametrize("config, overrides, board_class", [
    (PAPER, [], mazesearch.Board),
    (PAPER, ["target.convention=flash"], mazesearch.Board),
    (HILL, ["target.objective=max-visits"], mazesearch.Board),
    (PASSAGES, [], mazesearch.PassageBoard),
    # Each board model's target says which class its best board is read as (a graph's is its
    # file's text).
    (HEX, ["target.rows=5", "target.cols=6"], mazesearch.HexBoard),
    (GRAPH, [f"target.file={SOURCE_DIR / 'configs' / 'graphs' / 'hex-4.json'}"], str),
])
def test_a_run_of_one_repeat(tmp_path, config, overrides, board_class):
    folder = make_run(tmp_path / "run", config, "repeats=1", *overrides)
    run = mazesearch.open_run(folder)
    summary = json.loads((folder / "summary.json").read_text())
    assert run.folder == folder and run.status == "finished" and run.repeat == 0
    assert run.config == json.loads((folder / "config.json").read_text())
    assert run.summary == summary
    assert run.repeats == [run] and run.repeats[0] is run
    assert isinstance(run.best, board_class)
    assert run.best_score == summary["best_score"]
    assert_best(run)
    assert_logbook(run.logbook, folder / "logbook.csv")
    assert run.logbook["best"][-1] == run.best_score
    assert run.logbook["evals"][-1] == summary["evaluations"]
    assert repr(run) == f"Run({str(folder)!r}, status='finished', best_score={run.best_score!r})"


def test_a_run_of_several_repeats(tmp_path):
    folder = make_run(tmp_path / "run", PAPER, "repeats=3")
    run = mazesearch.open_run(folder)
    summary = json.loads((folder / "summary.json").read_text())
    assert run.repeat is None and run.logbook is None and run.summary == summary
    assert [r.folder.name for r in run.repeats] == ["repeat-000", "repeat-001", "repeat-002"]
    for i, r in enumerate(run.repeats):
        assert r.repeat == i and r.repeats == [r] and r.config is run.config
        assert r.status == "finished" and r.summary == summary["runs"][i]
        assert r.best_score == summary["runs"][i]["best_score"]
        assert_best(r)
        assert_logbook(r.logbook, r.folder / "logbook.csv")
        assert r.logbook["evals"][-1] == 20000
    assert run.best_score == summary["best_score"] == max(r.best_score for r in run.repeats)
    best = next(r for r in run.repeats if r.best_score == run.best_score)
    assert run.best == best.best
    assert "repeats=3" in repr(run) and "repeat=1," in repr(run.repeats[1])


def start_and_stop(args, ready, timeout=60):
    """Starts the command, waits until ready() (polled), stops it as Ctrl-C would (SIGTERM) and
    returns its exit status."""
    process = subprocess.Popen([str(MAZESEARCH_BIN), *map(str, args)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while not ready():
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=timeout)


def rows_written(logbook, rows):
    return lambda: logbook.exists() and len(logbook.read_text().splitlines()) > rows


def test_an_interrupted_run(tmp_path):
    """No summary yet: each repeat's score is its checkpoint's, which best.txt holds; the top's
    the best of its repeats so far."""
    folder = tmp_path / "run"
    status = start_and_stop(["run", PAPER, f"output={folder}", "repeats=2", "threads=1",
                             "budget.evaluations=1000000000", "-q"],
                            rows_written(folder / "repeat-000" / "logbook.csv", 3))
    assert status == 130
    run = mazesearch.open_run(folder)
    assert run.status == "interrupted" and run.summary is None
    assert run.repeats
    for r in run.repeats:
        checkpoint = json.loads((r.folder / "checkpoint.json").read_text())
        assert r.status == "interrupted" and r.summary is None
        assert r.best_score == checkpoint["evaluator"]["best_score"]
        assert_best(r)
        assert_logbook(r.logbook, r.folder / "logbook.csv")
        assert len(r.logbook["gen"]) == checkpoint["logbook_rows"]
    assert run.best_score == max(r.best_score for r in run.repeats)


def test_a_logbook_being_written(tmp_path):
    """A last line without its line end is a row being written: left out, not an error. Once
    it ends, a row of the wrong width is refused, naming the file and the line."""
    folder = make_run(tmp_path / "run", PAPER, "repeats=1")
    logbook = folder / "logbook.csv"
    rows = len(logbook.read_text().splitlines()) - 1
    before = mazesearch.open_run(folder).logbook
    with logbook.open("a") as f:
        f.write("21,210000,3")
    during = mazesearch.open_run(folder).logbook
    assert list(during) == list(before)
    for name in before:
        np.testing.assert_array_equal(during[name], before[name])
    with logbook.open("a") as f:
        f.write("1\n")
    with pytest.raises(mazesearch.RunFolderError) as e:
        mazesearch.open_run(folder).logbook
    assert str(e.value) == f"{logbook}: line {rows + 2}: expected 9 fields, found 3"


def corrupt(folder, name, text):
    (folder / name).write_text(text)


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """A finished run of one repeat, to copy and spoil."""
    return make_run(tmp_path_factory.mktemp("runs") / "run", PAPER, "repeats=1")


@pytest.mark.parametrize("change, message", [
    (lambda f: (f / "config.json").unlink(), "{f}: not a run folder (no config.json)"),
    (lambda f: corrupt(f, "config.json", '{"name": "x",'), "{f}/config.json: not valid JSON"),
    (lambda f: corrupt(f, "config.json", "[1, 2]"), "{f}/config.json: not a JSON object"),
    (lambda f: corrupt(f, "config.json", '{"repeats": 0}'), "{f}/config.json: repeats: 0"),
    (lambda f: corrupt(f, "summary.json", '{"best_score": 1'), "{f}/summary.json: not valid"),
    (lambda f: corrupt(f, "summary.json", '{"best_score": "lots", "repeat": 0}'),
     "{f}/summary.json: best_score: 'lots' is not a score"),
    (lambda f: corrupt(f, "summary.json", '{"best_score": NaN, "repeat": 0}'),
     "{f}/summary.json: not valid JSON: NaN is not a JSON value"),
    (lambda f: corrupt(f, "summary.json", '{"best_score": 3, "repeat": 1}'),
     "{f}/summary.json: the summary of repeat 1"),
    (lambda f: corrupt(f, "status", "done\n"), "{f}/status: 'done\\n' is not a status"),
    (lambda f: corrupt(f, "best.txt", "S..\n.x.\nE..\n"), "{f}/best.txt:2: unknown character"),
    (lambda f: corrupt(f, "best.txt", "+ +-+\n|   |\n+ +-+\n"),
     "{f}/best.txt: a PassageBoard, but the target is mouse-maze"),
    (lambda f: corrupt(f, "logbook.csv", "gen,evals\n1,2\n3,x\n"),
     "{f}/logbook.csv: line 3: evals: 'x' is not an integer"),
    (lambda f: corrupt(f, "logbook.csv", "gen,best\n1,1_0\n"),
     "{f}/logbook.csv: line 2: best: '1_0' is not a number"),
    (lambda f: corrupt(f, "logbook.csv", "gen,gen\n"), "{f}/logbook.csv: line 1: a column"),
    (lambda f: corrupt(f, "logbook.csv", ""), "{f}/logbook.csv: no header line"),
    (lambda f: ((f / "summary.json").unlink(), corrupt(f, "checkpoint.json", '{"step": 1}')),
     "{f}/checkpoint.json: not a checkpoint"),
])
def test_files_that_are_not_what_they_should_be(tmp_path, finished_run, change, message):
    folder = tmp_path / "run"
    shutil.copytree(finished_run, folder)
    change(folder)
    with pytest.raises(mazesearch.RunFolderError) as e:
        run = mazesearch.open_run(folder)
        run.logbook, run.best  # read when first asked for
    assert isinstance(e.value, ValueError)
    assert str(e.value).startswith(message.format(f=folder)), str(e.value)


def test_not_a_folder(tmp_path):
    (tmp_path / "file").write_text("x")
    for opener, what in ((mazesearch.open_run, "run"), (mazesearch.open_sweep, "sweep")):
        with pytest.raises(mazesearch.RunFolderError, match=f"not a {what} folder"):
            opener(tmp_path / "file")
    with pytest.raises(mazesearch.RunFolderError, match=r"not a sweep folder \(no sweep.json\)"):
        mazesearch.open_sweep(tmp_path)


def test_targets_without_a_board_class(tmp_path):
    """A cat-and-mouse board (the cat a 'C') is no board of the module's: best is its text."""
    config = SOURCE_DIR / "configs" / "games" / "cat-mouse.yaml"
    folder = tmp_path / "run"
    command("run", config, f"output={folder}", "budget.evaluations=200", "budget.seconds=null",
            "repeats=1", "-q")
    run = mazesearch.open_run(folder)
    assert run.best == (folder / "best.txt").read_text() and "C" in run.best
    assert run.best_score == json.loads((folder / "summary.json").read_text())["best_score"]


def make_sweep(folder, *args):
    command("sweep", PAPER, "budget.evaluations=2000", "repeats=2", "threads=1", "seed=1,2",
            "optimizer.t_start=1,5", f"output={folder}", "--jobs", "2", "-q", *args)
    return folder


@pytest.fixture(scope="module")
def finished_sweep(tmp_path_factory):
    """A finished sweep of two seeds and two temperatures, two repeats a point: only read."""
    return make_sweep(tmp_path_factory.mktemp("sweeps") / "sweep")


def index_rows(folder):
    lines = (folder / "index.csv").read_text().splitlines()
    return [dict(zip(lines[0].split(","), line.split(","))) for line in lines[1:]]


@pytest.mark.parametrize("options, flags", [
    ({}, []),
    ({"compare": True}, ["--compare"]),
    ({"by": "seed"}, ["--by", "seed"]),
    ({"by": ["optimizer.t_start", "seed"]}, ["--by", "optimizer.t_start,seed"]),
    ({"by": []}, ["--by", ""]),
    ({"by": "", "compare": True, "past": 90, "optimum": 99}, ["--by", "", "--compare", "--past",
                                                             "90", "--optimum", "99"]),
])
def test_a_sweep_s_table(finished_sweep, options, flags):
    folder = finished_sweep
    sweep = mazesearch.open_sweep(folder)
    expected = summarize_json(folder, *flags)
    assert sweep.table(**options) == expected
    assert ("compare" in expected) == bool(options.get("compare"))


def test_a_sweep_s_points(finished_sweep):
    folder = finished_sweep
    sweep = mazesearch.open_sweep(folder)
    spec = json.loads((folder / "sweep.json").read_text())
    assert sweep.folder == folder and sweep.spec == spec and sweep.finished
    assert [p.name for p in sweep.points] == ["point-000", "point-001", "point-002", "point-003"]
    assert [p.values for p in sweep.points] == [
        {"seed": s, "optimizer.t_start": t} for s in ("1", "2") for t in ("1", "5")]
    for point, given, row in zip(sweep.points, spec["points"], index_rows(folder)):
        assert point.id == given["id"] and point.name == given["folder"] == row["folder"]
        assert point.values == given["overrides"]
        assert point.values == {k: row[k] for k in point.values}
        assert point.status == row["status"] == "finished"
        assert point.run.folder == folder / point.name and len(point.run.repeats) == 2
        assert point.run.best_score == float(row["best"])
        assert point.run.config["seed"] == int(point.values["seed"])
    with pytest.raises(ValueError, match="'nope' is not a swept key") as e:
        sweep.table(by="seed,nope")
    assert not isinstance(e.value, mazesearch.RunFolderError)


def test_points_not_run_and_interrupted(tmp_path):
    # --point 1 runs one point alone: the others are pending, without a run.
    folder = make_sweep(tmp_path / "sweep", "--point", "1")
    sweep = mazesearch.open_sweep(folder)
    assert [p.status for p in sweep.points] == ["pending", "finished", "pending", "pending"]
    assert [p.run is None for p in sweep.points] == [True, False, True, True]
    assert not sweep.finished
    assert sweep.table() == summarize_json(folder)
    # A sweep stopped while its first point runs: that point is interrupted, the next pending.
    folder = tmp_path / "stopped"
    status = start_and_stop(
        ["sweep", PAPER, "budget.evaluations=1000000000", "repeats=1", "threads=1", "seed=1,2",
         f"output={folder}", "--jobs", "1", "-q"],
        rows_written(folder / "point-000" / "logbook.csv", 2))
    assert status == 130
    sweep = mazesearch.open_sweep(folder)
    assert [p.status for p in sweep.points] == ["interrupted", "pending"]
    assert sweep.points[0].run.status == "interrupted" and sweep.points[0].run.summary is None
    assert sweep.points[1].run is None and not sweep.finished
    assert sweep.table() == summarize_json(folder)


@pytest.mark.parametrize("file, change, message", [
    ("sweep.json", lambda t: t[:-3], "{f}/sweep.json: not valid JSON"),
    ("sweep.json", lambda t: t.replace('"seed": "2"', '"seed": "3"', 1),
     "{f}/sweep.json: not a sweep spec: its points are not the combinations of its axes"),
])
def test_sweep_files_that_are_not_what_they_should_be(tmp_path, finished_sweep, file, change,
                                                      message):
    folder = tmp_path / "sweep"
    shutil.copytree(finished_sweep, folder)
    (folder / file).write_text(change((folder / file).read_text()))
    with pytest.raises(mazesearch.RunFolderError) as e:
        mazesearch.open_sweep(folder)
    assert str(e.value).startswith(message.format(f=folder)), str(e.value)


@pytest.mark.parametrize("change", [
    lambda t: t.replace("2,point-002", "2,point-009"),
    lambda t: t.replace(",finished,", ",pending,"),
    lambda t: t[:-1],
    lambda t: "",
])
def test_the_points_are_read_from_their_folders_not_the_index(tmp_path, finished_sweep, change):
    """A point's status is its folder's, as summarize and serve read it: index.csv (the sweep's
    table for people) is read by no one, so a damaged one changes nothing."""
    folder = tmp_path / "sweep"
    shutil.copytree(finished_sweep, folder)
    index = folder / "index.csv"
    index.write_text(change(index.read_text()))
    sweep = mazesearch.open_sweep(folder)
    assert [p.status for p in sweep.points] == ["finished"] * 4 and sweep.finished
    (folder / "point-001" / "status").write_text("failed\n")
    assert [p.status for p in mazesearch.open_sweep(folder).points] == \
        ["finished", "failed", "finished", "finished"]


def test_a_sweep_before_its_index(tmp_path, finished_sweep):
    """Before the sweep writes index.csv (no point has ended yet) a point's status is its
    run's, pending without one."""
    folder = tmp_path / "sweep"
    shutil.copytree(finished_sweep, folder)
    (folder / "index.csv").unlink()
    shutil.rmtree(folder / "point-003")
    sweep = mazesearch.open_sweep(folder)
    assert [p.status for p in sweep.points] == ["finished"] * 3 + ["pending"]
    assert sweep.points[3].run is None and not sweep.finished
    assert repr(sweep) == f"Sweep({str(folder)!r}, points=4, finished=3)"
    assert repr(sweep.points[3]) == \
        "Point('point-003', {'seed': '2', 'optimizer.t_start': '5'}, status='pending')"


def test_a_sweep_table_of_a_bad_point(tmp_path, finished_sweep):
    folder = tmp_path / "sweep"
    shutil.copytree(finished_sweep, folder)
    summary = folder / "point-002" / "summary.json"
    sweep = mazesearch.open_sweep(folder)
    summary.write_text(summary.read_text()[:40])
    with pytest.raises(mazesearch.RunFolderError, match=f"^{summary}: not valid JSON"):
        sweep.table()
    with pytest.raises(mazesearch.RunFolderError, match=f"^{summary}: not valid JSON"):
        sweep.points[2].run
    # Opened again, the point's status cannot be read either, as summarize says.
    with pytest.raises(mazesearch.RunFolderError, match=f"^{summary}: not valid JSON"):
        mazesearch.open_sweep(folder)
    said = command_error("summarize", str(folder))
    assert f"{summary}: not valid JSON" in said


def test_a_real_run_of_repeats_stopped_in_the_third():
    """A real run of three repeats, stopped by Ctrl-C in the third (tests/fixtures/runs/
    annealing-6x6, made by `mazesearch run configs/paper/annealing.yaml repeats=3 threads=1
    budget.evaluations=2000000 logbook_every=200` and a SIGINT): each repeat's score is its
    summary's, else its checkpoint's, and the board in its best.txt walks to it."""
    folder = SOURCE_DIR / "tests" / "fixtures" / "runs" / "annealing-6x6"
    run = mazesearch.open_run(folder)
    assert run.status == "interrupted"
    assert [(r.folder / "summary.json").exists() for r in run.repeats] == [True, True, False]
    assert run.status == (folder / "status").read_text().strip()
    assert len(run.repeats) == len(list(folder.glob("repeat-*")))
    for r in run.repeats:
        if (r.folder / "summary.json").exists():
            said = json.loads((r.folder / "summary.json").read_text())["best_score"]
        else:
            said = json.loads((r.folder / "checkpoint.json").read_text())["evaluator"]["best_score"]
        assert r.best_score == said == mazesearch.walk(r.best).moves
        assert r.logbook["best"][-1] == r.best_score
    assert run.best_score == max(r.best_score for r in run.repeats)


# Checkpoints every hundredth of a second: the archive is rewritten many times as it grows.
MAP_ELITES = ("name: qd\nseed: 4\nthreads: 1\ntarget: {kind: mouse-maze, rows: 8, cols: 8}\n"
              "optimizer: {kind: map-elites, batch: 16, random_boards: 64, report_every: 100}\n"
              "budget: {evaluations: 60000}\ncheckpoint_seconds: 0.01\n")


def test_a_map_elites_runs_archive_is_numpy_arrays_and_its_boards_seed_other_runs(tmp_path):
    config = tmp_path / "qd.yaml"
    config.write_text(MAP_ELITES)
    command("run", config, f"output={tmp_path / 'qd'}", "-q")
    run = mazesearch.open_run(tmp_path / "qd")
    elites = run.elites
    assert list(elites) == ["cell", "hot-row", "hot-col", "value", "board"]
    assert elites["cell"].dtype == np.int64 and elites["value"].dtype == np.float64
    assert len(elites["board"]) == run.summary["measures"]["elites"] > 20
    assert elites["value"].sum() == run.summary["measures"]["qd_score"]
    assert list(elites["cell"]) == sorted(set(elites["cell"]))
    # Each board walks as its cell says: its moves are its value, its most-visited cell (the
    # first in row-major order) its descriptors, and the cell is row + 8 x column.
    for cell, row, col, value, board in zip(*elites.values()):
        w = mazesearch.walk(board)
        assert w.moves == value
        assert w.most_visited[0] == (row, col)
        assert cell == row + 8 * col
    assert run.best_score == elites["value"].max()
    # An elite's board file seeds another run: annealing from it scores it first.
    k = int(np.argmin(elites["value"]))
    cell_file = tmp_path / "qd" / "elites" / f"cell-{elites['cell'][k]:06d}.txt"
    command("run", SOURCE_DIR / "configs" / "paper" / "annealing.yaml", f"initial={cell_file}",
            "target.rows=8", "target.cols=8", "budget.evaluations=1", f"output={tmp_path / 'a'}",
            "-q")
    assert mazesearch.open_run(tmp_path / "a").best_score == elites["value"][k]
    # A run without an archive has none; a broken index is refused, naming the line.
    assert make_run(tmp_path / "plain", PAPER) and mazesearch.open_run(tmp_path / "plain").elites is None
    index = tmp_path / "qd" / "elites" / "index.csv"
    lines = index.read_text().splitlines()
    index.write_text("\n".join(lines[:3] + [lines[3].rsplit(",", 2)[0]] + lines[4:]) + "\n")
    with pytest.raises(mazesearch.RunFolderError, match=r"index.csv: line 4: expected 5 fields"):
        mazesearch.open_run(tmp_path / "qd").elites
