"""mazesearch from Python: the engine that searches mazes for Squeaky the mouse.

Squeaky always steps to his least-visited open neighbour, ties broken down, right, left, up; a
board's score is the number of moves until he first reaches the exit (docs/rules.md). This
package calls the C++ engine directly, with NumPy arrays for boards and visit counts:

    import mazesearch
    board = mazesearch.load("configs/boards/figure1-13x13.txt")
    w = mazesearch.walk(board)          # w.moves == 180, w.visits: an int64 array
    scores = mazesearch.score_batch(batch)   # batch: N x rows x cols bools, True open

What is here (docs/python.md):

- Board, PassageBoard and HexBoard: boards from and to NumPy arrays and their text forms
  (from_array / from_arrays, to_array / right_array / down_array, from_text, to_text, load,
  save), read with the command's own checks;
- Graph: a maze on any graph (a graph file) from and to NumPy arrays (edges, positions) and its
  JSON text, read with the command's own checks;
- load(path): a Board, a PassageBoard, a Graph or a HexBoard, told by how the file starts;
- walk(board, kmod=0): one walk (of a board or a graph) as `mazesearch eval` makes it, a Walk;
- path(board, limit): the same walk place by place, an int32 array of positions;
- score_batch(boards, start, exit, threads, model): the moves of a batch of boards (cells or
  hex) on every core;
- enumerate(rows, cols, ...): `mazesearch enumerate --json` as a dict;
- bench_boards(): the boards `mazesearch bench` walks;
- BoardError: a bad board, with the command's message, `source` and `line`;
- open_run(folder), open_sweep(folder): what `mazesearch run` and `mazesearch sweep` wrote, as
  a Run (status, config, summary, best_score, best, logbook as NumPy arrays, repeats) and a
  Sweep (spec, points, finished, table() as `mazesearch summarize --format json`);
- RunFolderError: a folder or file of one that is not what it should be, the file named;
- run(config, objective=None, progress=None, **overrides): a search, as `mazesearch run`
  makes it, returning its Run; with `objective=`, a config whose target is `kind: python` is
  scored by your own function of a batch of boards; resume(folder) continues one; Progress is
  what the progress function receives, PassageBatch the passage boards an objective receives.

The long calls (walk, path, score_batch, enumerate) release the GIL, so other Python threads run
meanwhile; path, score_batch on large batches and enumerate stop on Ctrl-C.
"""

from . import _mazesearch
from ._mazesearch import (
    Progress,
    BoardError,
    Walk,
    bench_boards,
    enumerate,
    load,
    path,
    score_batch,
    walk,
)
from .runs import Run, RunFolderError, Sweep, open_run, open_sweep
from .running import PassageBatch, objective_id, resume, run

# The board classes, one for each board model the engine registers (models/board_models.def:
# Board, PassageBoard, Graph, HexBoard), as the compiled module names them.
BOARD_CLASSES = tuple(_mazesearch._board_class_names())
globals().update({name: getattr(_mazesearch, name) for name in BOARD_CLASSES})

__all__ = [
    *BOARD_CLASSES,
    "BoardError",
    "PassageBatch",
    "Progress",
    "Run",
    "RunFolderError",
    "Sweep",
    "Walk",
    "bench_boards",
    "enumerate",
    "load",
    "open_run",
    "objective_id",
    "open_sweep",
    "path",
    "resume",
    "run",
    "score_batch",
    "walk",
]

__version__ = "0.1.0"
