"""Input validator for Course Schedule II (LeetCode 210).

check(args) -> list of human-readable problems; empty when the input is valid.
Never raises, whatever the type of the input.
"""

MAX_COURSES = 2000
MAX_MESSAGES = 20


def _short(value, limit=40):
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check(args):
    """Return a list of problems with the test input; empty when it is valid."""
    try:
        problems = _check(args)
    except Exception as exc:  # never raise: report instead
        return [f"validator could not check the input: {type(exc).__name__}: {_short(str(exc), 80)}"]
    if len(problems) > MAX_MESSAGES:
        problems = problems[:MAX_MESSAGES] + [f"... and {len(problems) - MAX_MESSAGES} more"]
    return problems


def _check(args):
    if not isinstance(args, dict):
        kind = type(args).__name__
        return [f"input must be a mapping with 'numCourses' and 'prerequisites', got {kind} {_short(args)}"]
    problems = []
    n = args.get("numCourses")
    pairs = args.get("prerequisites")
    n_ok = False
    if n is None:
        problems.append("numCourses is missing")
    elif not _is_int(n):
        problems.append(f"numCourses must be an integer, got {_short(n)}")
    elif not 1 <= n <= MAX_COURSES:
        problems.append(f"numCourses is {n}, must be 1..{MAX_COURSES}")
    else:
        n_ok = True
    if pairs is None:
        problems.append("prerequisites is missing")
        return problems
    if not isinstance(pairs, list):
        return problems + [f"prerequisites must be a list of [a, b] pairs, got {type(pairs).__name__} {_short(pairs)}"]
    if n_ok and len(pairs) > n * (n - 1):
        problems.append(f"prerequisites has {len(pairs)} pairs, at most numCourses * (numCourses - 1) = {n * (n - 1)}")
    seen = {}
    for i, pair in enumerate(pairs):
        if not isinstance(pair, list) or len(pair) != 2 or not all(_is_int(v) for v in pair):
            problems.append(f"prerequisites[{i}] must be a pair of two integers [a, b], got {_short(pair)}")
            continue
        a, b = pair
        if n_ok:
            for name, v in (("a", a), ("b", b)):
                if not 0 <= v < n:
                    problems.append(f"prerequisites[{i}] = {pair}: {name} = {v} is not a course (0..{n - 1})")
        if a == b:
            problems.append(f"prerequisites[{i}] = {pair}: a course cannot be its own prerequisite (a == b)")
        if (a, b) in seen:
            problems.append(f"prerequisites[{i}] = {pair}: the same pair as prerequisites[{seen[(a, b)]}]")
        else:
            seen[(a, b)] = i
        if len(problems) > MAX_MESSAGES:
            break  # enough to say what is wrong; do not walk millions of bad pairs
    return problems
