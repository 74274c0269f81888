"""The attack suite: our own hostile submissions (tests/attacks/) graded for real, in the box.

Each attack must get its stated verdict in a normal grading run and with submissions graded in
parallel, and afterwards the judge's files, the problems, the submissions, a stand-in results
store and the process table must be as before. Attacks that probe paths or a port are templates:
the test writes the real values in. Where a probe could be wrong and still "pass", a control run
in the rlimits-only box shows that the same probe does succeed without the sandbox.
"""

from __future__ import annotations

import ctypes
import dataclasses
import hashlib
import json
import os
import platform
import re
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.grading.grade import Options, grade, grade_one
from judge.grading.session import no_entry
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import hierarchy
from judge.sandbox.box import BoxLimits, RlimitsBox, detect
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
ATTACKS = ROOT / "tests" / "attacks"
HARNESS = ROOT / "judge" / "languages" / "harness" / "python_server.py"
STORE = ROOT / ".results-standin.sqlite"   # stands for the results store (gitignored)
TOKEN = f"judge-attack-{secrets.token_hex(6)}"
WATCHED = ("judge", "problems", "submissions", "tests/attacks")

PROBLEM = load_problem("minesweeper")
CASES = load_cases(PROBLEM)[:3]   # the two samples and one secret case: enough, and quick
#: Where no group can be made: the judge cannot measure the box, and the harnesses measure themselves.
NO_CGROUP = hierarchy.Hierarchy(1, {})

#: attack -> the verdicts it may get in the box (one, except where the platform decides).
EXPECTED = {
    "busy_loop": {Verdict.TLE},
    "sleep_hour": {Verdict.TLE},
    "allocate": {Verdict.MLE},
    "flood_stdout": {Verdict.OLE},
    "flood_stderr": {Verdict.OLE},
    "fake_answer": {Verdict.RE},
    "fork_bomb": {Verdict.AC},
    "detached": {Verdict.AC},
    "read_secrets": {Verdict.AC},
    "write_files": {Verdict.AC},
    "loopback": {Verdict.AC},
    "sys_exit": {Verdict.RE},
    "os_exit": {Verdict.RE},
    "kill_parent": {Verdict.RE},
    "close_pipes": {Verdict.RE},
    # With the platform's recursion limit of 10^6, CPython needs ~2 s of CPU to reach it, so the
    # 1 s limit usually stops it first; through C frames it may also end in a signal or MemoryError.
    "recursion": {Verdict.RE, Verdict.MLE, Verdict.TLE},
    "recursion_c": {Verdict.RE, Verdict.MLE, Verdict.TLE},
    "huge_file": {Verdict.RE},
}


def secret_paths() -> list[str]:
    """What a submission must not see: cases, reference, checker, judge source, store, submissions."""
    problem = ROOT / "problems" / "minesweeper"
    return [str(p) for p in (
        problem / "cases" / "secret" / "large.yaml", problem / "cases" / "sample" / "examples.yaml",
        problem / "reference.py", problem / "checker.py", problem / "problem.yaml",
        ROOT / "judge" / "grading" / "grade.py", ROOT / "judge" / "sandbox" / "box.py", STORE, ROOT / "README.md",
        ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py", ATTACKS / "read_secrets.py",
        # The home: its files, and the other interpreters beside the one the box shows.
        Path.home() / ".bashrc", Path.home() / ".profile",
        *[d for d in Path(sys.base_prefix).parent.iterdir() if d != Path(sys.base_prefix)][:2],
    ) if p.exists()]


def writable_paths() -> list[str]:
    """Files a submission must not change: a case file, the reference, judge code, the harness, the store."""
    problem = ROOT / "problems" / "minesweeper"
    return [str(p) for p in (
        problem / "cases" / "secret" / "edges.yaml", problem / "reference.py", ROOT / "judge" / "grading" / "grade.py",
        HARNESS, STORE, ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py",
    )]


class Listener:
    """A TCP server on 127.0.0.1 that records whether anyone connected."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while self.running:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self):
        self.running = False
        self.thread.join()
        self.sock.close()


@pytest.fixture(scope="module")
def box():
    """The sandbox the judge picks here; the suite is about it, so its absence is a failure."""
    found = detect()
    assert found.isolated, f"no sandbox on this machine: {found.reason} (run bash setup.sh)"
    return found


@pytest.fixture(scope="module")
def listener():
    server = Listener()
    yield server
    server.close()


@pytest.fixture(scope="module")
def store():
    STORE.write_bytes(b"SQLite format 3\0 stand-in results store: submission X got AC\n")
    yield STORE
    STORE.unlink()


def materialize(name: str, folder: Path, listener: Listener, targets: dict[str, list[str]] | None = None) -> Path:
    """The attack's file with the test's values written in."""
    text = (ATTACKS / f"{name}.py").read_text()
    text = text.replace("@@TOKEN@@", TOKEN).replace("@@PORT@@", str(listener.port))
    paths = (targets or {}).get(name) or {"read_secrets": secret_paths(), "write_files": writable_paths()}.get(name, [])
    text = text.replace('"@@TARGETS@@"', repr(paths))
    path = folder / f"{name}.py"
    path.write_text(text)
    return path


def snapshot() -> dict[str, tuple]:
    """Content hash, size and mtime of every watched file (and the store)."""
    state = {}
    files = [p for top in WATCHED for p in (ROOT / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    for path in files + [STORE]:
        if path.exists():
            stat = path.stat()
            state[str(path)] = (hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_size, stat.st_mtime_ns,
                                stat.st_mode)
    return state


def strays() -> list[str]:
    """Processes an attack may have left: marked ones, and servers of this checkout's harness."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if TOKEN in cmdline or str(HARNESS) in cmdline:
            found.append(f"{entry.name}: {cmdline[:120]}")
    return found


def assert_clean(before: dict, what: str) -> None:
    """The watched files are unchanged and no process of an attack is left (after a short grace)."""
    after = snapshot()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"{what} changed judge files: {changed}"
    deadline = time.monotonic() + 2.0
    while strays() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not strays(), f"{what} left processes: {strays()}"


def assert_verdict(name: str, result, listener: Listener) -> None:
    expected = EXPECTED[name]
    detail = f"{name}: {result.verdict.value} {result.message or ''} " + " | ".join(
        f"{c.name}: {c.verdict.value} {c.message[:100]}" for c in result.cases)
    assert result.verdict in expected, detail
    assert all(c.verdict is not Verdict.JE for c in result.cases), detail
    assert "LEAKED" not in detail, detail
    if name in ("sys_exit", "os_exit", "kill_parent", "close_pipes"):
        # The judge carries on: every case was run and got its own RE.
        assert [c.verdict for c in result.cases] == [Verdict.RE] * len(CASES), detail
    if name == "fake_answer":  # refused as a whole line: neither its board nor its time was taken
        assert all(c.verdict is Verdict.RE and "given twice" in c.message for c in result.cases), detail
    if name == "busy_loop":
        assert "time limit" in result.cases[0].message, detail
    if name == "sleep_hour":
        assert "wall time" in result.cases[0].message, detail
    if name in ("flood_stdout", "flood_stderr"):
        assert len(result.cases[0].output) <= 4096, detail
    if name == "huge_file":
        assert "File too large" in result.cases[0].message or "SIGXFSZ" in result.cases[0].message, detail
    if name == "detached":  # the held result pipe did not hold the case up to the wall limit
        assert all(c.time_ms < PROBLEM.limits.wall_time * 1000 * 0.8 for c in result.cases), detail
    if name == "fork_bomb" and ("pids" in hierarchy.available() or os.geteuid() != 0):
        # The box's process cap stopped it (a root judge without a pids cgroup has none).
        forked = [int(n) for n in re.findall(r"forked (\d+)", result.cases[0].output)]
        assert forked and forked[0] < BoxLimits().processes, detail
    if name == "loopback":
        assert listener.connections == 0, detail


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_attack_alone(name, box, listener, store, tmp_path):
    before = snapshot()
    result = grade_one(PROBLEM, CASES, materialize(name, tmp_path, listener), Options(box=box))
    assert_verdict(name, result, listener)
    assert_clean(before, name)


def test_attacks_in_parallel(box, listener, store, tmp_path):
    """All attacks at once, two at a time: the same verdicts, and nothing left behind."""
    before = snapshot()
    names = sorted(EXPECTED)
    results = grade(PROBLEM, CASES, [materialize(n, tmp_path, listener) for n in names], Options(jobs=2, box=box))
    for name, result in zip(names, results, strict=True):
        assert_verdict(name, result, listener)
    assert_clean(before, "the parallel run")


def test_judge_memory_stays_bounded_under_floods_and_hogs(box, listener, tmp_path):
    """The judge's own peak RSS (getrusage SELF, inside the real CLI run) stays under 200 MB."""
    files = [str(materialize(n, tmp_path, listener)) for n in ("flood_stdout", "flood_stderr", "allocate")]
    # A copy of the package with its samples only: each flooded case costs a fresh server.
    package = tmp_path / "minesweeper"
    shutil.copytree(ROOT / "problems" / "minesweeper", package)
    shutil.rmtree(package / "cases" / "secret")
    code = ("import atexit, resource, runpy, sys\n"
            "atexit.register(lambda: print('peak_rss_kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            " file=sys.stderr))\n"
            "sys.argv = ['judge', *sys.argv[1:]]\n"
            "runpy.run_module('judge', run_name='__main__')\n")
    proc = subprocess.run([sys.executable, "-c", code, "grade", str(package), *files, "--json", "--jobs", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    doc = json.loads(proc.stdout)
    assert [r["verdict"] for r in doc["results"]] == ["OLE", "OLE", "MLE"], proc.stderr
    peak_kb = int(re.search(r"peak_rss_kb (\d+)", proc.stderr).group(1))
    assert peak_kb < 200 * 1024, f"the judge peaked at {peak_kb} KiB"


# ------------------------------------------------------------------ controls: the probes do work

def test_control_without_sandbox_the_probes_succeed(listener, tmp_path):
    """In the rlimits-only box the read, write and network probes get through (RE "LEAKED"): so
    their AC in the sandbox means the sandbox stopped them, not that the probe was broken."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    copies = []
    for original in writable_paths()[:3]:
        copy = scratch / Path(original).name
        copy.write_bytes(Path(original).read_bytes())
        copies.append(str(copy))
    targets = {"write_files": copies}
    names = ["read_secrets", "write_files", "loopback"]
    before = {c: Path(c).read_bytes() for c in copies}
    results = grade(PROBLEM, CASES[:1], [materialize(n, tmp_path, listener, targets) for n in names],
                    Options(box=RlimitsBox()))
    for name, result in zip(names, results, strict=True):
        assert result.verdict is Verdict.RE and "LEAKED" in result.cases[0].message, (name, result.cases[0].message)
    assert listener.connections >= 1
    assert any(not Path(c).exists() or Path(c).read_bytes() != before[c] for c in copies)
    listener.connections = 0


def test_a_forged_answer_is_refused_where_the_zygote_relays_too(box, listener, tmp_path):
    """In a box without a cgroup the judge cannot measure, so the zygote relays every answer and adds
    the id and its own measure: the forged line then gives those keys twice and is refused as well."""
    relayed = dataclasses.replace(box, hierarchy=NO_CGROUP)
    result = grade_one(PROBLEM, CASES, materialize("fake_answer", tmp_path, listener), Options(box=relayed))
    assert_verdict("fake_answer", result, listener)


def test_a_javascript_cases_late_throw_ends_no_later_case(box):
    """Red-team round 29: a FinalizationRegistry callback of one case (js_late_throw.js) ran during later
    ones and threw, ending the worker: the case then pending was RE "AC: <escape codes> from an earlier
    case" (about one case in six), or MLE, the thrown error saying ERR_WORKER_OUT_OF_MEMORY. A throw outside
    any case ends nothing now: every case is its own answer's."""
    cases = [CASES[0]] * 40
    result = grade_one(PROBLEM, cases, ATTACKS / "js_late_throw.js", Options(box=box, skip_after_limit=False))
    wrong = [f"{c.verdict.value} {c.message[:120]!r}" for c in result.cases if c.verdict is not Verdict.AC]
    assert not wrong, wrong


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can reopen a non-dumpable server's pipes without a sandbox")
def test_control_without_sandbox_root_can_forge_the_channel(listener, tmp_path):
    """Without a sandbox, where the zygote relays the answers (no cgroup), a root submission reopens the
    zygote's answer pipe through /proc and its forged answer is taken (AC on the first case): the
    sandbox's RE there is the sandbox's doing. Where the judge measures the box (a cgroup), the worker
    answers the judge itself and the same line is refused for naming the judge's measure, box or not."""
    attack = materialize("fake_answer", tmp_path, listener)
    # Through /proc only: the same line on the worker's own pipe would race it to the judge (relayed,
    # it gives the zygote's keys twice and is refused), and the first line in decides the case.
    through_proc = tmp_path / "through_proc" / "fake_answer.py"
    through_proc.parent.mkdir()
    through_proc.write_text(attack.read_text().replace("for fd in range(3, 64):", "for fd in ():"))
    result = grade_one(PROBLEM, CASES[:1], through_proc, Options(box=RlimitsBox(hierarchy=NO_CGROUP)))
    assert result.cases[0].verdict is Verdict.AC, result.cases[0].message
    if {"cpuacct", "memory"} <= set(hierarchy.available()):
        result = grade_one(PROBLEM, CASES[:1], attack, Options(box=RlimitsBox()))
        case = result.cases[0]
        assert case.verdict is Verdict.RE and "given twice" in case.message, case.message


@pytest.mark.skipif(not {"pids", "freezer"} <= set(hierarchy.available()) and os.geteuid() == 0,
                    reason="without cgroups a root judge cannot find processes that left the process group")
def test_fallback_box_leaves_no_processes(listener, tmp_path):
    """Without namespaces, the process group and the cgroup still kill every process of the box."""
    names = ["detached", "fork_bomb"]
    results = grade(PROBLEM, CASES, [materialize(n, tmp_path, listener) for n in names],
                    Options(jobs=2, box=RlimitsBox()))
    for name, result in zip(names, results, strict=True):
        assert result.verdict in EXPECTED[name], (name, [(c.verdict, c.message) for c in result.cases])
    deadline = time.monotonic() + 2.0
    while strays() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not strays()


# ------------------------------------------------------------------ compile-time attacks

SECRET_CASE = ROOT / "problems" / "minesweeper" / "cases" / "secret" / "edges.yaml"
#: Up from the build folder to the root, wherever the build folder is: `..` stops at `/`.
UP = "../" * 24

#: (attack file, what it targets) -> the verdicts it may get in the box. The targets: "secret" (a secret
#: case file by absolute path), "home" (a file the test leaves in the user's home), "up" (the secret
#: case by a relative path climbing out of the build folder).
COMPILE_ATTACKS = {
    ("include_file.cpp", "secret"): {Verdict.CE},
    ("include_file.cpp", "home"): {Verdict.CE},
    ("incbin_file.cpp", "secret"): {Verdict.CE},
    ("incbin_file.cpp", "home"): {Verdict.CE},
    ("embed_file.go", "secret"): {Verdict.CE},
    ("embed_file.go", "up"): {Verdict.CE},
    # transpileModule reads no other file; the import then fails when the program runs (no module system).
    ("reference_file.ts", "secret"): {Verdict.CE, Verdict.RE},
    ("source_path.java", "secret"): {Verdict.CE},
}


@pytest.fixture(scope="module")
def home_secret():
    """A file in the user's home that no compile may read (removed afterwards)."""
    path = Path.home() / f".{TOKEN}.txt"
    path.write_text(f"home secret line one {TOKEN}\nhome secret line two {TOKEN}\n")
    yield path
    path.unlink()


def target_path(target: str, home_file: Path) -> tuple[str, Path]:
    """The path written into the attack, and the file it means."""
    if target == "home":
        return str(home_file), home_file
    if target == "up":
        return UP + str(SECRET_CASE).lstrip("/"), SECRET_CASE
    return str(SECRET_CASE), SECRET_CASE


def compile_attack(name: str, folder: Path, target: str) -> Path:
    """The attack's source with the target's path written in."""
    path = folder / name
    path.write_text((ATTACKS / name).read_text().replace("@@TARGET@@", target))
    return path


def secret_lines(secret: Path, source: Path) -> list[str]:
    """The target's lines that would show it was read: long enough to be its own, not in the attack."""
    attack = source.read_text()
    return [line.strip() for line in secret.read_text().splitlines()
            if len(line.strip()) >= 20 and line.strip() not in attack]


def everything_shown(result) -> str:
    """All a report can show of a result: its message, and each case's message, diff and output."""
    return "\n".join([result.message or ""] + [f"{c.message}\n{c.output}\n" + "\n".join(c.diff) for c in result.cases])


@pytest.mark.parametrize("name,target", sorted(COMPILE_ATTACKS), ids=lambda v: str(v))
def test_compile_time_reads_find_nothing(name, target, box, home_secret, tmp_path):
    written, secret = target_path(target, home_secret)
    source = compile_attack(name, tmp_path, written)
    lines = secret_lines(secret, source)
    assert lines, "the probe needs lines to look for"
    before = snapshot()
    result = grade_one(PROBLEM, CASES[:1], source, Options(box=box))
    shown = everything_shown(result)
    assert result.verdict in COMPILE_ATTACKS[(name, target)], shown
    assert not [line for line in lines if line in shown], shown
    assert_clean(before, name)


def test_an_embedded_secret_is_nowhere_in_the_reports(home_secret, tmp_path):
    """`.incbin` through the real command: neither the terminal report nor the JSON holds a line of it."""
    source = compile_attack("incbin_file.cpp", tmp_path, str(SECRET_CASE))
    lines = secret_lines(SECRET_CASE, source)
    for extra in ([], ["--json"]):
        out = subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", str(source), "--fuzz", "0",
                              "--no-store", *extra], cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert out.returncode == 1 and "CE" in out.stdout, out.stdout + out.stderr
        assert not [line for line in lines if line in out.stdout + out.stderr], out.stdout


def test_a_go_import_cannot_tell_whether_a_folder_exists(box, tmp_path):
    """A relative import of a folder that exists and of one that does not: the same message in the box."""
    messages = []
    for folder in (ROOT / "problems" / "minesweeper", ROOT / "problems" / f"missing-{TOKEN}"):
        written = UP + str(folder).lstrip("/")
        result = grade_one(PROBLEM, CASES[:1], compile_attack("import_probe.go", tmp_path, written), Options(box=box))
        assert result.verdict is Verdict.CE, result.message
        messages.append(result.message.replace(str(folder), "FOLDER"))
    assert messages[0] == messages[1] and "cannot find package" in messages[0], messages


def test_control_without_sandbox_the_compile_time_probes_succeed(tmp_path):
    """Outside a box the same sources do read the secret and tell the folders apart, so their failure
    in the box is the box's doing."""
    unboxed = Options(box=RlimitsBox())
    for name in ("include_file.cpp", "incbin_file.cpp"):
        source = compile_attack(name, tmp_path, str(SECRET_CASE))
        shown = everything_shown(grade_one(PROBLEM, CASES[:1], source, unboxed))
        assert [line for line in secret_lines(SECRET_CASE, source) if line in shown], (name, shown)
    messages = []
    for folder in (ROOT / "problems" / "minesweeper", ROOT / "problems" / f"missing-{TOKEN}"):
        source = compile_attack("import_probe.go", tmp_path, UP + str(folder).lstrip("/"))
        messages.append(grade_one(PROBLEM, CASES[:1], source, unboxed).message.replace(str(folder), "FOLDER"))
    assert messages[0] != messages[1], messages


# ------------------------------------------------------------------ the other runtimes: isolation, forged channels

def _reached(output: str) -> dict:
    """What js_escape.js says it reached (its `reached {...}` line)."""
    line = next(line for line in output.splitlines() if line.startswith("reached "))
    return json.loads(line[len("reached "):])


def _js_escape(result) -> None:
    for case in result.cases:
        reached = _reached(case.output)
        # No `process`, no `require`; a realm of the host reached through its hooks' errors holds
        # none of node's globals and takes no mark (its built-ins and global are frozen).
        assert reached["process"] is False and reached["require"] is False, reached
        assert reached["foreignProcess"] is False and reached["foreignGlobals"] == [], reached
        assert reached["foreignStash"] is False, reached
        assert reached["importReason"] != "IMPORTED" and not reached["importReason"].startswith("an object"), reached


def _all_messages(fragment: str):
    def check(result) -> None:
        assert all(fragment in c.message for c in result.cases), [c.message for c in result.cases]
    return check


def _marked_fresh(result) -> None:
    # Every case left its marks (so the next one had marks to find) and found none of an earlier case.
    assert all(c.output.startswith("marked global variable, global object") for c in result.cases), \
        [c.output for c in result.cases]
    # The host realm's RegExp statics were reached and marked (a place that frozen intrinsics leave open).
    assert all("host RegExp.input, host RegExp.lastMatch" in c.output for c in result.cases), \
        [c.output for c in result.cases]


def _measured(result) -> None:
    assert all(c.cpu_ms is not None and c.memory_kb is not None for c in result.cases), \
        [(c.cpu_ms, c.memory_kb) for c in result.cases]


def _reopened_nothing(result) -> None:
    assert all("reopened 0 of the server's fds" in c.output for c in result.cases), [c.output for c in result.cases]


def _real_time(result) -> None:
    # It burned 0.3 s of CPU per case and claimed 0.001 ms: the time reported is the kernel's.
    assert all(c.cpu_ms is not None and c.cpu_ms >= 250 for c in result.cases), [c.cpu_ms for c in result.cases]
    assert all((c.memory_kb or 0) > 1 for c in result.cases), [c.memory_kb for c in result.cases]


def _request_pipe_closed(result) -> None:
    # Its initialiser ran in the case's child, where the judge's pipes are closed: it served nothing.
    assert all("the request pipe: Bad file descriptor (served 0)" in c.output for c in result.cases), \
        [c.output for c in result.cases]


#: attack file -> (its verdict, what must hold for every case)
RUNTIME_ATTACKS = {
    "js_escape.js": (Verdict.AC, _js_escape),
    "js_state.js": (Verdict.AC, _marked_fresh),
    "js_require.js": (Verdict.RE, _all_messages("Error: Cannot find module 'fs'")),
    "ts_escape.ts": (Verdict.RE, _all_messages("ReferenceError: process is not defined")),
    "forge_pipe.cpp": (Verdict.WA, _reopened_nothing),
    "forge_time.cpp": (Verdict.AC, _real_time),
    "start_compile_error.cpp": (Verdict.WA, lambda result: None),
    "start_compile_error.go": (Verdict.RE, _all_messages("the server said the source does not compile")),
    "serve_cases.cpp": (Verdict.WA, _request_pipe_closed),
    # Python's worker holds the pipes: it answers the cases itself, each still checked and measured
    "serve_cases.py": (Verdict.AC, _measured),
    "shadow_class.java": (Verdict.RE, _all_messages("RuntimeException: no precompute")),
    # Memory parked in loopback TCP buffers, which a v1 memory cgroup does not charge: no such socket.
    "tcp_stash.py": (Verdict.RE, _all_messages("Address family not supported")),
    "tcp_stash.cpp": (Verdict.RE, _all_messages("socket: Address family not supported")),
    "tcp_stash.go": (Verdict.RE, _all_messages("socket: address family not supported")),
    "tcp_stash.java": (Verdict.RE, _all_messages("Address family not supported")),
    # Memory parked in pseudo-terminal buffers, which a v1 memory cgroup does not charge either: no terminal.
    "pty_stash.py": (Verdict.RE, _all_messages("No such file or directory")),
    "running_page.py": (Verdict.RE, _measured),
    "init_long_line.go": (Verdict.OLE, _all_messages("printed more than 1 MiB")),
}


@pytest.mark.parametrize("name", sorted(RUNTIME_ATTACKS))
def test_runtime_attack(name, box, store):
    """JavaScript/TypeScript cases reach nothing of the harness and keep nothing from case to case;
    a C++ case child cannot reopen the (non-dumpable) server's pipes, nor set its own time, and the
    submission's static initialisers run there, never in the server."""
    before = snapshot()
    result = grade_one(PROBLEM, CASES, ATTACKS / name, Options(box=box))
    verdict, check = RUNTIME_ATTACKS[name]
    detail = " | ".join(f"{c.name}: {c.verdict.value} {c.message[:200]} {c.output[:300]!r}" for c in result.cases)
    assert all(c.verdict is verdict for c in result.cases), detail
    assert "LEAKED" not in detail, detail
    check(result)
    assert_clean(before, name)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can reopen a non-dumpable server's pipes without a sandbox")
def test_control_without_sandbox_root_can_forge_the_cpp_channel():
    """Without a sandbox a root case child reopens the C++ server's answer pipe and its forged line
    is taken (AC on the first case): the probe of forge_pipe.cpp works, so its WA above is the
    non-dumpable server's doing."""
    result = grade_one(PROBLEM, CASES[:1], ATTACKS / "forge_pipe.cpp", Options(box=RlimitsBox()))
    assert result.cases[0].verdict is Verdict.AC, result.cases[0].message


# ------------------------------------------------------------------ lines that would blame the judge or hide a case

def test_a_no_entry_line_from_the_box_never_shows_its_text(box, tmp_path):
    """noentry_late.py writes "no entry point" with a case's board in its message on the worker's
    answer pipe: after an answer that is RE; as the first answer it is CE, in the judge's own words.
    Its text, which a CE would show whatever the case's group, is nowhere in the result."""
    late = grade_one(PROBLEM, CASES, ATTACKS / "noentry_late.py", Options(box=box))
    assert late.cases[0].verdict is Verdict.AC, late.cases[0].message
    assert late.cases[1].verdict is Verdict.RE and "after it had answered" in late.cases[1].message, late.cases[1]
    assert late.verdict is Verdict.RE
    first_source = tmp_path / "noentry_first.py"
    first_source.write_text((ATTACKS / "noentry_late.py").read_text().replace("FIRST = False", "FIRST = True"))
    first = grade_one(PROBLEM, CASES, first_source, Options(box=box))
    assert first.verdict is Verdict.CE and first.message == no_entry(PROBLEM), first.message
    assert "LEAKED" not in everything_shown(late) + everything_shown(first)


def test_a_harness_error_line_from_the_box_is_re_not_je(box, tmp_path):
    """The same attack saying `harness_error`: the judge cannot tell it from a failing harness, and
    never lets the box blame the judge (JE costs no try in a contest): RE."""
    source = tmp_path / "harness_error.py"
    source.write_text((ATTACKS / "noentry_late.py").read_text().replace('"noentry"', '"harness_error"'))
    result = grade_one(PROBLEM, CASES[:2], source, Options(box=box))
    assert [c.verdict for c in result.cases] == [Verdict.AC, Verdict.RE], [c.message for c in result.cases]
    assert result.verdict is Verdict.RE


# ------------------------------------------------------------------ the kernel's per-user state: keyrings, inotify

_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long
needs_x86_64 = pytest.mark.skipif(platform.machine() != "x86_64", reason="keyring.py uses x86_64's syscall numbers")


def _user_key(description: str) -> int | None:
    """The id of a `user` key so described in this user's keyring (@u), or None (KEYCTL_SEARCH)."""
    found = _LIBC.syscall(250, 10, -4, b"user", description.encode(), 0)
    return found if found >= 0 else None


def _keyring_attack(tmp_path: Path) -> Path:
    path = tmp_path / "keyring.py"
    path.write_text((ATTACKS / "keyring.py").read_text().replace("@@TOKEN@@", TOKEN))
    return path


@needs_x86_64
def test_a_box_reaches_no_keyring_and_no_inotify_of_the_judge_user(box, tmp_path):
    """keyring.py reads the judge user's keyring, adds a key to it and makes an inotify instance: the
    box's system call filter refuses each, and the judge user's keyring holds no key of it."""
    result = grade_one(PROBLEM, CASES[:2], _keyring_attack(tmp_path), Options(box=box))
    refused = "keyctl read: Operation not permitted; add_key: Operation not permitted; " \
              "inotify_init1: Operation not permitted"
    assert result.verdict is Verdict.AC and all(refused in c.output for c in result.cases), \
        [c.output for c in result.cases]
    assert _user_key(TOKEN) is None


@needs_x86_64
def test_control_without_sandbox_the_keyring_probe_succeeds(tmp_path):
    """The same probe in the rlimits-only box reads the keyring and leaves its key there (removed after)."""
    try:
        result = grade_one(PROBLEM, CASES[:1], _keyring_attack(tmp_path), Options(box=RlimitsBox(hierarchy=NO_CGROUP)))
        assert "keyctl read: ok; add_key: ok; inotify_init1: ok" in result.cases[0].output, result.cases[0].output
        assert _user_key(TOKEN) is not None
    finally:
        key = _user_key(TOKEN)
        if key is not None:
            _LIBC.syscall(250, 9, key, -4)   # KEYCTL_UNLINK from @u
    assert _user_key(TOKEN) is None
