"""What the tests of the Python module share: the command they hold it to, and its answers.

Run by ctest (tests/CMakeLists.txt, test python_module) with PYTHONPATH pointing at the build
tree's package, MAZESEARCH_BIN at the command and MAZESEARCH_SOURCE_DIR at the checkout; run by
hand from the checkout, they find build/mazesearch and build/python themselves. With
MAZESEARCH_INSTALLED_IN=PREFIX (python/tests/check_pip_install.py) they test the package pip
installed under PREFIX instead: build/python is not added, and the module must come from PREFIX.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE_DIR = pathlib.Path(
    os.environ.get("MAZESEARCH_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
MAZESEARCH_BIN = pathlib.Path(
    os.environ.get("MAZESEARCH_BIN", SOURCE_DIR / "build" / "mazesearch"))
INSTALLED_IN = os.environ.get("MAZESEARCH_INSTALLED_IN")
if "PYTHONPATH" not in os.environ and not INSTALLED_IN:
    sys.path.insert(0, str(SOURCE_DIR / "build" / "python"))
if INSTALLED_IN:
    import mazesearch
    _where = pathlib.Path(mazesearch.__file__).resolve()
    if not _where.is_relative_to(pathlib.Path(INSTALLED_IN).resolve()):
        raise RuntimeError(f"mazesearch was imported from {_where}, not from {INSTALLED_IN}")

BOARDS_DIR = SOURCE_DIR / "configs" / "boards"


def command(*args, check=True):
    """Runs the command with `args`; returns the finished process (text output)."""
    return subprocess.run([str(MAZESEARCH_BIN), *map(str, args)], capture_output=True,
                          text=True, check=check)


def command_json(*args):
    """The JSON the command prints for `args` (one object, or one per line as a list)."""
    lines = command(*args).stdout.splitlines()
    objects = [json.loads(line) for line in lines if line.strip()]
    return objects[0] if len(objects) == 1 else objects


def command_error(*args):
    """The message the command fails with ("mazesearch: error: MESSAGE" on standard error)."""
    done = command(*args, check=False)
    assert done.returncode == 2, done
    prefix = "mazesearch: error: "
    lines = [line for line in done.stderr.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, done.stderr
    return lines[0][len(prefix):]


@pytest.fixture(scope="session")
def reference_boards():
    """Every board file of configs/boards/, sorted."""
    files = sorted(BOARDS_DIR.glob("*.txt"))
    assert files, BOARDS_DIR
    return files
