"""enumerate() against `mazesearch enumerate --json`: the same dict, the timing aside."""

import _thread
import threading

import pytest

import mazesearch
from conftest import command_json


def without_seconds(result):
    return {key: value for key, value in result.items() if key != "seconds"}


@pytest.mark.parametrize("args, options", [
    ((4, 4), {}),
    ((3, 5), {"objective": "max-visits"}),
    ((3, 3), {"model": "passages"}),
    ((4, 4), {"shard": (1, 3)}),
    ((2, 6), {"model": "passages", "objective": "max-visits", "threads": 1, "cap": 2}),
])
def test_the_command_s_answer(args, options):
    rows, cols = args
    flags = ["--rows", rows, "--cols", cols, "--json"]
    for key, value in options.items():
        if key == "shard":
            value = f"{value[0]}/{value[1]}"
        flags += [f"--{key}", value]
    expected = command_json("enumerate", *flags)
    got = mazesearch.enumerate(rows, cols, **options)
    assert "seconds" in got
    assert without_seconds(got) == without_seconds(expected)


def test_small_grid_optima():
    """The optima of docs/reference-numbers.md, and every board listed walks to its optimum."""
    for rows, cols, optimum in ((4, 4, 25), (5, 5, 52), (6, 6, 115)):
        result = mazesearch.enumerate(rows, cols)
        assert result["optimum"] == optimum
        assert result["boards"]
        for text in result["boards"]:
            assert mazesearch.walk(mazesearch.Board.from_text(text)).moves == optimum


def test_bad_options():
    with pytest.raises(ValueError, match="model 'walls'"):
        mazesearch.enumerate(3, 3, model="walls")
    with pytest.raises(ValueError, match="objective"):
        mazesearch.enumerate(3, 3, objective="length")
    with pytest.raises(ValueError, match=r"shard \(3, 2\)"):
        mazesearch.enumerate(3, 3, shard=(3, 2))
    with pytest.raises(TypeError, match="shard"):
        mazesearch.enumerate(3, 3, shard=2)
    with pytest.raises(ValueError, match="too large"):
        mazesearch.enumerate(9, 9)
    with pytest.raises(ValueError, match="enumerate: rows 0: expected 1 to 16"):
        mazesearch.enumerate(0, 3)


def test_ctrl_c_stops_an_enumeration():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            mazesearch.enumerate(6, 6, threads=1)
    finally:
        timer.cancel()
