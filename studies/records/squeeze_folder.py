"""OUT, the folder of studies/records/squeeze_column.py: every file the script reads from it
checked before it is trusted (an error naming the file, exit status 2, never a traceback), and
every file it writes written whole."""
import csv
import io
import json
import os
import sys

import mazesearch

STEPS_HEADER = ["step", "walled_row", "moves_walled", "moves_found"]
PINNED = "config.yaml"  # OUT's copy of the config, the one every step runs
# What the script writes before squeeze.json: a folder holding only these is a start cut short.
STARTING_FILES = {PINNED, PINNED + ".tmp", "squeeze.json.tmp"}


def fail(message):
    print(f"squeeze_column.py: {message}", file=sys.stderr)
    sys.exit(2)


def moves_of(board):
    walk = mazesearch.walk(board)
    return walk.moves if walk.feasible else 0


def load_board(path, what):
    try:
        return mazesearch.Board.load(path)
    except (ValueError, OSError) as error:
        fail(f"{what}: {error}")


def read_bytes(path):
    """A file's bytes, None when it is missing, or an error naming it (a folder, no access)."""
    if not os.path.lexists(path):
        return None
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as error:
        fail(f"{path}: cannot be read ({error.strerror})")


def read_text(path):
    """A file of OUT as UTF-8 text (None when missing), or an error naming it."""
    data = read_bytes(path)
    try:
        return None if data is None else data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        fail(f"{path}:{line}: not UTF-8 text (byte 0x{data[error.start]:02x}); the script wrote "
             "it as text, so it was changed since: restore it, or use a new OUT")


def write_file(path, data):
    """`data` (bytes or text) written to `path` whole (a file beside it, renamed), or an error
    naming it."""
    try:
        with open(path + ".tmp", "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        os.replace(path + ".tmp", path)
    except OSError as error:
        fail(f"{path}: cannot be written ({error.strerror})")


def fnv1a64(data):
    """FNV-1a of the bytes, as inputs.json and sweep.json hash what they pin."""
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xffffffffffffffff
    return f"{h:016x}"


def first_difference(then, now):
    """Where two texts first differ, by line, for a message."""
    a = then.decode("utf-8", "backslashreplace").split("\n")
    b = now.decode("utf-8", "backslashreplace").split("\n")
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "(the end)"
        y = b[i] if i < len(b) else "(the end)"
        if x != y:
            return f"line {i + 1}: {x[:60]!r} then, {y[:60]!r} now"
    return "the same lines"


def shown(text):
    """`text` for a message: what does not print (a NUL, a tab) escaped, 80 characters at most."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text[:80])


def pin_record(data):
    return {"path": PINNED, "bytes": len(data), "fnv1a64": fnv1a64(data)}


def check_out_path(out):
    """OUT is a folder, or can be made as one (no file on its way)."""
    if os.path.lexists(out) and not os.path.isdir(out):
        fail(f"{out}: not a folder; OUT is the folder the steps are written to")
    above = os.path.dirname(os.path.abspath(out))
    while not os.path.lexists(above):
        above = os.path.dirname(above)
    if not os.path.isdir(above):
        fail(f"{out}: {above} is not a folder, so OUT cannot be made in it")


def read_spec(out, want, config, config_bytes):
    """OUT/squeeze.json checked against `want`, what the arguments make OUT for (another board,
    order, budget, seed, config path or overrides is refused by name), and the pinned config
    against the bytes of `config` as read. Returns whether OUT holds a pinned config (False: a new
    OUT, or one made before configs were pinned)."""
    spec_path = os.path.join(out, "squeeze.json")
    text = read_text(spec_path)
    if text is None:
        try:
            entries = set(os.listdir(out)) if os.path.isdir(out) else set()
        except OSError as error:
            fail(f"{out}: cannot be read ({error.strerror})")
        if entries - STARTING_FILES and "steps.csv" not in entries:
            fail(f"{out}: a folder that holds no squeeze (no steps.csv); use a new or empty OUT")
        return False
    try:
        had = json.loads(text)
    except ValueError as error:
        fail(f"{spec_path}: unreadable ({error}); it says what OUT is for")
    if not isinstance(had, dict):
        fail(f"{spec_path}: expected a JSON object")
    for key, value in want.items():
        if had.get(key) != value:
            said = "BOARD" if key == "board" else f"--{key}" if key != "overrides" else key
            fail(f"{out} holds a squeeze with another {said} ({spec_path}: "
                 f"{json.dumps(had.get(key))[:80]}; given: {json.dumps(value)[:80]}); "
                 "use another OUT, or the same arguments to go on")
    if "pinned_config" not in had:
        return False
    record, pin_path = had["pinned_config"], os.path.join(out, PINNED)
    pinned = read_bytes(pin_path)
    if pinned is None or record != pin_record(pinned):
        fail(f"{pin_path}: not the bytes the squeeze pinned when it began ({spec_path}: "
             f"{json.dumps(record)[:120]}; "
             f"{'missing' if pinned is None else json.dumps(pin_record(pinned))} now); "
             "restore it, or use another OUT")
    if pinned != config_bytes:
        fail(f"{out} holds a squeeze with another --config: {config} changed since it began "
             f"({first_difference(pinned, config_bytes)}; {pin_path} holds the config its "
             "steps run); restore it, or use another OUT")
    return True


def read_steps(path, order):
    """The finished steps of steps.csv, checked: its header, whole numbers, steps 1, 2, ... in
    turn, each with the row this --order walls there. {step: (walled row, moves walled, moves
    found)}."""
    text = read_text(path)
    if text is None:
        return {}
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        fail(f"{path}: not a CSV file ({error})")
    if not rows or rows[0] != STEPS_HEADER:
        fail(f"{path}:1: expected the header {','.join(STEPS_HEADER)}, got "
             f"{shown(','.join(rows[0])) if rows else 'an empty file'}")
    done = {}
    for line, row in enumerate(rows[1:], start=2):
        # ASCII digits only, and few: int() takes '²' for no number and refuses 5,000 digits.
        if len(row) != len(STEPS_HEADER) or not all(
                x.isascii() and x.strip().isdigit() and len(x.strip()) <= 18 for x in row):
            fail(f"{path}:{line}: expected {len(STEPS_HEADER)} whole numbers, got "
                 f"{shown(','.join(row))}")
        k, r, walled, found = map(int, row)
        if k != len(done) + 1:
            fail(f"{path}:{line}: step {k}; expected step {len(done) + 1}")
        if k > len(order) or order[k - 1] != r:
            fail(f"{path}:{line}: step {k} walled row {r}; this --order walls "
                 f"{order[k - 1] if k <= len(order) else 'no row'} there")
        done[k] = (r, walled, found)
    return done


def check_best(path, k, board, walled, moves_found=None):
    """Step k's best board, checked for what it claims: BOARD's shape, start and exit, the last
    column as step k kept it, and (for a finished step) the moves steps.csv says it walks."""
    best = load_board(path, f"step {k}")
    said = f"{path}: step {k}'s best board"
    if (best.rows, best.cols, best.start, best.exit) != (board.rows, board.cols, board.start,
                                                          board.exit):
        fail(f"{said} is {best.rows}x{best.cols} with S at {best.start} and E at {best.exit}; "
             f"expected {board.rows}x{board.cols} with S at {board.start} and E at {board.exit} "
             "as BOARD; restore OUT's step, or use a new OUT")
    last = board.cols - 1
    if (best.to_array()[:, last] != walled.to_array()[:, last]).any():
        fail(f"{said} has another column {last} than step {k} kept; restore OUT's step, or use a "
             "new OUT")
    if moves_found is not None and moves_of(best) != moves_found:
        fail(f"{said} walks {moves_of(best)} moves; steps.csv:{k + 1} says {moves_found} "
             "(moves_found); restore OUT's step, or use a new OUT")
    return best
