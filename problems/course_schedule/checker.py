"""Output checker for Course Schedule II (LeetCode 210): any valid order is right.

compare(expected, got, args) -> (ok, explanations)

expected: the reference's answer: one valid order, or [] when the prerequisites have a cycle
  (that tells the checker which of the two the right answer is).
got: the submission's answer, decoded from JSON (the judge has checked it is a list of integers,
  but this never trusts it: anything is explained, never raised on).
args: {"numCourses": n, "prerequisites": [[a, b], ...]}; [a, b] means b comes before a.
"""

#: Many answers are right, so `judge compare` must ask this checker whether two answers agree.
exact = False
MAX_EXPLAINED = 10


def _short(value, limit=60):
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _listed(values, limit=MAX_EXPLAINED):
    """'3, 5 and 7' for a few values, '3, 5, 7, ... (12 in all)' for many."""
    values = list(values)
    if len(values) == 1:
        return str(values[0])
    if len(values) <= limit:
        return ", ".join(map(str, values[:-1])) + f" and {values[-1]}"
    return ", ".join(map(str, values[:limit])) + f", ... ({len(values)} in all)"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def compare(expected, got, args=None):
    """Accept any order of all courses that respects every pair, or [] exactly when there is a cycle."""
    try:
        return _compare(expected, got, args if isinstance(args, dict) else {})
    except Exception as exc:  # never raise
        return False, [f"checker could not explain the answer ({type(exc).__name__}: {_short(str(exc), 80)})"]


def _pairs(args):
    """The well-formed [a, b] pairs of the input (the validator has checked them; be safe anyway)."""
    pairs = args.get("prerequisites")
    if not isinstance(pairs, list):
        return []
    return [(p[0], p[1]) for p in pairs if isinstance(p, list) and len(p) == 2 and all(_is_int(v) for v in p)]


def _courses(expected, args):
    n = args.get("numCourses")
    if _is_int(n) and n >= 0:
        return n
    return len(expected) if isinstance(expected, list) else 0


def _compare(expected, got, args):
    n = _courses(expected, args)
    if not isinstance(got, list):
        return False, [f"got {_short(got)}, expected a list of course numbers"]
    if expected == []:
        if got == []:
            return True, []
        cycle = find_cycle(n, _pairs(args))
        why = f"the prerequisites have a cycle: {_cycle_text(cycle)}" if cycle else "the prerequisites have a cycle"
        return False, [f"got an order of {len(got)} course(s), expected [] because no order exists: {why}"]
    if got == []:
        return False, [f"got [] (no order), but an order of all {n} courses exists, for example {_short(expected, 80)}"]
    problems = _not_a_permutation(got, n)
    if problems:
        return False, problems
    return _violations(got, _pairs(args))


def _not_a_permutation(got, n):
    """What keeps `got` from holding each of 0..n-1 exactly once; empty when it does."""
    problems = []
    where = {}
    outside, repeated = [], []
    for i, c in enumerate(got):
        if not _is_int(c):
            outside.append(f"position {i}: {_short(c, 30)} is not a course number")
        elif not 0 <= c < n:
            outside.append(f"position {i}: {c} is not a course (courses are 0..{n - 1})")
        elif c in where:
            repeated.append(f"course {c} appears twice, at positions {where[c]} and {i}")
        else:
            where[c] = i
    missing = [c for c in range(n) if c not in where]
    if len(got) != n:
        problems.append(f"expected {n} courses, got {len(got)}")
    if missing:
        problems.append(f"missing course{'s' if len(missing) > 1 else ''} {_listed(missing)}")
    for found in (outside, repeated):
        problems += found[:MAX_EXPLAINED]
        if len(found) > MAX_EXPLAINED:
            problems.append(f"... and {len(found) - MAX_EXPLAINED} more like it")
    return problems


def _violations(order, pairs):
    """Every pair [a, b] whose b does not come before a in the order (a permutation)."""
    position = {c: i for i, c in enumerate(order)}
    broken = [(a, b) for a, b in pairs if a in position and b in position and position[b] > position[a]]
    if not broken:
        return True, []
    lines = [f"prerequisite [{a}, {b}]: course {b} must come before course {a}, but {b} is at position "
             f"{position[b]} and {a} at position {position[a]}" for a, b in broken[:MAX_EXPLAINED]]
    if len(broken) > MAX_EXPLAINED:
        lines.append(f"... and {len(broken) - MAX_EXPLAINED} more prerequisite pairs broken")
    return False, lines


def find_cycle(n, pairs):
    """One cycle [c0, c1, ..., c0] where each course must come before the next, or None (iterative DFS)."""
    after = {}
    for a, b in pairs:
        after.setdefault(b, []).append(a)
    colour = {}  # absent: white; 1: on the current path (grey); 2: done (black)
    for start in sorted(after):
        if start in colour:
            continue
        path, edges = [start], [iter(after.get(start, ()))]
        colour[start] = 1
        while path:
            nxt = next(edges[-1], None)
            if nxt is None:
                colour[path.pop()] = 2
                edges.pop()
            elif colour.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in colour:
                colour[nxt] = 1
                path.append(nxt)
                edges.append(iter(after.get(nxt, ())))
    return None


def _cycle_text(cycle):
    """'0 -> 1 -> 0 (each course must be taken before the next)', shortened when long."""
    if len(cycle) > 12:
        head, tail = " -> ".join(map(str, cycle[:6])), " -> ".join(map(str, cycle[-5:]))
        shown = f"{head} -> ... {len(cycle) - 11} more -> {tail}"
    else:
        shown = " -> ".join(map(str, cycle))
    return f"{shown} (each course must be taken before the next)"
