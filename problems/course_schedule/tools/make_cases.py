#!/usr/bin/env python3
"""Build the Course Schedule II test cases (deterministic, seeded with random.Random(210)).

Usage: python3 problems/course_schedule/tools/make_cases.py
Writes problems/course_schedule/cases/sample/examples.yaml and cases/secret/{small,random,large}.yaml.
Every expected answer is computed by reference.py and every input is checked by validator.py.
It never writes `added.yaml` (where `judge add-case` and `judge fuzz --save` write).
"""

import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEM = os.path.dirname(HERE)


def _load(name):
    spec = importlib.util.spec_from_file_location("course_schedule_" + name, os.path.join(PROBLEM, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = _load("reference")
validator = _load("validator")
generator = _load("generator")
rng = random.Random(210)


def sample_cases():
    return [
        ("example-1", "LeetCode's example 1: course 1 needs course 0", 2, [[1, 0]]),
        ("example-2", "LeetCode's example 2: two orders are right ([0,1,2,3] and [0,2,1,3])", 4,
         [[1, 0], [2, 0], [3, 1], [3, 2]]),
        ("example-3", "LeetCode's example 3: one course, no prerequisites", 1, []),
    ]


def small_cases():
    return [
        ("one-course", "a single course", 1, []),
        ("two-free", "two courses without prerequisites: both orders are right", 2, []),
        ("two-cycle", "two courses that need each other: []", 2, [[0, 1], [1, 0]]),
        ("reversed-pair", "course 0 needs course 1: [1, 0] (a reversed edge gives [0, 1])", 2, [[0, 1]]),
        ("isolated-first", "course 0 is isolated, 1 needs 2: an order must still list course 0", 3, [[1, 2]]),
        ("isolated-last", "courses 3 and 4 are isolated", 5, [[1, 0], [2, 1]]),
        ("diamond", "3 needs 1 and 2, both need 0: a cross edge that is no cycle", 4,
         [[1, 0], [2, 0], [3, 1], [3, 2]]),
        ("self-contained-cycle", "a 3-cycle among courses 1..3, course 0 and 4 are free: []", 5,
         [[2, 1], [3, 2], [1, 3]]),
        ("cycle-after-dag", "a DAG 0..3 then a cycle 4 -> 5 -> 6 -> 4 that course 0 cannot reach: []", 7,
         [[1, 0], [2, 1], [3, 2], [5, 4], [6, 5], [4, 6]]),
        ("cycle-with-tail", "a cycle 1 -> 2 -> 3 -> 1 with course 0 before it and 4 after it: []", 5,
         [[1, 0], [2, 1], [3, 2], [1, 3], [4, 3]]),
        ("cycle-reached-late", "the only cycle is between the two highest courses: []", 6,
         [[1, 0], [2, 1], [3, 2], [5, 4], [4, 5]]),
        ("two-components", "two chains side by side", 6, [[1, 0], [2, 1], [4, 3], [5, 4]]),
        ("many-prerequisites", "course 0 needs every other course", 6, [[0, c] for c in range(1, 6)]),
        ("many-dependents", "every other course needs course 5", 6, [[c, 5] for c in range(5)]),
        ("complete-dag-5", "every pair of 5 courses, all consistent with 4, 3, 2, 1, 0", 5,
         [[a, b] for a in range(5) for b in range(5) if a < b]),
        ("all-pairs-both-ways", "every ordered pair of 4 courses (the most pairs allowed): []", 4,
         [[a, b] for a in range(4) for b in range(4) if a != b]),
    ]


def random_cases():
    cases = []
    for i in range(12):
        n = rng.randint(3, 30)
        order = list(range(n))
        rng.shuffle(order)
        rank = {c: k for k, c in enumerate(order)}
        pairs, seen = [], set()
        for _ in range(rng.randint(0, 3 * n)):
            a, b = rng.sample(range(n), 2)
            if rank[b] > rank[a]:
                a, b = b, a
            if (a, b) not in seen:
                seen.add((a, b))
                pairs.append([a, b])
        kind = "a DAG"
        if i % 3 == 2:
            ring = rng.sample(range(n), rng.randint(2, min(n, 6)))
            for k, c in enumerate(ring):
                pair = [ring[(k + 1) % len(ring)], c]
                if tuple(pair) not in seen:
                    seen.add(tuple(pair))
                    pairs.append(pair)
            kind = f"a DAG with a {len(ring)}-cycle planted"
        cases.append((f"random-{i + 1:02d}", f"{n} courses, {len(pairs)} pairs: {kind}", n, pairs))
    return cases


def large_cases():
    n = generator.MAX_COURSES
    dense = 100
    cases = [
        ("chain-2000", "2000 courses in one chain: course i needs course i-1 (a recursive DFS goes 2000 deep)",
         n, [[i, i - 1] for i in range(1, n)]),
        ("chain-2000-reversed", "2000 courses in one chain: course i needs course i+1 (the order is 1999..0)",
         n, [[i, i + 1] for i in range(n - 1)]),
        ("ring-2000", "a cycle through all 2000 courses: []", n, [[(i + 1) % n, i] for i in range(n)]),
        ("chain-2000-closed-late", "the 2000-chain with one pair closing a cycle from the last course to the first: []",
         n, [[i, i - 1] for i in range(1, n)] + [[0, n - 1]]),
        ("isolated-2000", "2000 courses, no prerequisites", n, []),
        ("star-2000", "every other course needs course 1999: it comes first", n, [[c, n - 1] for c in range(n - 1)]),
        (f"dense-dag-{dense}", f"every pair of {dense} courses ({dense * (dense - 1) // 2} pairs) in a hidden order",
         dense, _dense(dense)),
    ]
    for kind, what in (("sparse", "a sparse DAG"), ("back-edge", "a DAG and one pair that closes a cycle")):
        drawn = generator.large(kind, random.Random(f"course-schedule:{kind}"))
        cases.append((f"shuffled-{kind}-2000", f"2000 courses, {len(drawn['prerequisites'])} pairs: "
                      f"{what}, the course numbers shuffled", n, drawn["prerequisites"]))
    return cases


def _dense(n):
    order = list(range(n))
    rng.shuffle(order)
    pairs = [[order[j], order[i]] for i in range(n) for j in range(i + 1, n)]
    rng.shuffle(pairs)
    return pairs


def _q(text):
    return "'" + text.replace("'", "''") + "'"


def _flow(values, indent):
    """A YAML flow list wrapped at ~100 characters (2000 numbers must not be one line)."""
    if not values:
        return "[]"
    lines, line = [], ""
    for v in values:
        piece = f"{v}, "
        if len(line) + len(piece) > 96:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line[:-2])
    return "[" + ("\n" + " " * indent).join(lines) + "]"


def format_case(name, description, n, pairs):
    problems = validator.check({"numCourses": n, "prerequisites": pairs})
    if problems:
        sys.exit(f"{name}: invalid: {problems}")
    expected = reference.findOrder(n, [list(p) for p in pairs])
    out = [f"- name: {name}", f"  description: {_q(description)}", f"  numCourses: {n}"]
    if len(pairs) > 40:  # a pair a line would make the large file five times as long
        out.append(f"  prerequisites: {_flow([f'[{a}, {b}]' for a, b in pairs], 4)}")
    elif pairs:
        out.append("  prerequisites:")
        out += [f"    - [{a}, {b}]" for a, b in pairs]
    else:
        out.append("  prerequisites: []")
    out.append(f"  expected: {_flow(expected, 4)}")
    return "\n".join(out) + "\n"


def build():
    files = {
        ("sample", "examples.yaml"): sample_cases(),
        ("secret", "small.yaml"): small_cases(),
        ("secret", "random.yaml"): random_cases(),
        ("secret", "large.yaml"): large_cases(),
    }
    for (group, file), cases in files.items():
        path = os.path.join(PROBLEM, "cases", group, file)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text = "# Written by problems/course_schedule/tools/make_cases.py (seed 210).\n"
        text += "\n".join(format_case(*case) for case in cases)
        with open(path, "w") as fh:
            fh.write(text)
        print(f"{path}: {len(cases)} cases")


if __name__ == "__main__":
    build()
