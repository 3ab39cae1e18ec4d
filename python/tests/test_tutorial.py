"""docs/python.md's tutorial ("Ten minutes with mazesearch") runs as it stands: every Python
block of it, one after the other in one namespace, in a scratch folder that holds the checkout's
configs/ and the command as build/mazesearch; then what its comments say is checked."""

import io
import os
import re
from contextlib import redirect_stdout

import pytest

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR


def tutorial_blocks():
    text = (SOURCE_DIR / "docs" / "python.md").read_text()
    start = text.index("## Ten minutes with mazesearch")
    end = text.index("\n## ", start + 1)
    return re.findall(r"```python\n(.*?)```", text[start:end], flags=re.S)


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    (tmp_path / "configs").symlink_to(SOURCE_DIR / "configs")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "mazesearch").symlink_to(MAZESEARCH_BIN)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_tutorial_runs_and_says_what_its_comments_say(scratch):
    blocks = tutorial_blocks()
    assert len(blocks) >= 9
    ns = {}
    out = io.StringIO()
    with redirect_stdout(out):
        for k, block in enumerate(blocks):
            exec(compile(block, f"docs/python.md, tutorial block {k + 1}", "exec"), ns)
    assert (ns["board"].rows, ns["board"].cols, ns["board"].start) == (13, 13, (0, 0))
    assert (ns["w"].moves, ns["w"].flash, ns["w"].most_visited) == (180, 182, ((1, 12), 2))
    assert (ns["r"]["optimum"], ns["r"]["optimal_boards"], ns["r"]["feasible"]) == \
        (52, 2, 1913846)
    assert ns["done"].status == "finished"
    assert ns["part"].status == "interrupted"
    assert ns["whole"].status == "finished" and ns["whole"].best_score == ns["done"].best_score
    assert (scratch / "runs" / "tutorial-pa" / "convergence.png").stat().st_size > 10_000
    assert ns["sweep"].finished and len(ns["sweep"].points) == 6
    found = ns["found"]
    best = found.best.to_array()[None]
    assert found.best_score == pytest.approx(ns["long_and_open"](best)[0])
    assert "interrupted" in out.getvalue() and "finished True" in out.getvalue()
