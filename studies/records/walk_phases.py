#!/usr/bin/env python3
"""How a long walk spends its moves: Squeaky's stays in one part of a board, and his visits
between given moves, from the walk place by place (mazesearch.path).

    PYTHONPATH=build/python /usr/bin/python3 studies/records/walk_phases.py BOARD \\
        [--part R,C/R2,C2] [--split T1,T2,...]

--part R,C/R2,C2: the part of the board that the cell (R2, C2) reaches without passing the cell
    (R, C), the door; prints each stay in it (the move Squeaky enters, the moves he stays, what
    the stay adds to the part's mean visits) and the part's share of all moves.
--split T1,T2,...: prints the visits of the moves before T1, from T1 to T2, ..., after the last,
    as grids ('#' blocked, '.' not entered in that stretch).
Without either, prints the move at which Squeaky first enters each cell.
"""

import argparse
import sys

import numpy as np

import mazesearch
from cell_board import load_cell_board


def part_arg(text):
    """--part R,C/R2,C2 as ((R, C), (R2, C2)); an argparse error names what was expected."""
    try:
        door, inside = text.split("/")
        return tuple(tuple(int(x) for x in cell.split(",", 1)) for cell in (door, inside))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected R,C/R2,C2 (the door cell, then a cell beyond it)") from None


def split_arg(text):
    """--split T1,T2,... as increasing move numbers."""
    try:
        cuts = [int(x) for x in text.split(",")]
    except ValueError:
        cuts = []
    if not cuts or any(b <= a for a, b in zip(cuts, cuts[1:])) or cuts[0] < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected increasing moves T1,T2,... from 1")
    return cuts


def part_cells(open_cells, door, inside):
    """The open cells that `inside` reaches without passing `door`, as a set of (r, c)."""
    rows, cols = open_cells.shape
    if not open_cells[inside] or inside == door:
        sys.exit(f"walk_phases.py: --part: {inside} must be an open cell other than the door")
    seen, todo = {inside}, [inside]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r + 1, c), (r, c + 1), (r, c - 1), (r - 1, c)):
            x = (nr, nc)
            if 0 <= nr < rows and 0 <= nc < cols and open_cells[x] and x != door and x not in seen:
                seen.add(x)
                todo.append(x)
    return seen


def print_grid(open_cells, values, width=6):
    """`values` per cell (a 0 shown as '.', as a cell not entered), '#' for a blocked cell."""
    rows, cols = open_cells.shape
    for r in range(rows):
        print(" ".join(f"{'#' if not open_cells[r, c] else (values[r, c] or '.'):>{width}}"
                       for c in range(cols)))


def stays(path, cols, part, door):
    inside = np.zeros(path.max() + 1, dtype=bool)
    for r, c in part:
        inside[r * cols + c] = True
    flags = inside[path[:-1]]
    edges = np.flatnonzero(np.diff(np.concatenate(([False], flags, [False])).astype(np.int8)))
    starts, ends = edges[0::2], edges[1::2]
    print(f"part beyond door {door}: {len(part)} cells, {int(flags.sum())} of {len(path) - 1} "
          f"moves ({100.0 * flags.sum() / (len(path) - 1):.1f}%), {len(starts)} stays")
    print(f"{'stay':>4} {'enters at move':>14} {'moves':>8} {'x last':>7} {'mean visits after':>18}")
    total = 0
    for k, (s, e) in enumerate(zip(starts, ends)):
        total += e - s
        growth = "" if k == 0 else f"{(e - s) / (ends[k - 1] - starts[k - 1]):7.2f}"
        print(f"{k:>4} {s:>14} {e - s:>8} {growth:>7} {total / len(part):>18.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("board")
    ap.add_argument("--part", type=part_arg, help="R,C/R2,C2: the door and a cell beyond it")
    ap.add_argument("--split", type=split_arg, help="T1,T2,...: moves at which to cut the walk")
    args = ap.parse_args()
    board = load_cell_board(args.board, "walk_phases.py")
    rows, cols = board.rows, board.cols
    for cell in args.part or ():
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            ap.error(f"--part: {cell} is not a cell of the {rows}x{cols} board")
    try:
        path = mazesearch.path(board, limit=10**9)
    except ValueError as e:
        sys.exit(f"walk_phases.py: {args.board}: {e}")
    moves = len(path) - 1
    if args.split and args.split[-1] >= moves:
        ap.error(f"--split: the walk has {moves} moves; cut before that")
    open_cells = board.to_array()
    part = part_cells(open_cells, *args.part) if args.part else None
    print(f"{args.board}: {moves} moves")
    if part:
        stays(path, cols, part, args.part[0])
    if args.split:
        cuts = [0] + args.split + [moves]
        for lo, hi in zip(cuts[:-1], cuts[1:]):
            counts = np.bincount(path[lo:hi], minlength=rows * cols)
            print(f"moves {lo} to {hi}:")
            print_grid(open_cells, counts.reshape(rows, cols))
    if not args.part and not args.split:
        first = np.full(rows * cols, -1, dtype=np.int64)
        first[path[:-1][::-1]] = np.arange(moves)[::-1]
        shown = np.array([str(x) if x >= 0 else "." for x in first], dtype=object)
        print("first entered at move ('.': never):")
        print_grid(open_cells, shown.reshape(rows, cols))


if __name__ == "__main__":
    main()
