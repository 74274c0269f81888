"""--jobs N: lanes in processes of their own (judge/grading/lanes.py), the same results as one at a time."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from helpers import processes_where
from judge.grading import lane_process, lanes
from judge.grading.grade import CaseData, Options, grade, grade_one
from judge.grading.lanes import run_lane
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import hierarchy
from judge.sandbox.box import detect
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = load_problem("minesweeper")
CASES = load_cases(PROBLEM)[:4]
SUBMISSIONS = ROOT / "submissions" / "minesweeper"


def children() -> list[int]:
    """This process's child lanes still running."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == os.getpid() and b"judge.grading.lanes" in command:
                found.append(int(entry.name))
    return found


@pytest.mark.parametrize("jobs", [2, 3])
def test_lanes_give_what_one_at_a_time_gives_in_the_order_given(jobs):
    sources = [*sorted((SUBMISSIONS / "accepted").glob("*.py")),
               *sorted((SUBMISSIONS / "wrong_answer").glob("*.py"))[:3],
               *sorted((SUBMISSIONS / "runtime_error").glob("*.py"))[:2], SUBMISSIONS / "accepted" / "bfs.cpp"]
    seen = []
    results = grade(PROBLEM, CASES, sources, Options(jobs=jobs, box=detect()), progress=seen.append)
    alone = [grade_one(PROBLEM, CASES, s, Options(box=detect())) for s in sources]
    assert [r.submission for r in results] == [r.submission for r in alone]
    assert [(r.verdict, [c.verdict for c in r.cases], r.sha256) for r in results] == \
        [(r.verdict, [c.verdict for c in r.cases], r.sha256) for r in alone]
    assert sorted(r.submission for r in seen) == sorted(r.submission for r in results)  # each reported once
    assert all(c.cpu_ms is not None for r in results if r.verdict is Verdict.AC for c in r.cases)
    assert not children()


@pytest.mark.parametrize("graded_from, judges_box", [(0, True), (2, True), (0, False)])
def test_lanes_started_early_with_their_first_submission_give_the_same_results(graded_from, judges_box,
                                                                               monkeypatch):
    """`judge grade` starts the other lanes, each with the box of the submission it will likely grade first,
    before the cases are loaded; a submission that is not graded after all (its result was stored) is not lost.
    The judge sends its own box, whose self-test passed, with it (the lane then tests none of its own)."""
    sources = [*sorted((SUBMISSIONS / "accepted").glob("*.py")),
               *sorted((SUBMISSIONS / "wrong_answer").glob("*.py"))[:3]]
    sent = []
    send = lane_process.send
    monkeypatch.setattr(lane_process, "send", lambda stream, value: sent.append(value) or send(stream, value))
    box = detect() if judges_box else None
    lane_process.prepare(PROBLEM, sources, 3, box)
    early = [value for value in sent if isinstance(value, tuple) and value[0] == "early"]
    assert len(early) == 2 and all(value[3] is box for value in early), early
    results = grade(PROBLEM, CASES, sources[graded_from:], Options(jobs=3, box=detect()))
    alone = [grade_one(PROBLEM, CASES, s, Options(box=detect())) for s in sources[graded_from:]]
    assert [(r.submission, r.verdict) for r in results] == [(r.submission, r.verdict) for r in alone]
    assert not children()



def test_lanes_spawned_before_the_problem_is_known_grade_and_spares_end_on_their_own():
    """lane_process.spawn (as `judge grade` starts): prepare() gives the lanes it needs their first
    submission and lets the others go, which end by themselves; the results are those of one at a time."""
    sources = sorted((SUBMISSIONS / "accepted").glob("*.py"))[:3]
    lane_process.spawn(3)
    assert len(children()) == 3
    lane_process.prepare(PROBLEM, sources[:2], 3)  # two submissions: one other lane, two let go
    results = grade(PROBLEM, CASES, sources[:2], Options(jobs=3, box=detect()))
    assert [r.verdict for r in results] == [Verdict.AC, Verdict.AC]
    deadline = time.monotonic() + 30
    while children() and time.monotonic() < deadline:
        for pid in children():
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
        time.sleep(0.05)
    assert not children()

def test_a_lane_that_dies_leaves_its_submissions_je_and_the_rest_graded(monkeypatch):
    sources = sorted((SUBMISSIONS / "accepted").glob("*.py")) * 2
    real = lane_process.Child.__init__

    def doomed(self):
        real(self)
        threading.Timer(0.05, self.proc.kill).start()

    monkeypatch.setattr(lane_process.Child, "__init__", doomed)
    results = grade(PROBLEM, CASES, sources, Options(jobs=2, box=detect()))
    assert len(results) == len(sources)
    verdicts = [r.verdict for r in results]
    assert set(verdicts) <= {Verdict.AC, Verdict.JE} and Verdict.JE in verdicts and Verdict.AC in verdicts
    assert all("the grading lane" in r.message for r in results if r.verdict is Verdict.JE)
    assert not children()


def test_an_interrupt_stops_every_lane_and_keeps_what_finished(tmp_path, ctrl_c):
    reference = (ROOT / "problems" / "minesweeper" / "reference.py").read_text()
    slow = ("import time as _t\n_orig = updateBoard\ndef updateBoard(board, click):\n"
            "    _t.sleep(0.5)\n    return _orig(board, click)\n")
    sources = []
    for k in range(4):
        sources.append(tmp_path / f"s{k}.py")
        sources[-1].write_text(reference + slow)
    seen = []
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.time()
    with pytest.raises(KeyboardInterrupt):
        grade(PROBLEM, load_cases(PROBLEM), sources, Options(jobs=2, box=detect()), progress=seen.append)
    assert time.time() - started < 10 and seen == []   # stopped at the next case, none finished
    assert not children()


def _cmdline(pid: int) -> bytes | None:
    """A process's command line (None once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()[:200]
    except OSError:
        return None


def test_lanes_end_with_a_judge_that_is_killed(tmp_path):
    """A lane whose judge dies is interrupted at once and ends its boxes, rather than grading on alone."""
    import subprocess
    import sys

    reference = (ROOT / "problems" / "minesweeper" / "reference.py").read_text()
    slow = ("import time as _t\n_orig = updateBoard\ndef updateBoard(board, click):\n"
            "    _t.sleep(0.5)\n    return _orig(board, click)\n")
    for k in range(4):
        (tmp_path / f"s{k}.py").write_text(reference + slow + f"# {k}\n")
    proc = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", str(tmp_path), "--jobs", "2",
                             "--fuzz", "0", "--no-store"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)

    def in_session() -> list[int]:
        return [pid for pid in processes_where("session", proc.pid) if pid != proc.pid]

    try:
        deadline = time.time() + 30
        while time.time() < deadline and not any(
                b"judge.grading.lanes" in Path(f"/proc/{pid}/cmdline").read_bytes() for pid in in_session()
                if Path(f"/proc/{pid}/cmdline").exists()):
            time.sleep(0.1)
        time.sleep(1.5)  # both lanes are into their slow cases
        proc.kill()
        proc.wait()
        # A lane's server being started when its judge dies finishes that start before the lane ends it
        # (a few ms, seconds on a loaded machine): hence the generous bound.
        deadline = time.time() + 30
        while in_session() and time.time() < deadline:
            time.sleep(0.2)
        left = {pid: _cmdline(pid) for pid in in_session()}
        assert not {pid: line for pid, line in left.items() if line is not None}, left  # all gone, or what is left
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # nothing left, as it should be
            pass
        found = hierarchy.detect()  # the groups the killed judge could not remove (its own lane's boxes)
        if found is not None:
            hierarchy.sweep(found, older_than=0.0)


def test_a_lane_started_for_nothing_ends_quietly_with_its_judge(tmp_path):
    """`judge grade` starts the other lanes before it knows which results the store holds; when they
    get no work (here b.py's result is stored, so one submission is left), they end with the judge,
    their early box too, and print nothing."""
    import subprocess
    import sys

    reference = (ROOT / "problems" / "minesweeper" / "reference.py").read_text()
    folder, db = tmp_path / "subs", tmp_path / "r.sqlite3"
    folder.mkdir()
    for name in ("a", "b"):
        (folder / f"{name}.py").write_text(reference + f"\n# {name}\n")
    command = [sys.executable, "-m", "judge", "grade", "minesweeper", "--fuzz", "0", "--db", str(db), "--jobs", "2"]
    first = subprocess.run([*command, str(folder / "b.py")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    # stderr is a pipe the lanes inherit: run() returns once every process holding it has ended.
    again = subprocess.run([*command, str(folder)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert "2 submissions: 2 AC" in again.stdout
    assert again.stderr.strip() == "", again.stderr


@pytest.mark.parametrize("frame, why", [
    (b"\x80\x04K\x01.", "codec"),                                            # a pickle is never read back
    (b'{"index": 0}', "a submission: expected an object"),
    (b'{"index": "0", "result": {}}', "without its index"),
    (b'{"index": 0, "result": {"submission": "a.py"}}', "path: expected str"),
    (b'[1, 2]', "without its index"),
    (b"\xff\xfe", "Expecting value"),
])
def test_what_a_lane_sends_back_is_read_strictly_as_a_result(frame, why):
    import io

    with pytest.raises(ValueError, match=why):
        lanes.receive_result(io.BytesIO(lane_process._SIZE.pack(len(frame)) + frame))


def test_a_lane_result_goes_back_and_forth_as_the_judges_own_json():
    import io

    result = grade_one(PROBLEM, CASES, SUBMISSIONS / "wrong_answer" / sorted(
        p.name for p in (SUBMISSIONS / "wrong_answer").glob("*.py"))[0], Options(box=detect()))
    stream = io.BytesIO()
    lanes.send_result(stream, 7, result)
    stream.seek(0)
    index, back = lanes.receive_result(stream)
    assert index == 7 and back.verdict is result.verdict and back.sha256 == result.sha256
    assert [(c.verdict, c.got, c.diff, c.answer) for c in back.cases] == \
        [(c.verdict, c.got, c.diff, c.answer) for c in result.cases]


def test_a_lane_that_sends_an_unreadable_result_is_ended_and_its_submissions_are_je():
    import io

    class Proc:
        pid = 4242

        def poll(self):
            return None

    class Lane:  # the reader's view of a child: what it was given, its pipe, and how to end it
        proc, held, ended, given = Proc(), [3, 5], False, []
        from_child = io.BytesIO(lane_process._SIZE.pack(3) + b"{x}")

        def interrupt(self):
            self.ended = True

        def give(self, item):
            self.given.append(item)

    lane, reported = Lane(), {}
    sources = [Path(f"/nowhere/s{k}.py") for k in range(6)]
    lanes._read(lane, lambda: None, reported.__setitem__, CASES, sources)
    assert lane.ended and lane.held == [] and sorted(reported) == [3, 5]
    assert all(r.verdict is Verdict.JE and "sent an unreadable result" in r.message for r in reported.values())


def test_an_interrupt_between_two_submissions_ends_the_server_started_ahead():
    """CI, this session: a SIGTERM landing as a lane started its next submission's server left that
    Warm unclosed, and the judge waited for its non-daemon thread for ever (1 run in 5 of
    test_killed_run_keeps_whole_submissions_only). The interrupt here comes from take(), at that point."""
    problem, cases = PROBLEM, CASES[:2]
    accepted = SUBMISSIONS / "accepted"
    sources = [accepted / "bfs_class.py", accepted / "dfs_recursive.py", accepted / "bare_function.py"]
    given = iter(enumerate(sources))

    def take():
        item = next(given, None)
        if item is not None and item[0] == 2:
            raise KeyboardInterrupt  # as the signal would, just after the second server was started ahead
        return item

    before = {t for t in threading.enumerate() if t.name == "judge-warm"}
    with pytest.raises(KeyboardInterrupt):
        run_lane(problem, cases, Options(), CaseData(problem, cases), take, lambda index, result: None)
    for thread in threading.enumerate():
        if thread.name == "judge-warm" and thread not in before:
            thread.join(20)
            assert not thread.is_alive(), "a server started ahead was never let go"


def test_a_signal_pending_as_a_lane_ends_still_lets_its_servers_go():
    """CI, next session: the judge's exit (PR_SET_PDEATHSIG) landed as a lane with nothing to do began its
    clean-up; the handler ran inside signal.signal() there, the KeyboardInterrupt skipped the clean-up,
    and the lane's early server kept it alive for ever. Here that signal runs its handler at that call."""
    import subprocess
    import sys

    script = (
        "import signal, sys\n"
        "from judge.grading import lanes\n"
        "closed = []\n"
        "class Started:\n"
        "    def close(self):\n"
        "        closed.append(1)\n"
        "def serve(inbox, outbox, started):\n"
        "    started.append(Started())\n"
        "    return 0\n"
        "lanes._serve = serve\n"
        "real = signal.signal\n"
        "def pending(signum, handler):\n"
        "    if signum == signal.SIGTERM and handler is signal.SIG_IGN:\n"
        "        signal.getsignal(signum)(signum, None)  # as a pending SIGTERM would, at this call\n"
        "    return real(signum, handler)\n"
        "signal.signal = pending\n"
        "print(lanes.main(), len(closed), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr.split() == ["0", "1"], done.stderr


def test_a_module_named_like_the_standard_librarys_in_the_working_folder_is_not_the_lanes(tmp_path):
    """Review of the -S start: a lane child run with `-m` imported the working folder's `re.py` (a hand-in
    folder's, say) and died, its submissions JE. The judge here is started as its console script is
    (the script's folder first on its path, not the working folder)."""
    import subprocess
    import sys

    folder = tmp_path / "handins"
    folder.mkdir()
    for name in ("re", "json", "enum", "typing"):
        (folder / f"{name}.py").write_text("raise SystemExit('imported from the working folder')\n")
    script = tmp_path / "bin" / "judge"
    script.parent.mkdir()
    script.write_text("import sys\nfrom judge.cli.main import run\nsys.exit(run())\n")
    sources = [SUBMISSIONS / "accepted" / "bare_function.py", SUBMISSIONS / "wrong_answer" / "digits_spread.py",
               SUBMISSIONS / "accepted" / "bfs_class.py"]
    done = subprocess.run([sys.executable, str(script), "grade", "minesweeper", *map(str, sources), "--jobs", "2",
                           "--no-store", "--fuzz", "0"], cwd=folder, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "3 submissions: 2 AC, 1 WA" in done.stdout and "grading lane" not in done.stdout, done.stdout + done.stderr


def test_a_lane_grades_its_next_submission_before_it_is_sent_the_one_after(monkeypatch):
    """A child lane is sent its next submission in answer to the result it sends: a lane that waited for
    that answer before grading on (it takes each next one to start its server ahead) stood idle for the
    round trip, 10-20 ms a submission. Here the answer comes only once the next grading has begun."""
    grading = threading.Event()
    order: list[str] = []

    def grade_one(problem, cases, source, options, shared):
        order.append(f"grade {source.name}")
        if source.name == "s1.py":
            grading.set()
        return lanes.judge_error_result(cases, source, "not graded")

    class Started:  # what the lane starts ahead: here nothing but what it must close
        def __init__(self, problem, source, box, eager):
            self.source = source

        def close(self):
            order.append(f"close {self.source.name}")

    sources = [Path(f"/nowhere/s{k}.py") for k in range(3)]
    given = iter(enumerate(sources))

    def take():
        item = next(given, None)
        if item is not None and item[0] == 2:  # the round trip: only once s1's grading has begun
            assert grading.wait(10), "the lane waited for its next submission before grading on"
        order.append(f"take {item[1].name if item else None}")
        return item

    monkeypatch.setattr(lanes, "grade_one", grade_one)
    monkeypatch.setattr(lanes, "Warm", Started)
    reported = []
    run_lane(PROBLEM, CASES, Options(), CaseData(PROBLEM, CASES), take, lambda index, result: reported.append(index))
    assert reported == [0, 1, 2]
    assert order.index("grade s1.py") < order.index("take s2.py") < order.index("grade s2.py")
    assert order.count("close s1.py") == order.count("close s2.py") == 1  # each started one ended once


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_of_several_submissions_leaves_no_cgroup_behind(jobs):
    """Red-team round 25: each lane's last box was still being torn down on a daemon thread when the
    process ended (shutdown.end waits for the others only): its cgroup folders stayed, every run."""
    import subprocess
    import sys

    found = hierarchy.detect()
    if found is None:
        pytest.skip("no cgroups here")

    def groups() -> set[Path]:
        return {g for parent in set(found.parents.values()) for g in parent.glob("judge-*")}

    before = groups()
    sources = [str(p) for p in sorted((SUBMISSIONS / "accepted").glob("*.py"))[:4]]
    done = subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", *sources, "--jobs", jobs,
                           "--fuzz", "0", "--no-store"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert groups() - before == set()


def test_an_interrupt_as_the_next_submission_is_taken_ends_what_it_started(monkeypatch):
    """A review of red-team round 25: an interrupt that lands once the next submission's thread has started
    but before run_lane holds it (Thread.start() waits, and CPython looks for signals as a call returns)
    left the server that thread started unclosed, and the process waited for its thread for ever."""
    made = []

    class Started:
        def __init__(self, problem, source, box, eager):
            self.closed = False
            made.append(self)

        def close(self):
            self.closed = True

    real = lanes._Next.__init__

    def interrupted_on_return(self, *args):
        real(self, *args)
        self.thread.join()       # it has taken its submission and started that one's server
        raise KeyboardInterrupt  # as a Ctrl-C handled as the constructor returns

    monkeypatch.setattr(lanes, "Warm", Started)
    monkeypatch.setattr(lanes._Next, "__init__", interrupted_on_return)
    given = iter(enumerate(Path(f"/nowhere/s{k}.py") for k in range(3)))
    with pytest.raises(KeyboardInterrupt):
        run_lane(PROBLEM, CASES, Options(), CaseData(PROBLEM, CASES), lambda: next(given, None),
                 lambda index, result: None)
    assert made and all(started.closed for started in made)


def test_a_lane_is_interrupted_once_and_its_clean_up_by_nothing(monkeypatch):
    """A review of red-team round 25: Ctrl-C reaches a lane twice, from the terminal and from its judge, a few
    ms apart; the second landed in the clean-up the first began (a box being handed back) and left that
    box's cgroup folders. The first SIGINT or SIGTERM interrupts; any after it, nothing."""
    monkeypatch.setattr(lanes, "_ENDING", [False])
    with pytest.raises(KeyboardInterrupt):
        lanes._interrupted(signal.SIGINT, None)
    try:  # a KeyboardInterrupt out of a test would end the whole test run, not fail this test
        lanes._interrupted(signal.SIGINT, None)
        lanes._interrupted(signal.SIGTERM, None)
    except KeyboardInterrupt:
        pytest.fail("a second signal interrupted the lane's clean-up")
