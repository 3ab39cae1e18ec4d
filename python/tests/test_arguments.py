"""Numbers given to the module from outside: each checked against its own range as the integer
given, so that one that does not fit a C++ int is an error naming the argument and its value,
never wrapped (2**40 became 0), cut (0.7 became vertex 0) or cast (True became 1)."""

import numpy as np
import pytest

import mazesearch
from conftest import BOARDS_DIR, SOURCE_DIR

HUGE = 2**40  # wraps to 0 in a 32-bit int
HUGER = 2**70  # past any C++ integer


@pytest.fixture(scope="module")
def board():
    return mazesearch.load(str(BOARDS_DIR / "figure1-13x13.txt"))


def test_cells_off_the_board_are_named_as_given():
    for start in [(HUGE, 0), (0, HUGE + 1), (HUGER, 0), (-1, 0), (3, 0)]:
        with pytest.raises(ValueError, match=rf"start \({start[0]}, {start[1]}\) is outside the "
                                             r"board: expected \(r, c\) with 0 <= r < 3 and "
                                             r"0 <= c < 3"):
            mazesearch.Board(3, 3, start=start)
        with pytest.raises(ValueError, match=rf"start \({start[0]}, {start[1]}\) is outside"):
            mazesearch.Board.from_array(np.ones((3, 3), bool), start=start)
        with pytest.raises(ValueError, match=rf"start \({start[0]}, {start[1]}\) is outside"):
            mazesearch.score_batch(np.ones((2, 3, 3), bool), start=start)
    for cell in [(True, 1), (1.0, 1), ("1", 1), (1,), 5]:
        with pytest.raises(TypeError, match="exit: expected a cell"):
            mazesearch.Board(3, 3, exit=cell)
    # NumPy's integers are integers.
    assert mazesearch.Board(3, 3, start=(np.int64(1), np.uint8(2))).start == (1, 2)


def test_sizes_and_columns_are_checked_before_they_become_ints():
    with pytest.raises(ValueError, match=f"Board: rows {HUGE}: expected 1 to 16"):
        mazesearch.Board(HUGE, 3)
    with pytest.raises(ValueError, match=f"Board: cols {HUGER}: expected 1 to 16"):
        mazesearch.Board(3, HUGER)
    with pytest.raises(TypeError, match="Board: rows: expected an int, got 3.0"):
        mazesearch.Board(3.0, 3)
    with pytest.raises(TypeError, match="Board: rows: expected an int, got True"):
        mazesearch.Board(True, 3)
    ones = np.ones((3, 3), int)
    with pytest.raises(ValueError, match=f"entrance {HUGE}: expected 0 to 2"):
        mazesearch.PassageBoard.from_arrays(ones, ones, entrance=HUGE)
    with pytest.raises(ValueError, match=f"exit {-HUGER}: expected 0 to 2"):
        mazesearch.PassageBoard.from_arrays(ones, ones, exit=-HUGER)


def test_counts_and_limits(board):
    with pytest.raises(ValueError, match=f"walk: kmod {HUGE + 2}: expected 0 to 1000000"):
        mazesearch.walk(board, kmod=HUGE + 2)
    with pytest.raises(ValueError, match="walk: kmod 1: expected 0"):
        mazesearch.walk(board, kmod=1)
    assert mazesearch.walk(board, kmod=np.int32(3)).kmod == 3
    with pytest.raises(ValueError, match=f"path: limit {HUGER}: expected 1 to 1000000000"):
        mazesearch.path(board, limit=HUGER)
    with pytest.raises(ValueError, match=f"svg: cell_pixels {HUGE + 32}: expected 4 to 256"):
        board.svg(cell_pixels=HUGE + 32)
    with pytest.raises(ValueError, match=f"svg: cell_pixels {HUGE + 32}: expected 4 to 256"):
        mazesearch.walk(board).svg(cell_pixels=HUGE + 32)
    with pytest.raises(ValueError, match=f"enumerate: rows {HUGE + 3}: expected 1 to 16"):
        mazesearch.enumerate(HUGE + 3, 3)
    with pytest.raises(ValueError, match="enumerate: cap -1: expected 0 to 100000"):
        mazesearch.enumerate(2, 2, cap=-1)
    with pytest.raises(ValueError, match=f"enumerate: cap {HUGER}: expected 0 to 100000"):
        mazesearch.enumerate(2, 2, cap=HUGER)
    with pytest.raises(ValueError, match=rf"shard \({HUGE}, 2\): i {HUGE}: expected 0 to 1"):
        mazesearch.enumerate(2, 2, shard=(HUGE, 2))
    with pytest.raises(ValueError, match=rf"shard \(0, {HUGE}\): n {HUGE}: expected 1 to "
                                         r"999999999"):
        mazesearch.enumerate(2, 2, shard=(0, HUGE))


# score_batch(..., threads=100000) crashed in TBB's teardown and threads=10**7 ran out of memory
# after seconds: thread counts follow the one rule (0: every core, 1 to 1024), checked first.
@pytest.mark.parametrize("threads", [1025, 100_000, 10**7, -1, HUGE, HUGER])
def test_thread_counts_follow_the_one_rule(threads, tmp_path):
    boards = np.ones((2, 5, 5), bool)
    want = f"threads {threads}: expected 0 \\(every core\\) or 1 to 1024 threads"
    with pytest.raises(ValueError, match="score_batch: " + want):
        mazesearch.score_batch(boards, threads=threads)
    with pytest.raises(ValueError, match="enumerate: " + want):
        mazesearch.enumerate(2, 2, threads=threads)
    with pytest.raises(ValueError, match=f"threads: expected 0 \\(every core\\) or 1 to 1024 "
                                         f"threads, got {threads}"):
        mazesearch.run(SOURCE_DIR / "configs/quickstart.yaml", threads=threads,
                       output=tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_the_most_threads_the_rule_allows_score_a_batch_as_one_does():
    rng = np.random.default_rng(5)
    boards = rng.random((600, 7, 7)) < 0.7
    assert (mazesearch.score_batch(boards, threads=1024) ==
            mazesearch.score_batch(boards, threads=1)).all()


def test_graph_arrays_are_integers_as_given():
    # A float array of vertex indices was cut to whole numbers: [[0.7, 1.2]] joined 0 and 1.
    with pytest.raises(TypeError, match="edges: expected integers, got an array of dtype float64"):
        mazesearch.Graph.from_arrays(np.array([[0.7, 1.2], [1.9, 2.1]]), 0, 2)
    with pytest.raises(TypeError, match="edges: expected integers, got an array of dtype <U1"):
        mazesearch.Graph.from_arrays(np.array([["0", "1"]]), 0, 1)
    # 2**64 - 1 was read as vertex -1.
    with pytest.raises(ValueError, match="edges: vertex 18446744073709551615; expected an index "
                                         "from 0 to 999999"):
        mazesearch.Graph.from_arrays(np.array([[0, 2**64 - 1]], dtype=np.uint64), 0, 1)
    with pytest.raises(ValueError, match=f"vertices {HUGER}: expected 0 to 1000000"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1, vertices=HUGER)
    with pytest.raises(TypeError, match="vertices: expected an int, got 2.5"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1, vertices=2.5)
    with pytest.raises(ValueError, match=f"start: vertex {HUGER} of a graph of 2 vertices"):
        mazesearch.Graph.from_arrays([[0, 1]], HUGER, 1)
    with pytest.raises(ValueError, match="exit: vertex 18446744073709551615 of a graph of 2"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, np.uint64(2**64 - 1))
    with pytest.raises(TypeError, match="start: expected a vertex index or id"):
        mazesearch.Graph.from_arrays([[0, 1]], True, 1)
    # Strings and complex numbers were read as positions.
    for pos, dtype in [(np.array([["1.5", "2"], ["3", "4"]]), "<U3"),
                       (np.array([[1 + 2j, 2], [3, 4]]), "complex128")]:
        with pytest.raises(TypeError, match=f"pos: expected numbers, got an array of dtype "
                                            f"{dtype}"):
            mazesearch.Graph.from_arrays([[0, 1]], 0, 1, pos=pos)
    # Lists past the last vertex were dropped without a word.
    with pytest.raises(ValueError, match="preferences: 3 lists for 2 vertices"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1, preferences=[[1], [0], [5, 7]])
    with pytest.raises(ValueError, match=f"preferences\\[1\\]: vertex {HUGER} of a graph of 3"):
        mazesearch.Graph.from_arrays([[0, 1], [1, 2]], 0, 2,
                                     preferences=[[1], [HUGER, 0], [1]])
    # What is right is still taken: integer arrays of any width, positions of ints.
    g = mazesearch.Graph.from_arrays(np.array([[0, 1], [1, 2]], dtype=np.uint8), 0, 2,
                                     pos=np.array([[0, 0], [1, 0], [2, 0]]))
    assert g.edges.tolist() == [[0, 1], [1, 2]] and g.pos.tolist()[2] == [2.0, 0.0]


# JSON has no infinity: an infinite coordinate was written as null and refused as "expected
# numbers, found null", and so was NaN; an integer coordinate was named as its double
# (4.611686018427388e+18 for 2**62), and a long double past any double became infinite too.
def test_graph_positions_are_named_as_given():
    def from_pos(pos):
        return mazesearch.Graph.from_arrays([[0, 1]], 0, 1, pos=pos)
    for pos, said in [
        ([[0, 1], [2, np.inf]], "pos[1][1]: an infinite coordinate (inf); expected finite numbers"),
        ([[-np.inf, 1], [2, 3]], "pos[0][0]: an infinite coordinate (-inf)"),
        ([[0, 1, 2], [2, 3, np.nan]], "pos[1][2]: a coordinate that is not a number (nan)"),
        (np.array([[0, 1], [np.float32("inf"), 3]], dtype=np.float32),
         "pos[1][0]: an infinite coordinate (inf)"),
        (np.array([[0, np.longdouble("1e400")], [2, 3]]),
         "pos[0][1]: the coordinate 1e+400 is out of range; expected at most 1e9"),
        (np.array([[0, 1], [2**62, 3]]), "vertices[1].pos: the coordinate 4611686018427387904 is "
                                         "out of range; expected at most 1e9"),
        (np.array([[0, 1], [2**64 - 1, 3]], dtype=np.uint64),
         "vertices[1].pos: the coordinate 18446744073709551615 is out of range"),
        ([[0, 1], [2, 3, 4]], "pos: not an array"),
    ]:
        with pytest.raises(ValueError) as raised:
            from_pos(pos)
        assert said in str(raised.value), (pos, str(raised.value))
        assert "null" not in str(raised.value)
    # What is right is taken as it was: floats, ints, bools, the largest coordinate either way.
    assert from_pos([[0.5, -1e9], [True, 10**9]]).pos.tolist() == [[0.5, -1e9], [1.0, 1e9]]
    assert from_pos(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int8)).pos.tolist() == \
        [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]


# ids and preferences of the wrong kind said "Unable to cast Python instance to C++ type"
# (RuntimeError), or "'int' object is not iterable".
def test_graph_ids_and_preferences_of_the_wrong_kind_are_named():
    def graph(**given):
        return mazesearch.Graph.from_arrays([[0, 1]], 0, 1, **given)
    for given, error, said in [
        ({"ids": [1, 2]}, TypeError, "ids[0]: expected a string, got 1"),
        ({"ids": ["a", None]}, TypeError, "ids[1]: expected a string, got None"),
        ({"ids": "ab"}, TypeError, "ids: expected a list of strings, one a vertex, got 'ab'"),
        ({"ids": 5}, TypeError, "ids: expected a list of strings, one a vertex, got 5"),
        ({"ids": ["a", "b\udcff"]}, ValueError, "ids[1]: 'b\\udcff' is not UTF-8 text"),
        ({"preferences": 5}, TypeError, "preferences: expected one list of neighbour indices "
                                        "(or None) per vertex, got 5"),
        ({"preferences": [1, 0]}, TypeError, "preferences[0]: expected a list of neighbour "
                                             "indices or None, got 1"),
        ({"preferences": [[1], [0.5]]}, TypeError, "preferences[1]: expected a vertex index"),
    ]:
        with pytest.raises(error) as raised:
            graph(**given)
        assert "Graph.from_arrays: " + said in str(raised.value), (given, str(raised.value))
    g = graph(ids=("a", "b"), preferences=np.array([[1], [0]]))
    assert g.ids == ["a", "b"] and g.preferences == [[1], [0]]
    assert graph(ids=np.array(["x", "y"]), preferences=[None, ["x"]]).ids == ["x", "y"]
