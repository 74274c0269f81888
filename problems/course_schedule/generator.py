"""Random Course Schedule II inputs for hypothesis (only valid inputs).

inputs() -> SearchStrategy[dict]: {"numCourses": n, "prerequisites": [[a, b], ...]}.

Small inputs (1..40 courses, what `judge fuzz` shrinks) are drawn pair by pair: a hidden order of
the courses turns every drawn pair into a prerequisite that respects it (a DAG), and some inputs
then get a planted cycle or are left as drawn (cycles by chance); a dense kind takes every pair the
hidden order allows. Courses no pair names stay isolated. Large inputs have 2000 courses, the
limit, built by random.Random from a drawn seed: a chain, a sparse DAG, a DAG with one back edge, a cycle through
every course.
"""


import random

from hypothesis import strategies as st

MAX_COURSES = 2000


def inputs():
    """The strategy of valid inputs."""
    return st.one_of(_small(), _large())


def _case(n, pairs):
    seen, out = set(), []
    for a, b in pairs:
        if a != b and (a, b) not in seen:
            seen.add((a, b))
            out.append([a, b])
    return {"numCourses": n, "prerequisites": out}


@st.composite
def _small(draw):
    n = draw(st.integers(1, 40))
    kind = draw(st.sampled_from(["dag", "cycle", "any", "dense"]))
    order = draw(st.permutations(range(n)))
    rank = {c: i for i, c in enumerate(order)}
    if kind == "dense":
        pairs = [(order[j], order[i]) for i in range(n) for j in range(i + 1, n)]
        drop = draw(st.sets(st.integers(0, max(0, len(pairs) - 1)), max_size=5))
        pairs = [p for k, p in enumerate(pairs) if k not in drop]
        random.Random(draw(st.integers(0, 2 ** 32 - 1))).shuffle(pairs)
        return _case(n, pairs)
    course = st.integers(0, n - 1)
    raw = draw(st.lists(st.tuples(course, course), max_size=min(3 * n, n * (n - 1))))
    if kind == "any":
        return _case(n, raw)
    pairs = [(a, b) if rank[b] < rank[a] else (b, a) for a, b in raw]
    if kind == "cycle" and n >= 2:
        length = draw(st.integers(2, n))
        ring = draw(st.lists(course, min_size=length, max_size=length, unique=True))
        pairs += [(ring[(i + 1) % length], ring[i]) for i in range(length)]
    return _case(n, pairs)


@st.composite
def _large(draw):
    # A seed, not st.randoms(): thousands of draws from hypothesis' own buffer would overrun it.
    kind = draw(st.sampled_from(["chain", "sparse", "back-edge", "ring"]))
    return large(kind, random.Random(draw(st.integers(0, 2 ** 32 - 1))))


def large(kind, rnd, n=MAX_COURSES):
    """One input of n courses of the given kind, drawn from rnd (also used by tools/make_cases.py)."""
    order = list(range(n))
    rnd.shuffle(order)
    if kind in ("chain", "ring"):
        pairs = [(order[i + 1], order[i]) for i in range(n - 1)]
        if kind == "ring":
            pairs.append((order[0], order[-1]))
    else:
        pairs = []
        for _ in range(2 * n):
            i, j = sorted(rnd.sample(range(n), 2))
            pairs.append((order[j], order[i]))
        if kind == "back-edge":
            i, j = sorted(rnd.sample(range(n), 2))
            pairs.append((order[i], order[j]))
            # the back edge closes a cycle only through a forward path from i to j: make one
            pairs += [(order[k + 1], order[k]) for k in range(i, j)]
    rnd.shuffle(pairs)
    return _case(n, pairs)
