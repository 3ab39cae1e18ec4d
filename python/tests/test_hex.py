"""mazesearch.HexBoard: the hexagonal boards (docs/rules.md, "Hexagonal boards") from arrays and
text, walked and scored as the command walks them."""

import subprocess

import numpy as np
import pytest

import mazesearch
from conftest import MAZESEARCH_BIN, SOURCE_DIR

OPEN_3X3 = SOURCE_DIR / "configs" / "hex" / "open-3x3.txt"


def test_the_open_3x3_board_walks_11_moves_from_an_array_a_file_and_its_text():
    from_array = mazesearch.HexBoard.from_array(np.ones((3, 3), dtype=bool))
    assert from_array == mazesearch.HexBoard(3, 3)
    assert from_array == mazesearch.load(OPEN_3X3)
    assert from_array == mazesearch.HexBoard.from_text(OPEN_3X3.read_text())
    w = mazesearch.walk(from_array)
    assert (w.feasible, w.moves, w.convention) == (True, 11, "paper")
    assert w.visits.shape == (3, 3)
    assert w.visits.sum() == 11
    assert from_array.to_text() == "hex\nS . .\n . . .\nE . .\n"


def test_the_path_is_the_walk_place_by_place():
    rng = np.random.default_rng(4)
    for _ in range(20):
        cells = rng.random((6, 7)) < 0.7
        cells[0, 0] = cells[5, 0] = True
        board = mazesearch.HexBoard.from_array(cells)
        w = mazesearch.walk(board)
        if not w.feasible:
            with pytest.raises(ValueError, match="infeasible"):
                mazesearch.path(board)
            continue
        p = mazesearch.path(board)
        assert len(p) == w.moves + 1
        assert p[0] == 0 and p[-1] == 5 * 7
        counts = np.bincount(p[:-1], minlength=6 * 7).reshape(6, 7)
        assert (counts == w.visits).all()


def test_score_batch_of_hex_boards_is_each_boards_walk_and_the_commands():
    rng = np.random.default_rng(47)
    boards = rng.random((300, 5, 6)) < 0.65
    scores = mazesearch.score_batch(boards, model="hex", threads=2)
    for array, score in zip(boards, scores):
        board = mazesearch.HexBoard.from_array(
            np.where(np.arange(30).reshape(5, 6) % 24 == 0, True, array))
        w = mazesearch.walk(board)
        assert score == (w.moves if w.feasible else -1)
    # The same boards as square cells score otherwise: the model is not ignored.
    assert (mazesearch.score_batch(boards, threads=2) != scores).any()
    with pytest.raises(ValueError, match="model 'squares'"):
        mazesearch.score_batch(boards, model="squares")


def test_its_picture_and_file_are_the_commands(tmp_path):
    board = mazesearch.HexBoard.from_array(np.ones((4, 5), dtype=bool))
    path = tmp_path / "h.txt"
    board.save(path)
    out = subprocess.run([str(MAZESEARCH_BIN), "eval", "--json", str(path)], capture_output=True,
                         text=True, check=True)
    assert f'"moves":{mazesearch.walk(board).moves},' in out.stdout
    assert board.svg().count("<polygon") == 20 + 2
    with pytest.raises(mazesearch.BoardError, match="row 1 is odd and must begin with one space"):
        mazesearch.HexBoard.from_text("hex\nS .\nE .\n")


def test_enumerate_hex_is_the_commands():
    j = mazesearch.enumerate(3, 3, model="hex")
    assert (j["model"], j["optimum"], j["feasible"]) == ("hex", 11, 73)
    assert j["boards"] == [mazesearch.HexBoard(3, 3).to_text()]
