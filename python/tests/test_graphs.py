"""mazesearch.Graph: graph files from and to arrays and text, walked and drawn as the command does.

Every number is held to `mazesearch eval --json --visits` on the same file, every error message to
the command's, and the picture to `mazesearch render`'s bytes.
"""

import numpy as np
import pytest

import mazesearch
from conftest import BOARDS_DIR, SOURCE_DIR, command, command_error, command_json

GRAPHS = sorted((SOURCE_DIR / "configs" / "graphs").glob("*.json"))


@pytest.mark.parametrize("path", GRAPHS, ids=[p.stem for p in GRAPHS])
def test_every_example_graph_walks_as_eval_walks_it(path):
    g = mazesearch.load(path)
    assert isinstance(g, mazesearch.Graph)
    said = command_json("eval", path, "--json", "--visits")
    w = mazesearch.walk(g)
    assert g.vertices == said["vertices"] and len(g.edges) == said["edges"]
    assert w.feasible == said["feasible"] and w.moves == said["moves"]
    assert w.most_visited == (said["most_visited"], said["max_visits"])
    assert w.theorem8_bound == said["theorem8_bound"]
    assert {g.ids[v]: int(n) for v, n in enumerate(w.visits)} == said["visits"]
    for k in (2, 3):
        kmod = command_json("eval", path, "--json", "--kmod", k)
        wk = mazesearch.walk(g, kmod=k)
        assert wk.trapped == kmod.get("trapped", False)
        assert wk.moves == kmod.get("moves")


@pytest.mark.parametrize("path", GRAPHS, ids=[p.stem for p in GRAPHS])
def test_text_and_arrays_give_the_graph_back(path, tmp_path):
    g = mazesearch.Graph.load(path)
    assert mazesearch.Graph.from_text(g.to_text()) == g
    g.save(tmp_path / "g.json")
    assert mazesearch.load(tmp_path / "g.json") == g
    again = mazesearch.Graph.from_arrays(g.edges, g.start, g.exit, vertices=g.vertices,
                                         ids=g.ids, pos=g.pos, preferences=g.preferences,
                                         description=g.description)
    assert again == g
    assert mazesearch.walk(again).moves == mazesearch.walk(g).moves
    assert g.edges.dtype == np.int64 and g.edges.shape == (len(g.edges), 2)
    # Each vertex prefers exactly its neighbours.
    for v, order in enumerate(g.preferences):
        ends = {int(b) for a, b in g.edges if a == v} | {int(a) for a, b in g.edges if b == v}
        assert sorted(order) == sorted(ends)


def test_a_board_as_a_graph_is_walked_as_the_board():
    for path in sorted(BOARDS_DIR.glob("*.txt")):
        board = mazesearch.load(path)
        if not isinstance(board, mazesearch.Board):
            continue
        as_graph = mazesearch.Graph.from_board(board)
        assert mazesearch.walk(as_graph).moves == mazesearch.walk(board).moves, path


def test_arrays_default_ids_and_the_edges_order():
    g = mazesearch.Graph.from_arrays(np.array([[0, 1], [1, 2], [0, 2], [2, 3]]), start=0, exit=3)
    assert g.ids == ["0", "1", "2", "3"] and g.pos is None
    assert g.preferences == [[1, 2], [0, 2], [1, 0, 3], [2]]  # the order of the edges list
    named = mazesearch.Graph.from_arrays([[0, 1], [1, 2]], start="a", exit="c",
                                         ids=["a", "b", "c"])
    assert (named.start, named.exit) == (0, 2)
    assert mazesearch.walk(named).moves == 2


@pytest.mark.parametrize("text,edges,kwargs", [
    ('{"vertices": 3, "edges": [[0, 1], [1, 1]], "start": 0, "exit": 2}', [[0, 1], [1, 1]], {}),
    ('{"vertices": 3, "edges": [[0, 1], [1, 0]], "start": 0, "exit": 2}', [[0, 1], [1, 0]], {}),
    ('{"vertices": 3, "edges": [[0, 1], [1, 2]], "preferences": {"1": ["0"]}, "start": 0, '
     '"exit": 2}', [[0, 1], [1, 2]], {"preferences": [None, [0], None]}),
    ('{"vertices": 3, "edges": [[0, 1], [1, 2]], "start": 1, "exit": 1}', [[0, 1], [1, 2]],
     {"start": 1, "exit": 1}),
])
def test_bad_graphs_are_said_as_the_command_says_them(tmp_path, text, edges, kwargs):
    path = tmp_path / "bad.json"
    path.write_text(text + "\n")
    said = command_error("eval", path)
    with pytest.raises(mazesearch.BoardError) as loaded:
        mazesearch.load(path)
    assert str(loaded.value) == said
    assert loaded.value.source == str(path) and loaded.value.line == 1
    # From arrays: the same words about the same item, with "<arrays>" and no line.
    start, exit = kwargs.pop("start", 0), kwargs.pop("exit", 2)
    with pytest.raises(mazesearch.BoardError) as built:
        mazesearch.Graph.from_arrays(np.array(edges), start, exit, vertices=3, **kwargs)
    detail = said.split(":", 2)[2].strip()
    assert str(built.value) == "<arrays>: " + detail
    assert (built.value.source, built.value.line) == ("<arrays>", 0)


def test_array_mistakes_are_value_and_type_errors():
    with pytest.raises(ValueError, match="edges: expected an E x 2 array"):
        mazesearch.Graph.from_arrays(np.zeros((3, 3), dtype=int), 0, 1)
    with pytest.raises(ValueError, match="start: vertex 9 of a graph of 2 vertices"):
        mazesearch.Graph.from_arrays([[0, 1]], 9, 1)
    with pytest.raises(ValueError, match="ids: 1 ids for 2 vertices"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1, ids=["a"])
    with pytest.raises(ValueError, match="pos: expected an n x 2 or n x 3 array"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1, pos=np.zeros((2, 4)))
    with pytest.raises(TypeError, match="exit: expected a vertex index or id"):
        mazesearch.Graph.from_arrays([[0, 1]], 0, 1.5)


def test_the_picture_is_renders(tmp_path):
    path = SOURCE_DIR / "configs" / "graphs" / "hex-4.json"
    out = tmp_path / "hex.svg"
    command("render", path, "-o", out)
    g = mazesearch.load(path)
    assert g.svg(title=f"{path}: 9 moves") == out.read_text()
    assert g._repr_svg_().startswith("<?xml") and "9 moves" in g._repr_svg_()
    assert mazesearch.walk(g).svg(title=f"{path}: 9 moves") == out.read_text()
