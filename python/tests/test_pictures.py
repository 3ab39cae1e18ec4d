"""Boards and walks show themselves as the command draws them: svg() and Jupyter's _repr_svg_
give the picture of `mazesearch render`, byte for byte."""

import re

import pytest

import mazesearch
from conftest import BOARDS_DIR, command


def title_of(svg):
    return re.search(r"<title>([^<]*)</title>", svg).group(1)


@pytest.mark.parametrize("name", ["optimum-6x6.txt", "figure1-13x13.txt",
                                  "passages-optimum-4x4.txt"])
def test_svg_is_the_picture_render_draws(tmp_path, name):
    path = BOARDS_DIR / name
    out = tmp_path / "render.svg"
    command("render", path, "-o", out)
    rendered = out.read_text()
    title = title_of(rendered)  # "FILE: SCORE", render's default title
    board = mazesearch.load(path)
    assert board.svg(title=title) == rendered
    # A walk draws its board; Jupyter's picture has the score alone as its title.
    assert mazesearch.walk(board).svg(title=title) == rendered
    shown = board._repr_svg_()
    assert shown.startswith("<?xml") and title_of(shown) == title.split(": ", 1)[1]
    assert mazesearch.walk(board)._repr_svg_() == shown


def test_bad_cell_pixels():
    board = mazesearch.load(BOARDS_DIR / "optimum-6x6.txt")
    with pytest.raises(ValueError, match="cell_pixels 2: expected 4 to 256"):
        board.svg(cell_pixels=2)
