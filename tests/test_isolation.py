"""Every case runs in fresh state, and parallel grading gives exactly the serial verdicts."""

import dataclasses
import textwrap
from pathlib import Path

import pytest

from bench import boards
from judge.grading.grade import Options, grade
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import hierarchy
from judge.sandbox.box import detect
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "submissions" / "minesweeper"
ATTACKS = ROOT / "tests" / "attacks"
#: Attacks on the server itself, whose verdicts must not depend on which process answers the judge.
DIRECT_ATTACKS = ("os_exit", "kill_parent", "close_pipes", "sys_exit", "raising_str", "allocate", "surrogate_cell")

# Correct on a fresh start; from its second call in one process on, it returns the previous call's
# answer. It passes only if no state survives from one case to the next.
LEAKY = textwrap.dedent('''
    # Returns the previous call's answer when one is left in its globals.
    _LAST = []

    def updateBoard(board, click):
        if _LAST:
            return _LAST[-1]
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            _LAST.append(board)
            return board
        m, n = len(board), len(board[0])
        todo = [(r, c)]
        while todo:
            i, j = todo.pop()
            if board[i][j] != 'E':
                continue
            k = sum(board[a][b] == 'M' for a in range(max(0, i - 1), min(m, i + 2))
                    for b in range(max(0, j - 1), min(n, j + 2)))
            board[i][j] = str(k) if k else 'B'
            if not k:
                todo += [(a, b) for a in range(max(0, i - 1), min(m, i + 2))
                         for b in range(max(0, j - 1), min(n, j + 2))]
        _LAST.append(board)
        return board
''')


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """The package with its samples and 12 random boards: enough cases to see a leak, quickly."""
    tmp = tmp_path_factory.mktemp("iso")
    records = boards.case_records(boards.random_boards(12, 3, max_size=10))
    problem = load_problem(str(boards.package_copy(tmp / "minesweeper", {"random.yaml": records}, secret=False)))
    return problem, load_cases(problem)


def test_state_left_in_globals_does_not_reach_the_next_case(small, tmp_path):
    problem, cases = small
    leaky = tmp_path / "leaky.py"
    leaky.write_text(LEAKY)
    namespace = {}
    exec(LEAKY, namespace)  # in one process it fails from the second case on: the test can see a leak
    first, second = (namespace["updateBoard"]([list(r) for r in c.args["board"]], list(c.args["click"]))
                     for c in cases[:2])
    assert second == first != cases[1].expected
    result = grade(problem, cases, [leaky, SUBMISSIONS / "accepted" / "global_cache.py"], Options(jobs=1))
    assert [r.verdict for r in result] == [Verdict.AC, Verdict.AC]
    assert all(c.verdict is Verdict.AC for r in result for c in r.cases)


def test_the_worker_answering_the_judge_gives_the_relayed_verdicts(small):
    """Where the box has a cgroup the Python worker answers the judge itself; without one the zygote
    relays every answer. Every sample submission and the attacks on the server get the same verdicts
    and messages both ways (only the figures differ: the judge's measure, or the zygote's; and which
    limit a loop hits first, since without a cgroup load on the machine counts against the CPU limit)."""
    problem, cases = small
    box = detect()
    if not {"cpuacct", "memory"} <= set(hierarchy.available()):
        pytest.skip("no cgroup with cpuacct and memory here: the worker never answers directly")
    relayed = dataclasses.replace(box, hierarchy=hierarchy.Hierarchy(1, {}))
    sources = sorted(SUBMISSIONS.rglob("*.py")) + [ATTACKS / f"{name}.py" for name in DIRECT_ATTACKS]

    def verdicts(results):
        return [(r.submission, r.verdict, tuple((c.name, c.verdict, c.message if c.verdict is not Verdict.TLE else "")
                                                for c in r.cases)) for r in results]

    direct = grade(problem, cases, sources, Options(jobs=2, box=box))
    assert verdicts(grade(problem, cases, sources, Options(jobs=2, box=relayed))) == verdicts(direct)
    assert all(c.cpu_ms is not None for r in direct for c in r.cases if c.verdict is Verdict.AC)


def test_parallel_verdicts_equal_serial_ones(small):
    problem, cases = small
    sources = sorted(SUBMISSIONS.rglob("*.py"))  # every verdict, a looping and a sleeping one among them
    serial = grade(problem, cases, sources, Options(jobs=1))
    parallel = grade(problem, cases, sources, Options(jobs=2))

    def verdicts(results):
        return [(r.submission, r.verdict, tuple((c.name, c.verdict, c.message) for c in r.cases)) for r in results]

    # Messages too: a TLE must say the same limit (CPU, not wall) whether or not another runs beside it.
    assert verdicts(parallel) == verdicts(serial)
    assert {r.verdict for r in serial} >= {Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.MLE, Verdict.RE, Verdict.CE}
