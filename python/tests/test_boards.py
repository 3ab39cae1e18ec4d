"""Boards through Python: NumPy arrays and text forms both ways, files, and the command's errors."""

import pickle

import numpy as np
import pytest

import mazesearch
from conftest import BOARDS_DIR, command_error

# Bad board files, each with the line the engine blames (0: none).
BAD_FILES = {
    "unknown-character.txt": ("S..\n.x.\nE..\n", 2),
    "ragged.txt": ("S...\n..\nE...\n", 2),
    "no-exit.txt": ("S..\n...\n...\n", 0),
    "second-start.txt": ("S..\n.S.\nE..\n", 2),
    "too-wide.txt": ("S" + "." * 16 + "\n" + "E" + "." * 16 + "\n", 1),
    "blank-inside.txt": ("S..\n\nE..\n", 2),
    "bad-corner.txt": ("+ +-+\n|   |\n+-x +\n", 3),
    "passage-ragged.txt": ("+ +-+\n|   |\n+-+ \n", 3),
    "two-entrances.txt": ("+ + +\n|   |\n+-+ +\n", 1),
}


def test_load_tells_the_kinds(reference_boards):
    for path in reference_boards:
        board = mazesearch.load(path)
        expected = mazesearch.PassageBoard if path.name.startswith("passages") else mazesearch.Board
        assert type(board) is expected, path
        assert type(expected.load(str(path))) is expected
        assert expected.load(str(path)) == board


def test_cell_board_arrays_round_trip(reference_boards):
    for path in reference_boards:
        board = mazesearch.load(path)
        if not isinstance(board, mazesearch.Board):
            continue
        a = board.to_array()
        assert a.dtype == np.bool_ and a.shape == (board.rows, board.cols)
        assert mazesearch.Board.from_array(a, start=board.start, exit=board.exit) == board
        assert mazesearch.Board.from_text(board.to_text()) == board
        assert board.to_text() == path.read_text()


def test_passage_board_arrays_round_trip(reference_boards):
    for path in reference_boards:
        board = mazesearch.load(path)
        if not isinstance(board, mazesearch.PassageBoard):
            continue
        right, down = board.right_array(), board.down_array()
        assert right.shape == down.shape == (board.rows, board.cols)
        assert not right[:, -1].any() and not down[-1, :].any()
        again = mazesearch.PassageBoard.from_arrays(right, down, entrance=board.entrance,
                                                    exit=board.exit)
        assert again == board
        assert mazesearch.PassageBoard.from_text(board.to_text()) == board
        assert board.to_text() == path.read_text()


def test_from_array_defaults_and_dtypes():
    a = np.ones((4, 5), dtype=bool)
    a[1, 0] = False
    board = mazesearch.Board.from_array(a)
    assert (board.rows, board.cols, board.start, board.exit) == (4, 5, (0, 0), (3, 0))
    assert board.to_text() == "S....\n#....\n.....\nE....\n"
    for dtype in (np.uint8, np.int32, np.int64):
        assert mazesearch.Board.from_array(a.astype(dtype)) == board
    assert mazesearch.Board.from_array(a.tolist()) == board
    assert mazesearch.Board(4, 5).to_array().all()
    with pytest.raises(TypeError, match="bools or integers"):
        mazesearch.Board.from_array(a.astype(float))


def test_passage_arrays_ignore_the_outer_column_and_row():
    right = np.ones((3, 3), dtype=bool)
    down = np.ones((3, 3), dtype=bool)
    board = mazesearch.PassageBoard.from_arrays(right, down, entrance=1, exit=2)
    assert (board.rows, board.cols, board.entrance, board.exit) == (3, 3, 1, 2)
    assert board.right_array()[:, :2].all() and not board.right_array()[:, 2].any()
    assert board.down_array()[:2, :].all() and not board.down_array()[2, :].any()


def test_save_load_pickle_hash(tmp_path, reference_boards):
    for path in reference_boards:
        board = mazesearch.load(path)
        board.save(str(tmp_path / path.name))
        assert mazesearch.load(tmp_path / path.name) == board
        assert pickle.loads(pickle.dumps(board)) == board
        assert hash(board) == hash(mazesearch.load(path))
        assert eval(repr(board), {"mazesearch": mazesearch}) == board
    assert mazesearch.Board(3, 3) != mazesearch.Board(3, 4)
    assert mazesearch.Board(3, 3) != "S..\n...\nE..\n"


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files_say_what_the_command_says(tmp_path, name):
    text, line = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(text)
    message = command_error("eval", path)
    with pytest.raises(mazesearch.BoardError) as caught:
        mazesearch.load(str(path))
    error = caught.value
    assert str(error) == message
    assert error.line == line
    assert error.source == str(path)
    assert isinstance(error, ValueError)
    # The same text given as a string names its source.
    with pytest.raises(mazesearch.BoardError) as from_text:
        cls = mazesearch.PassageBoard if text.startswith("+") else mazesearch.Board
        cls.from_text(text, source="here")
    assert from_text.value.line == line
    assert str(from_text.value) == message.replace(str(path), "here", 1)


def test_files_of_other_kinds_and_missing_files(tmp_path):
    graph = tmp_path / "g.json"
    graph.write_text('{"vertices": 2, "edges": [[0, 1]], "start": 0, "exit": 1}\n')
    assert isinstance(mazesearch.load(str(graph)), mazesearch.Graph)
    with pytest.raises(mazesearch.BoardError, match=r"g\.json: a graph file \(it starts with '\{'\)"
                       r"; Board\.load takes cell boards"):
        mazesearch.Board.load(str(graph))
    with pytest.raises(mazesearch.BoardError, match="a passage board .*Board.load takes cell"):
        mazesearch.Board.load(str(BOARDS_DIR / "passages-5x5-283.txt"))
    with pytest.raises(FileNotFoundError):
        mazesearch.load(str(tmp_path / "missing.txt"))
    # load takes what eval takes, and says so as eval does.
    with pytest.raises(mazesearch.BoardError) as folder:
        mazesearch.load(tmp_path)
    assert str(folder.value) == f"{tmp_path}: is a directory; expected a board file or a graph file"
    assert str(folder.value) == command_error("eval", tmp_path)


def test_bad_arrays():
    with pytest.raises(ValueError, match="2-D array"):
        mazesearch.Board.from_array(np.ones((2, 3, 3), dtype=bool))
    with pytest.raises(ValueError, match="outside 1x1..16x16"):
        mazesearch.Board.from_array(np.ones((17, 3), dtype=bool))
    with pytest.raises(mazesearch.BoardError, match="at least two cells"):
        mazesearch.Board.from_array(np.ones((1, 1), dtype=bool))
    blocked = np.ones((3, 3), dtype=bool)
    blocked[2, 0] = False
    with pytest.raises(mazesearch.BoardError, match=r"the exit \(2, 0\) is blocked"):
        mazesearch.Board.from_array(blocked)
    with pytest.raises(ValueError, match=r"exit \(3, 0\) is outside the board"):
        mazesearch.Board.from_array(np.ones((3, 3), dtype=bool), exit=(3, 0))
    with pytest.raises(TypeError, match="a cell"):
        mazesearch.Board.from_array(np.ones((3, 3), dtype=bool), start=(0,))
    with pytest.raises(ValueError, match="right has the shape"):
        mazesearch.PassageBoard.from_arrays(np.ones((3, 3), bool), np.ones((3, 4), bool))
    with pytest.raises(ValueError, match="exit 3: expected 0 to 2"):
        mazesearch.PassageBoard.from_arrays(np.ones((3, 3), int), np.ones((3, 3), int), exit=3)


def test_the_board_classes_are_the_engines_models():
    # One class per board model the engine registers (models/board_models.def), in its order,
    # each exported by the package.
    assert mazesearch.BOARD_CLASSES == ("Board", "PassageBoard", "Graph", "HexBoard")
    for name in mazesearch.BOARD_CLASSES:
        assert name in mazesearch.__all__
        assert isinstance(getattr(mazesearch, name), type)
