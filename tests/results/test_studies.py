"""The studies' tables in results/ (one CSV per study, studies/records/study_csv.py): every
row's command is a run of a config in the repository from a seed, the rows agree with the pages
that quote them, and one short row run again here gives that row again, column for column.

Run by ctest (results_studies) with PYTHONPATH at the built package, MAZESEARCH_BIN at the
command and MAZESEARCH_SOURCE_DIR at the checkout."""
import csv
import json
import os
import pathlib
import re
import shlex
import statistics
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(os.environ.get("MAZESEARCH_SOURCE_DIR",
                                     pathlib.Path(__file__).resolve().parents[2]))
BIN = os.environ.get("MAZESEARCH_BIN", str(SOURCE / "build" / "mazesearch"))
STUDY_CSV = SOURCE / "studies" / "records" / "study_csv.py"
HEADER = ["run", "config", "seed", "repeat", "budget", "evaluations", "status", "best",
          "found_at", "command"]
STUDIES = sorted((SOURCE / "results").rglob("*.csv"))
STUDIES = [p for p in STUDIES if p.read_text().split("\n", 1)[0] == ",".join(HEADER)]
PAPER_TABLE = SOURCE / "results" / "paper" / "table-runs.csv"


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_the_studies_are_there():
    names = {p.relative_to(SOURCE / "results").as_posix() for p in STUDIES}
    assert {"paper/table-runs.csv", "records/long-13x13.csv", "records/runs-40m.csv"} <= names
    assert len(STUDIES) >= 14


@pytest.mark.parametrize("path", STUDIES, ids=lambda p: p.name)
def test_every_row_is_a_run_of_a_config_and_a_seed(path):
    rows = read(path)
    assert rows, path
    for row in rows:
        where = f"{path.name}: {row['run']}"
        words = shlex.split(row["command"])
        assert words[:3] == ["mazesearch", "run", row["config"]], where
        assert (SOURCE / row["config"]).is_file(), where
        assert f"seed={row['seed']}" in words and f"first_repeat={row['repeat']}" in words, where
        assert "repeats=1" in words, where
        output = [w for w in words if w.startswith("output=")]
        assert len(output) == 1 and output[0].startswith("output=runs/"), where
        assert output[0].endswith("/" + row["run"]), where
        budget, evals = int(row["budget"]), int(row["evaluations"])
        assert 0 < int(row["found_at"]) <= evals <= budget, where
        assert row["status"] in ("finished", "interrupted"), where
        assert row["status"] == "finished" or evals < budget, where  # a climb may end early


def test_the_commands_resolve_to_configs():
    """Each distinct command (but for its seed, repeat and output) resolves (--dry-run)."""
    seen = set()
    for path in STUDIES:
        for row in read(path):
            words = [w for w in shlex.split(row["command"])[2:]
                     if not w.startswith(("first_repeat=", "output="))]
            if any("runs/" in w for w in words) or tuple(words) in seen:
                continue  # the same as another, or reading a board an earlier row makes
            seen.add(tuple(words))
            done = subprocess.run([BIN, "run", *words, "--dry-run"], cwd=SOURCE,
                                  capture_output=True, text=True)
            assert done.returncode == 0, f"{path.name}: {' '.join(words)}: {done.stderr}"
    assert len(seen) >= 20


def table_rows(page):
    """The rows of a `mazesearch summarize` table in a Markdown page, by their label."""
    lines = [l for l in page.read_text().splitlines() if l.startswith("| configs/")]
    header = next(l for l in page.read_text().splitlines() if l.startswith("| config |"))
    names = [c.strip() for c in header.strip("|").split("|")]
    return {cells[0]: dict(zip(names, cells))
            for cells in ([c.strip() for c in l.strip("|").split("|")] for l in lines)}


def test_the_paper_table_is_its_runs():
    """results/paper/table.md's best, median and worst are those of the runs' rows."""
    rows = read(PAPER_TABLE)
    table = table_rows(SOURCE / "results" / "paper" / "table.md")
    assert len(table) == 10
    for config, line in table.items():
        best = [int(r["best"]) for r in rows if r["config"] == config]
        assert len(best) == int(line["runs"]) == 20, config
        assert int(line["best"]) == max(best), config
        assert float(line["median"]) == statistics.median(best), config
        assert int(line["worst"]) == min(best), config


def test_the_record_is_its_run():
    """The 13x13 record's page quotes the row of the run that found it."""
    row = next(r for r in read(SOURCE / "results" / "records" / "long-13x13.csv")
               if r["run"] == "pa32-400m-seed1")
    assert row["best"] == "92446" and row["status"] == "finished"
    page = (SOURCE / "results" / "records" / "13x13.md").read_text()
    assert f"{int(row['found_at']):,}" in page
    assert f"{int(row['budget']) // 1_000_000} M evaluations" in page


# The boards results/records names by what they hold: NAME-MOVES.txt (or 13x13/MOVES.txt), whose
# walk must be MOVES moves long, and *max-visits-VISITS.txt, whose most-visited cell must have
# VISITS visits; the region searches' maps (regions-13x13/) are not such names.
NAMED_BOARDS = sorted(p for p in (SOURCE / "results" / "records").rglob("*.txt")
                      if re.fullmatch(r"(?:.*-)?\d{3,}\.txt", p.name)
                      and "regions-13x13" not in p.parts)


def test_the_named_boards_hold_what_their_names_say():
    """Every board file named by its moves walks that many moves and the reference walk agrees
    (eval --check); the max-visits boards have their visits."""
    assert len(NAMED_BOARDS) >= 25
    for board in NAMED_BOARDS:
        where = board.relative_to(SOURCE).as_posix()
        number = int(re.search(r"(\d+)\.txt$", board.name).group(1))
        done = subprocess.run([BIN, "eval", "--check", where], cwd=SOURCE, capture_output=True,
                              text=True)
        assert done.returncode == 0, f"{where}: {done.stderr}"
        assert "reference walk: agrees" in done.stdout, where
        if "max-visits" in board.name:
            assert f"most visits: {number} at" in done.stdout, where
        else:
            assert f": {number} moves (" in done.stdout, where


def test_the_archive_reheat_table_is_its_rows():
    """map-elites.md's table of the archive's basins taken into population annealing: each
    column's seed board is the file its row's command starts from, its end that row's best."""
    rows = read(SOURCE / "results" / "records" / "archive-reheat-13x13.csv")
    assert len(rows) == 10
    page = (SOURCE / "results" / "records" / "map-elites.md").read_text().splitlines()
    cells = lambda start: [c.strip().strip("*").replace(",", "")
                           for c in next(l for l in page if l.startswith(start)).split("|")[2:-1]]
    seeds, ends = cells("| its best board |"), cells("| after 20 M of population annealing |")
    for r, row in enumerate(sorted(rows, key=lambda row: row["run"])):
        assert row["run"] == f"from-repeat-{r}-20000000/point-000" and row["status"] == "finished"
        seed = re.search(r"initial=(\S+)", row["command"]).group(1)
        assert seed.endswith(f"/repeat-{r}-{seeds[r]}.txt"), (seed, seeds[r])
        assert ends[r] == row["best"], (r, ends[r], row["best"])


def test_qd_archive_says_how_near_the_best_runs_elites_are(tmp_path):
    """qd_archive.py --near V: the fewest and most genes between the best run's best board and
    its other elites above V; another run's elites do not count."""
    def run(name, elites):
        folder = tmp_path / "sweep" / name
        folder.mkdir(parents=True)
        state = {"kind": "map-elites", "axes": [{"bins": 4}],
                 "elites": [{"genome": g, "value": v} for g, v in elites]}
        (folder / "checkpoint.json").write_text(json.dumps({"optimizer": state}))
    run("best", [("000000", 90000), ("000011", 85000), ("111110", 81000), ("111111", 10)])
    run("other", [("111111", 70000), ("000000", 60000)])
    done = subprocess.run([sys.executable, str(SOURCE / "studies/records/qd_archive.py"),
                           str(tmp_path / "sweep"), "--above", "80000", "--near", "80000"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    line = next(l for l in done.stdout.splitlines() if l.startswith("| sweep |"))
    assert line.rstrip(" |").endswith("| 2 to 5 (2 elites)"), line


def test_a_short_row_runs_again_to_the_same_row(tmp_path):
    """A row of the paper table (1 M evaluations) run again from its command, and its folder
    read by study_csv.py: the same row."""
    row = next(r for r in read(PAPER_TABLE)
               if r["config"] == "configs/paper/hill-climbing.yaml" and r["repeat"] == "3")
    words = shlex.split(row["command"])
    study = tmp_path / "paper-table"
    here = [w if not w.startswith("output=") else f"output={study}/{row['run']}" for w in words]
    done = subprocess.run([BIN, *here[1:], "-q", "threads=1"], cwd=SOURCE, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    made = subprocess.run([sys.executable, str(STUDY_CSV), str(study), "--as", "runs/paper-table",
                           "--check", "--mazesearch", BIN], cwd=SOURCE, capture_output=True,
                          text=True)
    assert made.returncode == 0, made.stderr
    again = list(csv.DictReader(made.stdout.splitlines()))
    assert again == [row]


def test_a_command_that_does_not_make_its_run_is_refused(tmp_path):
    """study_csv.py --check refuses a study whose run was made from another config than its
    command says (here: an override the run never had)."""
    study = tmp_path / "s"
    done = subprocess.run([BIN, "run", "configs/paper/hill-climbing.yaml", "-q",
                           "budget.evaluations=2000", "repeats=1", f"output={study}/a"], cwd=SOURCE,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    overrides = study / "a" / "overrides.txt"
    overrides.write_text(overrides.read_text().replace("budget.evaluations=2000",
                                                       "budget.evaluations=3000"))
    made = subprocess.run([sys.executable, str(STUDY_CSV), str(study), "--as", "runs/s",
                           "--check", "--mazesearch", BIN], cwd=SOURCE, capture_output=True,
                          text=True)
    assert made.returncode == 1
    assert re.search(r"a: its command resolves to another config", made.stderr), made.stderr


def test_the_40m_comparison_quoted_is_what_compare_rows_prints():
    """map-elites.md's 40 M comparison of the resampled chains (p values from the rows of two
    CSVs, studies/records/compare_rows.py) is what the script prints from the committed rows."""
    groups = ["results/records/map-annealing-13x13.csv:anneal-8-resampled-100-40000000",
              "results/records/runs-40m.csv:pa8-40000000",
              "results/records/runs-40m.csv:pa32-tend-40000000"]
    done = subprocess.run([sys.executable, str(SOURCE / "studies/records/compare_rows.py"),
                           *groups], cwd=SOURCE, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[2].startswith("| anneal-8-resampled-100-40000000 | 10 | 38948 | 31209 | 22784 |")
    assert lines[3].endswith("| 0.34 |") and lines[4].endswith("| 0.0058 |"), done.stdout
    page = (SOURCE / "results" / "records" / "map-elites.md").read_text()
    assert "30,861, p = 0.34)" in page and "(p = 0.006)" in page
    # The archive around the strongest population annealing, against it and the 8 chains above.
    strong = ["results/records/map-annealing-13x13.csv:anneal-32-tend-resampled-100-40000000",
              groups[2], groups[0]]
    done = subprocess.run([sys.executable, str(SOURCE / "studies/records/compare_rows.py"),
                           *strong], cwd=SOURCE, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[2].startswith("| anneal-32-tend-resampled-100-40000000 | 10 | 50168 | 41175 | 24480 |")
    assert lines[3].endswith("| 0.73 |") and lines[4].endswith("| 0.014 |"), done.stdout
    assert "39,785, Mann-Whitney p = 0.73)" in page and "(p = 0.014)" in page
    bad = subprocess.run([sys.executable, str(SOURCE / "studies/records/compare_rows.py"),
                          groups[0], "results/records/runs-40m.csv:no-such-sweep"], cwd=SOURCE,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "no row whose run starts with no-such-sweep/" in bad.stderr
