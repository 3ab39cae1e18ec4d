"""The board file reading the scripts of studies/records/ share."""

import sys

import mazesearch


def load_cell_board(path, prog):
    """The cell board in `path`; exits naming `prog` when the file is missing, bad or not a cell
    board (a passage board or a graph)."""
    try:
        board = mazesearch.load(path)
    except (OSError, mazesearch.BoardError) as e:
        sys.exit(f"{prog}: {e}")
    if not isinstance(board, mazesearch.Board):
        sys.exit(f"{prog}: a cell board, please")
    return board
