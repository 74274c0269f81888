"""The judge's own measure of each case's CPU time and memory (the box's cgroup, read from outside
the submission's processes) and the limits it enforces with it: hostile submissions from
tests/attacks/ graded for real, in the real box, in every language that can hide work from its
harness (a helper thread, a child, a rewritten limit, work before the server is ready).

Each test asserts the verdict and that the reported CPU time or memory is the real work's, not the
near-zero a harness measuring only its own thread would report.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from judge.grading.grade import Options, grade, grade_one
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import cgroups, hierarchy
from judge.sandbox.box import detect
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
ATTACKS = ROOT / "tests" / "attacks"
PROBLEM = load_problem("minesweeper")
#: The same problem with a wall limit far above its CPU limit: a case then ends by answering or by
#: the CPU limit the judge enforces, however loaded the machine is (the wall limit has tests of its own).
PATIENT = dataclasses.replace(PROBLEM, limits=dataclasses.replace(PROBLEM.limits, wall_time=30.0))
CASES = load_cases(PROBLEM)[:2]
LIMIT_MS = PROBLEM.limits.time * 1000
LIMIT_KB = PROBLEM.limits.memory_mb * 1024
#: How far past the CPU limit a box may get before the judge kills it: about one CFS period of a box
#: with several busy threads, plus the lateness of the check itself on a busy machine.
OVERSHOOT_MS = 300
#: What a case costs beyond the submission's own work (the server's share of the round trip, a
#: fork, a thread start); a harness that missed the work would report about this much.
OVERHEAD_MS = 150

pytestmark = pytest.mark.skipif(not {"memory", "cpu", "cpuacct"} <= set(hierarchy.available()),
                                reason="no cgroup with memory, cpu and cpuacct can be made here")

HONEST = '''# Needs about half a second of CPU per case, then answers right.
import time

WORK_S = 0.5


class Solution:
    def updateBoard(self, board, click):
        end = time.thread_time() + WORK_S
        while time.thread_time() < end:
            pass
        rows, cols = len(board), len(board[0])
        r, c = click
        if board[r][c] == "M":
            board[r][c] = "X"
            return board
        todo = [(r, c)]
        while todo:
            r, c = todo.pop()
            if board[r][c] != "E":
                continue
            near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]
            mines = sum(board[y][x] in "MX" for y, x in near)
            board[r][c] = str(mines) if mines else "B"
            if not mines:
                todo += [(y, x) for y, x in near if board[y][x] == "E"]
        return board
'''


@pytest.fixture(scope="module")
def box():
    found = detect()
    assert found.isolated, f"no sandbox on this machine: {found.reason} (run bash setup.sh)"
    return found


def detail(result) -> str:
    return f"{result.verdict.value}: " + " | ".join(
        f"{c.name}: {c.verdict.value} cpu={c.cpu_ms} mem={c.memory_kb} {c.message[:120]}" for c in result.cases)


@pytest.mark.parametrize("name", ["cpu_thread_rlimit.py", "cpu_thread.java", "cpu_thread.cpp", "cpu_goroutine.go"])
def test_work_on_a_helper_thread_with_its_limit_lifted_is_tle_at_the_limit(box, name):
    """2 s of CPU on a helper thread, the harness's own limit lifted (rlimit, static field, argv):
    the judge stops the box at 1 s of the box's CPU time. (C++'s rewrite no longer reaches its case's
    child, which loads the submission after reading its config: the judge's measure ends it, its own
    RLIMIT_CPU being only a backstop a second later.)"""
    result = grade_one(PATIENT, CASES[:1], ATTACKS / name, Options(box=box))
    case = result.cases[0]
    assert result.verdict is Verdict.TLE and "CPU time limit" in case.message, detail(result)
    assert LIMIT_MS <= case.cpu_ms <= LIMIT_MS + OVERSHOOT_MS, detail(result)


def test_work_on_a_helper_thread_under_the_limit_is_counted(box, tmp_path):
    """The same attack with 0.4 s of work: not stopped, and its CPU time is the thread's work."""
    source = tmp_path / "helper_thread.py"
    source.write_text((ATTACKS / "cpu_thread_rlimit.py").read_text().replace("WORK_S = 2.0", "WORK_S = 0.4"))
    result = grade_one(PATIENT, CASES, source, Options(box=box))
    # It returns the board untouched: a wrong answer, judged as such, with its time.
    assert [c.verdict for c in result.cases] == [Verdict.WA] * len(CASES), detail(result)
    assert all(400 <= c.cpu_ms <= 400 + OVERHEAD_MS for c in result.cases), detail(result)


def test_work_in_a_forked_child_counts_toward_the_case(box):
    """A child in a session of its own does 0.4 s of work while the parent waits: AC, 0.4 s each."""
    result = grade_one(PATIENT, CASES, ATTACKS / "fork_burn.py", Options(box=box))
    assert result.verdict is Verdict.AC, detail(result)
    assert all(400 <= c.cpu_ms <= 400 + OVERHEAD_MS for c in result.cases), detail(result)


def test_work_before_the_server_is_ready_is_charged_to_the_first_case(box):
    """2 s of CPU in a Go init(), before the server says ready: TLE on the first case."""
    result = grade_one(PATIENT, CASES[:1], ATTACKS / "cpu_before_ready.go", Options(box=box))
    case = result.cases[0]
    assert result.verdict is Verdict.TLE and "CPU time limit" in case.message, detail(result)
    assert 2000 <= case.cpu_ms <= 2000 + OVERSHOOT_MS, detail(result)


def test_a_cpp_static_initialiser_is_part_of_every_case(box):
    """2 s of CPU in a C++ static initialiser: it runs in each case's child, under the case's limit, so
    every case is TLE at that limit (in the server's program it ran once, before `ready`)."""
    options = Options(box=box, skip_after_limit=False)
    result = grade_one(PATIENT, CASES, ATTACKS / "cpu_static_init.cpp", options)
    assert all(c.verdict is Verdict.TLE and "CPU time limit" in c.message for c in result.cases), detail(result)
    assert all(LIMIT_MS <= c.cpu_ms <= LIMIT_MS + OVERSHOOT_MS for c in result.cases), detail(result)


#: Answers right only when the case's own RLIMIT_CPU leaves it the 1 s limit and the 1 s backstop
#: (session.CPU_BACKSTOP).
RLIMIT_PROBES = {
    "rlimit_probe.py": """import resource, time
from judge_accepted import Solution as Right


class Solution(Right):
    def updateBoard(self, board, click):
        left = resource.getrlimit(resource.RLIMIT_CPU)[0] - time.process_time()
        return super().updateBoard(board, click) if left >= 1.999 else board
""",
    "rlimit_probe.cpp": """#include <sys/resource.h>
SOLUTION
class Solution : public Right {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        struct rlimit rl;
        getrlimit(RLIMIT_CPU, &rl);
        return rl.rlim_cur >= 2 ? Right::updateBoard(board, click) : board;
    }
};
""",
}


@pytest.mark.parametrize("name", sorted(RLIMIT_PROBES))
def test_a_cases_own_rlimit_cpu_is_a_backstop_past_the_limit_where_the_box_is_measured(box, tmp_path, name):
    """Honest round 29: the kernel checks RLIMIT_CPU against tick-sampled time, which ran ahead of the real
    count on a busy machine: C++ and Python cases that answered right at 0.96 s of a 1 s limit were TLE at
    850-940 ms of the judge's measure. Where the judge measures the box, the rlimit is a second past the
    limit (a backstop) and the judge's measure is the limit: these answer right only when that holds."""
    right = (ROOT / "submissions/minesweeper/accepted" / ("bfs_class.py" if name.endswith(".py") else "bfs.cpp"))
    if name.endswith(".py"):
        source = RLIMIT_PROBES[name].replace("from judge_accepted import Solution as Right\n",
                                             right.read_text().replace("class Solution", "class Right"))
    else:
        source = RLIMIT_PROBES[name].replace("SOLUTION", right.read_text().replace("class Solution", "class Right"))
    path = tmp_path / name
    path.write_text(source)
    result = grade_one(PATIENT, CASES, path, Options(box=box))
    assert result.verdict is Verdict.AC, detail(result)


ALTERNATE = '''# Every other case burns 0.3 s of CPU and holds 64 MB; each case prints its click.
import time

calls = []


class Solution:
    def updateBoard(self, board, click):
        print("case", click)
        if sum(click) % 2:
            block = bytearray(64 << 20)
            block[::4096] = b"x" * (16 << 10)
            end = time.process_time() + 0.3
            while time.process_time() < end:
                pass
        return [["X"]]
'''


@pytest.mark.parametrize("poll", [False, True])
def test_each_case_keeps_its_own_time_memory_and_output_though_the_next_is_sent_early(box, tmp_path, poll):
    """The next case goes to the box as soon as an answer is in and measured, before the judge checks
    it: the heavy cases (odd clicks) and the light ones still get their own CPU time, peak memory and
    prints, whatever order the judge's own work runs in, and whether the judge sleeps until an answer
    comes or polls for it at first."""
    source = tmp_path / "alternate.py"
    source.write_text(ALTERNATE)
    cases = load_cases(PROBLEM)[:8]
    result = grade_one(PATIENT, cases, source, Options(box=box, poll=poll))
    for case, got in zip(cases, result.cases, strict=False):
        click = case.args["click"]
        assert got.output.strip() == f"case {click}", detail(result)
        if sum(click) % 2:
            assert 300 <= got.cpu_ms <= 300 + OVERHEAD_MS and got.memory_kb >= 60 * 1024, detail(result)
        else:
            assert got.cpu_ms < OVERHEAD_MS and got.memory_kb < 32 * 1024, detail(result)
    assert {sum(c.args["click"]) % 2 for c in cases} == {0, 1}   # the cases hold both kinds


def test_every_counter_of_a_case_is_read_before_the_next_case_is_sent(box, monkeypatch):
    """The box runs the next case the moment its request is in: a counter read after that may hold the
    next case's use. An OOM kill of the next case read so was charged to the case before (RE became
    MLE, the review of a change that read the peak and the kills after the request to save 4 us)."""
    from judge.sandbox import meter as meter_module, runner

    events = []
    take, send = meter_module.Meter.take, runner.Server._send

    def taken(self):
        events.append("take")
        return take(self)

    def sent(self, payload):
        events.append("send")
        return send(self, payload)

    monkeypatch.setattr(meter_module.Meter, "take", taken)
    monkeypatch.setattr(runner.Server, "_send", sent)
    cases = load_cases(PROBLEM)[:4]
    result = grade_one(PROBLEM, cases, ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py",
                       Options(box=box))
    assert result.verdict is Verdict.AC
    # the first request, then for each answer but the last: its counters, then the next request
    assert events == ["send"] + ["take", "send"] * (len(cases) - 1) + ["take"]


@pytest.mark.parametrize("name", ["memory_rlimit.py", "memory_thread.py"])
def test_memory_with_the_rlimit_lifted_or_on_a_helper_thread_is_mle(box, name):
    """330 MB against 256 MiB, with the address-space rlimit lifted, on the main or a helper thread:
    the box's memory cap stops it, and the case's memory is the box's peak, at the limit."""
    result = grade_one(PATIENT, CASES[:1], ATTACKS / name, Options(box=box))
    case = result.cases[0]
    assert result.verdict is Verdict.MLE and "memory limit" in case.message, detail(result)
    assert LIMIT_KB * 0.95 <= case.memory_kb <= LIMIT_KB + 1024, detail(result)


def test_a_table_in_the_programs_own_file_is_counted_to_the_box(box):
    """Red-team round 26: a 60 MiB table in a C++ program's .rodata, read by every case beside 200 MiB
    of heap, was never counted: the file's pages were the judge's page cache (it copied the program),
    so the box mapped them for nothing and got AC at 237 MiB. The box now reads them in itself."""
    result = grade_one(PATIENT, CASES[:1], ATTACKS / "rodata_table.cpp", Options(box=box))
    case = result.cases[0]
    assert result.verdict is Verdict.MLE and "memory limit" in case.message, detail(result)
    assert case.memory_kb >= LIMIT_KB, detail(result)


#: A JavaScript submission that returns the board untouched (WA, at no cost of its own), but that runs
#: out of memory on the 4x4 boards' odd clicks: its worker is then ended, and the next case gets a new one.
NULL_THEN_HOG_JS = """var updateBoard = function(board, click) {
  if (board.length === 4 && (click[0] + click[1]) % 2) {
    const rows = [];
    for (;;) rows.push(new Array(1 << 16).fill(1.5));
  }
  return board;
};
"""


def test_a_javascript_workers_start_is_counted_to_no_case(box, tmp_path):
    """Red-team round 27: node's server said ready before its worker thread had started, so the judge's
    marks (CPU, the memory baseline) came before it: 100 ms of the first case's CPU and 11 MiB of every
    case's memory were the worker's start, and a case after one that ended its worker was charged the
    next worker's start (68 ms, 13 MiB). Now a case that does nothing costs about nothing, wherever it is."""
    source = tmp_path / "null_then_hog.js"
    source.write_text(NULL_THEN_HOG_JS)
    cases = load_cases(PROBLEM)[:8]
    result = grade_one(PATIENT, cases, source, Options(box=box, skip_after_limit=False))
    hogs = [got for case, got in zip(cases, result.cases, strict=True)
            if len(case.args["board"]) == 4 and sum(case.args["click"]) % 2]
    assert hogs and all(got.verdict is Verdict.MLE for got in hogs), detail(result)
    rest = [got for got in result.cases if got not in hogs]
    assert rest and all(got.verdict is Verdict.WA for got in rest), detail(result)
    assert all(got.cpu_ms < 40 and got.memory_kb < 6 * 1024 for got in rest), detail(result)


def test_javascript_may_hold_its_whole_memory_limit(box, tmp_path):
    """Red-team round 27: `--max-old-space-size=64`, meant for the server's main thread, is a flag of the
    whole process and capped the worker's heap at 88 MB: an accepted solution that held 80 MiB was MLE.
    The same solution holding 150 MiB of arrays is AC now, with that memory counted."""
    source = tmp_path / "holds_150_mib.js"
    source.write_text((ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_var.js").read_text() + """
const solve = updateBoard;
updateBoard = function(board, click) {
  const rows = [];
  for (let k = 0; k < 150; k++) rows.push(new Array(131072).fill(k + 0.5));
  return rows.length === 150 ? solve(board, click) : [];
};
""")
    result = grade_one(PATIENT, CASES, source, Options(box=box))
    assert result.verdict is Verdict.AC, detail(result)
    assert all(150 * 1024 <= c.memory_kb < LIMIT_KB for c in result.cases), detail(result)


def test_a_cpp_servers_own_heap_does_not_grow_into_its_cases(box, tmp_path):
    """Round 27: a C++ box is charged whole (its start included), and the server's own frees (each
    request parsed for its id, each answer parsed and written again) waited in AddressSanitizer's 16 MiB
    quarantine: a solution that does nothing read 36 MB a case by the 20th case of course_schedule
    (39 at most), against 6 at the first. The server gives that memory back after every case."""
    problem = load_problem("course_schedule")
    source = tmp_path / "nothing.cpp"
    source.write_text("class Solution {\npublic:\n    vector<int> findOrder(int n, vector<vector<int>>& pre) "
                      "{ return {}; }\n};\n")
    cases = load_cases(problem)
    result = grade_one(problem, cases, source, Options(box=box, skip_after_limit=False))
    assert len(result.cases) >= 30 and all(c.memory_kb is not None for c in result.cases), detail(result)
    assert max(c.memory_kb for c in result.cases) < 24 * 1024, detail(result)


def test_an_honest_submission_beside_spinners_keeps_its_serial_verdict(box, tmp_path):
    """16 detached busy loops in one box, graded two at a time beside an honest submission that
    needs 0.5 s of CPU per case: each box has one core, so the honest one is AC, as alone."""
    honest = tmp_path / "honest.py"
    honest.write_text(HONEST)
    cases = load_cases(PROBLEM)[:4]
    spinners, fair = grade(PROBLEM, cases, [ATTACKS / "spinners.py", honest],
                           Options(jobs=2, box=box, skip_after_limit=False))
    assert fair.verdict is Verdict.AC, detail(fair)
    assert all(500 <= c.cpu_ms <= 500 + OVERHEAD_MS for c in fair.cases), detail(fair)
    # The spinners' box had one core: never more CPU time than wall time (plus a CFS period's burst
    # and the judge's own lateness), where without the quota its 16 loops take 1.5 cores here. It is
    # charged for all of it, so its own verdict depends on how much it got.
    assert spinners.verdict in (Verdict.AC, Verdict.TLE), detail(spinners)
    assert all(c.cpu_ms <= c.time_ms + OVERSHOOT_MS for c in spinners.cases), detail(spinners)


# ------------------------------------------------------------------ cgroup v2, as far as this machine has it

V2 = hierarchy.detect_v2()
needs_v2 = pytest.mark.skipif(V2 is None, reason="no cgroup v2 group can be made here")


@needs_v2
def test_v2_hierarchy_says_what_it_offers():
    """Every v2 group has cpu.stat and cgroup.freeze; what its parent does not enable is named."""
    assert V2.version == 2 and {"cpuacct", "freezer"} <= set(V2.capabilities), V2
    lacking = [c for c in hierarchy.CONTROLLERS if c not in V2.capabilities]
    assert all(c in V2.missing for c in lacking), V2.missing


@pytest.mark.parametrize("nested", [False, True], ids=["userns-forbidden", "userns-allowed"])
def test_a_box_that_resets_its_own_cpu_counter_is_tle_at_the_limit(box, nested):
    """cgroup_reset.py makes a user namespace to mount its cgroup hierarchy and resets cpuacct.usage
    every 0.1 s while its children burn 1.8 s. bubblewrap's --disable-userns stops it at unshare();
    where a box may make user namespaces (bubblewrap before 0.8), it mounts the hierarchy and resets
    its leaf group's counter, not the group above it that the judge reads: TLE at the limit either way."""
    which = dataclasses.replace(box, nested_userns=nested)
    result = grade_one(PATIENT, CASES[:1], ATTACKS / "cgroup_reset.py", Options(box=which))
    case = result.cases[0]
    assert result.verdict is Verdict.TLE and "CPU time limit" in case.message, detail(result)
    assert LIMIT_MS <= case.cpu_ms <= LIMIT_MS + OVERSHOOT_MS, detail(result)
    if not nested:
        assert "tamper: unshare: No space left on device" in case.output, case.output
    elif "tamper: mounted" not in case.output:
        pytest.skip(f"this kernel lets no box make a user namespace, nothing to reset: {case.output!r}")


@needs_v2
@pytest.mark.parametrize("name, verdict, low, high", [
    ("cpu_thread_rlimit.py", Verdict.TLE, LIMIT_MS, LIMIT_MS + OVERSHOOT_MS),
    ("fork_burn.py", Verdict.AC, 400, 400 + OVERHEAD_MS),
])
def test_v2_box_measures_and_limits_cpu_from_outside(box, name, verdict, low, high):
    """A box whose cgroup is a v2 group: its CPU time comes from cpu.stat, killed with cgroup.kill."""
    v2_box = dataclasses.replace(box, hierarchy=V2)
    result = grade_one(PATIENT, CASES[:1], ATTACKS / name, Options(box=v2_box))
    case = result.cases[0]
    assert result.verdict is verdict, detail(result)
    assert low <= case.cpu_ms <= high, detail(result)


@needs_v2
def test_v2_group_counts_every_process_and_kills_the_detached():
    """A v2 group, for real: cpu.stat counts a helper thread and a detached child; cgroup.kill (or
    the freezer) ends children that left the process group, and the group is removed."""
    group = cgroups.Group(hierarchy=V2)
    code = ("import os, subprocess, threading, time\n"
            "def burn(s):\n"
            "    end = time.thread_time() + s\n"
            "    while time.thread_time() < end: pass\n"
            "t = threading.Thread(target=burn, args=(0.3,)); t.start(); t.join()\n"
            "if os.fork() == 0:\n"
            "    os.setsid(); burn(0.3); os._exit(0)\n"
            "os.wait()\n"
            "for _ in range(3):\n"
            "    subprocess.Popen(['sleep', '3600'], start_new_session=True,\n"
            "                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n")
    try:
        folder = group.dirs["cpuacct"]
        proc = subprocess.run([sys.executable, "-c", code], preexec_fn=group.enter, capture_output=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert 600 <= group.cpu_ns() / 1e6 <= 600 + OVERHEAD_MS, group.cpu_ns()
        assert len(group.pids()) == 3, "the detached sleepers should still be there"
        assert group.kill() and not group.pids()
    finally:
        group.close()
    assert not folder.exists()
