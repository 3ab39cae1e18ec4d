#!/usr/bin/python3
"""What the charts of the serve page must draw, worked out from the API's answers alone (not from
the page's script), and the checks any drawn curve must pass; used by test_serve_browser.py. Not a
test on its own.

A curve is a list of [x, y] pairs: evaluations and the best score so far, read as a step curve (its
value at x is the y of its last pair at or before x).
"""


def step_value(curve, x):
    """The step curve's value at x, or None before its first pair."""
    value = None
    for px, py in curve:
        if px > x:
            break
        value = py
    return value


def median(values):
    v = sorted(values)
    k = len(v) // 2
    return v[k] if len(v) % 2 else (v[k - 1] + v[k]) / 2


def logbook_curve(columns, rows):
    """A repeat's best so far against evaluations, one pair a logbook row."""
    e, b = columns.index("evals"), columns.index("best")
    return [[r[e], r[b]] for r in rows if isinstance(r[e], (int, float)) and isinstance(r[b], (int, float))]


def point_runs(series, point_id):
    """A sweep point's runs as /api/sweep keys them: `ID`, or `ID/repeat-NNN` for each repeat."""
    key = str(point_id)
    return [series[k] for k in sorted(series) if k == key or k.startswith(key + "/repeat-")]


def combination_curves(sweep, group):
    """The lowest, median and highest best so far over the runs of one combination of a sweep
    (each point's run, or each repeat of each point), at every evaluation count any run has; a run
    whose point is not finished counts only up to its last pair."""
    status = {str(p["id"]): p.get("status") for p in sweep.get("points", [])}
    runs = []
    for pid in group.get("points", []):
        finished = status.get(str(pid)) == "finished"
        runs += [(c, finished) for c in point_runs(sweep.get("series", {}), pid) if c]
    out = {"lowest": [], "median": [], "highest": []}
    for x in sorted({p[0] for c, _ in runs for p in c}):
        values = [step_value(c, x) for c, finished in runs if finished or x <= c[-1][0]]
        values = [v for v in values if v is not None]
        if values:
            out["lowest"].append([x, min(values)])
            out["median"].append([x, median(values)])
            out["highest"].append([x, max(values)])
    return out, len(runs)


def shape_errors(name, curve, never_falls=True):
    """What is wrong with a drawn curve as a curve of best so far: evaluations that do not increase,
    a best that falls (never_falls: for curves over runs that all go on to the end)."""
    errors = []
    for (x0, y0), (x1, y1) in zip(curve, curve[1:]):
        if not x1 > x0:
            errors.append(f"{name}: evaluations {x0} then {x1} (they must increase)")
        if never_falls and y1 < y0:
            errors.append(f"{name}: best {y0} then {y1} at {x1} evaluations (it never falls)")
    return errors[:5]


def band_errors(name, low, mid, high):
    """Where a median is not inside its band (the three drawn at the same evaluation counts)."""
    if [p[0] for p in low] != [p[0] for p in mid] or [p[0] for p in high] != [p[0] for p in mid]:
        return [f"{name}: the band and the median are drawn at different evaluation counts"]
    return [f"{name}: at {x} evaluations the median {y} is outside its band [{lo}, {hi}]"
            for (x, lo), (_, y), (_, hi) in zip(low, mid, high) if not lo <= y <= hi][:5]


def step_curve_errors(name, drawn, rows):
    """How a repeat's drawn curve differs from its logbook rows: it must be made of the rows' pairs,
    start and end with theirs, and have the rows' value at every row's evaluation count (so that,
    drawn as steps, it is the curve of all the rows)."""
    if not rows:
        return [f"{name}: the logbook has no rows"] if drawn else []
    if not drawn:
        return [f"{name}: nothing drawn for {len(rows)} logbook rows"]
    errors = []
    pairs = {tuple(p) for p in rows}
    errors += [f"{name}: drawn point {p} is no logbook row's (evals, best)" for p in drawn if tuple(p) not in pairs][:3]
    if drawn[0] != rows[0] or drawn[-1] != rows[-1]:
        errors.append(f"{name}: drawn from {drawn[0]} to {drawn[-1]}, the logbook from {rows[0]} to {rows[-1]}")
    for x, _ in rows:
        if step_value(drawn, x) != step_value(rows, x):
            errors.append(f"{name}: at {x} evaluations the line is at {step_value(drawn, x)}, the logbook "
                          f"at {step_value(rows, x)}")
            break
    return errors


def median_errors(drawn_median, drawn_repeats, rows_of_repeats):
    """How the drawn median of a run's repeats differs from theirs: at each evaluation count any
    drawn repeat has and at least two repeats reached, the median of the repeats' logbook values
    there (inside their range)."""
    errors = []
    xs = sorted({p[0] for c in drawn_repeats for p in c})
    expected = []
    for x in xs:
        values = [step_value(r, x) for r in rows_of_repeats if r and x <= r[-1][0]]
        values = [v for v in values if v is not None]
        if len(values) >= 2:
            expected.append([x, median(values)])
    if drawn_median != expected:
        wrong = [(d, e) for d, e in zip(drawn_median, expected) if d != e][:3]
        errors.append(f"median of the repeats: {len(drawn_median)} points drawn, {len(expected)} expected; "
                      f"first differences (drawn, expected): {wrong}")
    for x, y in drawn_median:
        values = [step_value(r, x) for r in rows_of_repeats if r and x <= r[-1][0]]
        values = [v for v in values if v is not None]
        if values and not min(values) <= y <= max(values):
            errors.append(f"median of the repeats: {y} at {x} evaluations, outside the repeats' {values}")
            break
    return errors
