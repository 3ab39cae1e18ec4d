"""Walks through Python against `mazesearch eval --json`: every reference number the same."""

import numpy as np
import pytest

import mazesearch
from conftest import command_json

# A board on which a 2-mod mouse is trapped (`mazesearch solve kmod-trap --k 2`).
TRAP_2MOD = "S.##\n#.##\nE...\n"


def check_against_eval(w, expected):
    """A Walk says what eval's JSON object `expected` says."""
    assert w.feasible == expected["feasible"]
    assert w.moves == expected["moves"]
    assert w.convention == expected["convention"]
    assert w.flash == expected.get("flash")
    if expected["moves"] is None:
        assert w.most_visited is None
    else:
        assert w.most_visited == (tuple(expected["most_visited"]), expected["max_visits"])
    if "visits" in expected:
        assert w.visits.dtype == np.int64
        assert w.visits.tolist() == expected["visits"]
    if "kmod" in expected:
        assert w.kmod == expected["kmod"]
        assert w.trapped == expected["trapped"]
        assert w.moves_before_trap == expected.get("moves_before_trap")
    if "theorem8_bound" in expected:
        assert w.theorem8_bound == expected["theorem8_bound"]


def test_every_reference_board_walks_as_eval_says(reference_boards):
    expected = command_json("eval", "--json", "--visits", *reference_boards)
    assert len(expected) == len(reference_boards)
    for path, e in zip(reference_boards, expected):
        check_against_eval(mazesearch.walk(mazesearch.load(path)), e)


def test_reference_numbers(reference_boards):
    walks = {path.name: mazesearch.walk(mazesearch.load(path)) for path in reference_boards}
    moves = {name: w.moves for name, w in walks.items()}
    assert moves["figure1-13x13.txt"] == 180
    assert walks["figure1-13x13.txt"].flash == 182
    assert walks["figure1-13x13.txt"].most_visited == ((1, 12), 2)
    assert moves["blank-13x13.txt"] == 12
    assert moves["optimum-5x5.txt"] == 52
    assert moves["optimum-6x6.txt"] == 115
    assert moves["passages-optimum-4x4.txt"] == 86
    assert moves["passages-5x5-283.txt"] == 283
    assert moves["passages-6x6-1393.txt"] == 1393


@pytest.mark.parametrize("kmod", [2, 3, 5])
def test_kmod_walks_as_eval_says(tmp_path, reference_boards, kmod):
    trap = tmp_path / "trap.txt"
    trap.write_text(TRAP_2MOD)
    files = [trap, *reference_boards]
    expected = command_json("eval", "--json", "--visits", "--kmod", kmod, *files)
    for path, e in zip(files, expected):
        check_against_eval(mazesearch.walk(mazesearch.load(path), kmod=kmod), e)
    if kmod == 2:
        w = mazesearch.walk(mazesearch.Board.from_text(TRAP_2MOD), kmod=2)
        assert w.trapped and w.moves is None and w.moves_before_trap > 0


def test_infeasible_boards(tmp_path):
    cells = mazesearch.Board.from_text("S#.\n##.\nE..\n")
    walls = np.zeros((2, 2), dtype=bool)
    passages = mazesearch.PassageBoard.from_arrays(walls, walls)
    for board, name in ((cells, "cells.txt"), (passages, "passages.txt")):
        board.save(str(tmp_path / name))
        w = mazesearch.walk(board)
        check_against_eval(w, command_json("eval", "--json", tmp_path / name))
        assert not w.feasible and w.moves is None and w.visits is None


def test_random_boards_walk_as_eval_says(tmp_path):
    rng = np.random.default_rng(7)
    files = []
    for i in range(40):
        a = rng.random((int(rng.integers(2, 9)), int(rng.integers(2, 9)))) < 0.75
        a[0, 0] = a[-1, 0] = True
        path = tmp_path / f"b{i}.txt"
        mazesearch.Board.from_array(a).save(str(path))
        files.append(path)
    expected = command_json("eval", "--json", "--visits", *files)
    for path, e in zip(files, expected):
        check_against_eval(mazesearch.walk(mazesearch.load(path)), e)


def test_bad_kmod():
    board = mazesearch.Board(3, 3)
    for kmod in (1, -2, 1000001):
        with pytest.raises(ValueError, match="kmod"):
            mazesearch.walk(board, kmod=kmod)
    with pytest.raises(TypeError):
        mazesearch.walk("S..\n...\nE..\n")
