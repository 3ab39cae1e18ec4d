#!/usr/bin/env python3
"""Every seam of a board one column too wide: one cell cut from each row (the cells right of it
move left), each carved board walked (mazesearch.score_batch), the longest walks printed.

    PYTHONPATH=build/python /usr/bin/python3 studies/records/seam_carve.py BOARD \\
        [--top LO-HI:K] [--show N] [--out FILE]

Without --top: every seam whose cut moves at most one column from a row to the next (a
connected seam), over all rows.
--top LO-HI:K: for each k from 2 to K, rows 0 to k each cut at any column from LO to HI
    ((HI - LO + 1)^(k + 1) seams) and every row below k cut in the last column. It asks
    whether a wide top part fits beside a narrower rest when only the rows below are left as
    they were.
The start's and the exit's cells are never cut. --show N (10) prints the N longest walks with
their seams (the cut column of each row); --out FILE writes the longest carved board.
"""

import argparse
import os
import sys

import numpy as np

import mazesearch
from cell_board import load_cell_board

BATCH = 200_000


def top_arg(text):
    """--top LO-HI:K as (LO, HI, K)."""
    try:
        cols, k = text.split(":")
        lo, hi = (int(x) for x in cols.split("-"))
        return lo, hi, int(k)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected LO-HI:K, e.g. 2-8:8")


def connected_seams(rows, cols, keep):
    """Every seam c_0..c_{rows-1} with |c_r - c_{r+1}| <= 1, no row r cutting column keep[r]."""
    seams = np.array([[c] for c in range(cols) if c != keep[0]], dtype=np.int8)
    for r in range(1, rows):
        parts = []
        for d in (-1, 0, 1):
            nxt = seams[:, -1] + d
            ok = (nxt >= 0) & (nxt < cols) & (nxt != keep[r])
            parts.append(np.hstack([seams[ok], nxt[ok, None]]))
        seams = np.vstack(parts)
    return seams


def top_seams(rows, cols, keep, lo, hi, depth):
    """For k = 2..depth: rows 0..k cut anywhere in lo..hi, the rows below in the last column."""
    out = []
    for k in range(2, depth + 1):
        choices = [np.array([c for c in range(lo, hi + 1) if c != keep[r]], dtype=np.int8)
                   for r in range(k + 1)]
        grid = np.meshgrid(*choices, indexing="ij")
        top = np.stack([g.ravel() for g in grid], axis=1)
        out.append(np.hstack([top, np.full((len(top), rows - 1 - k), cols - 1, dtype=np.int8)]))
    return np.vstack(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("board")
    ap.add_argument("--top", type=top_arg, help="LO-HI:K: rows 0..k (k <= K) cut in LO..HI")
    ap.add_argument("--show", type=int, default=10, help="how many of the longest walks to print")
    ap.add_argument("--out", help="write the longest carved board here")
    args = ap.parse_args()
    if args.show < 0:
        ap.error(f"--show {args.show}: expected a count, 0 or more")
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        ap.error(f"--out {args.out}: its folder does not exist")
    board = load_cell_board(args.board, "seam_carve.py")
    rows, cols = board.rows, board.cols
    if cols < 3:
        ap.error(f"the board has {cols} columns; carving needs at least 3")
    if board.start[1] != 0 or board.exit[1] != 0:
        ap.error("the start and the exit must be in column 0, where no seam moves them")
    keep = [-1] * rows
    keep[board.start[0]] = keep[board.exit[0]] = 0
    if args.top:
        lo, hi, depth = args.top
        if not (0 <= lo <= hi < cols) or not (2 <= depth <= rows - 2):
            ap.error(f"--top: columns 0 to {cols - 1} and K from 2 to {rows - 2} on this board")
        seams = top_seams(rows, cols, keep, lo, hi, depth)
    else:
        seams = connected_seams(rows, cols, keep)
    src = board.to_array().astype(np.uint8)
    table = np.stack([np.stack([np.delete(src[r], c) for c in range(cols)]) for r in range(rows)])
    start, exit_ = tuple(board.start), tuple(board.exit)
    scores = np.concatenate([
        mazesearch.score_batch(table[np.arange(rows)[None, :], seams[i:i + BATCH]],
                               start=start, exit=exit_)
        for i in range(0, len(seams), BATCH)])
    order = np.argsort(-scores, kind="stable")
    walk = mazesearch.walk(board)
    walks = f"{walk.moves} moves" if walk.feasible else "infeasible"
    print(f"{args.board}: {rows}x{cols}, {walks}; {len(seams)} seams carved to "
          f"{rows}x{cols - 1}, {int((scores >= 0).sum())} feasible")
    print("moves  seam (the cut column of each row)")
    for k in order[:args.show]:
        print(f"{scores[k]:>6}  {' '.join(map(str, seams[k]))}")
    if args.out:
        best = table[np.arange(rows), seams[order[0]]]
        carved = mazesearch.Board.from_array(best.astype(bool), start=start, exit=exit_)
        try:
            carved.save(args.out)
        except mazesearch.BoardError as e:
            sys.exit(f"seam_carve.py: {e}")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
