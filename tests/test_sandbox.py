"""Tests of the box itself: detection, what a submission sees from inside, fds, cgroups, the CLI."""

from __future__ import annotations

import json
import os
import resource
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.grading.grade import Options, grade_one
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import cgroups, hierarchy
from judge.sandbox.box import BASE_ENV, BOX_UID, Mount, RlimitsBox, detect, self_test

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = load_problem("minesweeper")
CASES = load_cases(PROBLEM)[:1]
SUBMISSION = ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py"

PROBE = '''# Reports what the box looks like from inside, on stdout, then answers honestly.
import json, os, socket, sys
def can_write(folder):
    try:
        with open(os.path.join(folder, "probe.txt"), "w") as f:
            f.write("x")
        return True
    except OSError:
        return False
def reading(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError as exc:
        return type(exc).__name__
def listing(path):
    try:
        return sorted(os.listdir(path))
    except OSError as exc:
        return type(exc).__name__
class Solution:
    def updateBoard(self, board, click):
        facts = {"uid": os.getuid(), "pid": os.getpid(), "host": socket.gethostname(), "env": dict(os.environ),
                 "root": listing("/"), "repo": listing(%(repo)r), "home": listing(%(home)r),
                 "tmp_writable": can_write("/tmp"), "cwd_writable": can_write(os.getcwd()),
                 "procs": [p for p in os.listdir("/proc") if p.isdigit()],
                 "counters": [reading(f) for f in ("/proc/keys", "/proc/sys/fs/dentry-state",
                                                   "/proc/sys/fs/inode-nr", "/proc/sys/fs/file-nr")]}
        print(json.dumps(facts))
        return board
'''


@pytest.fixture(scope="module")
def box():
    found = detect()
    assert found.isolated, f"no sandbox on this machine: {found.reason} (run bash setup.sh)"
    return found


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)


def test_detect_picks_bwrap_once_and_it_passes_its_self_test(box):
    assert box.name == "bwrap" and detect() is box  # cached: the self-test runs once per process
    assert self_test(box) == ""
    assert "bwrap" in box.describe() and "namespaces" in box.describe()


def test_the_self_test_box_is_spawned_without_a_copy_of_the_judge(box, monkeypatch):
    """No function runs before its exec, so subprocess starts it with vfork rather than fork: the judge's
    memory is not copied beside its imports (2.4 ms of a one-submission command)."""
    from judge.sandbox import box as box_module

    seen = []
    popen = box_module.subprocess.Popen

    def noted(*args, **kwargs):
        seen.append(kwargs)
        return popen(*args, **kwargs)

    monkeypatch.setattr(box_module.subprocess, "Popen", noted)
    assert self_test(box) == ""
    assert len(seen) == 1 and seen[0].get("preexec_fn") is None


SOON = """
import os, subprocess, sys, threading
from judge.sandbox import box
started = []
popen = subprocess.Popen
def noted(cmd, *args, **kwargs):
    started.append(cmd)
    return popen(cmd, *args, **kwargs)
subprocess.Popen = noted
box.detect_soon()
threads = {t.name for t in threading.enumerate()} - {"MainThread", "judge-cgroups"}
trial = next(iter(box._TRIALS.values()))
if sys.argv[1] == "detect":
    found = box.detect()
    print(found.name, len(started), sorted(threads), os.path.exists(trial.workdir))
else:  # leaves without asking: the test's box must not outlive the process, nor its folder
    print(trial.proc.pid, trial.workdir, flush=True)
"""


def test_the_early_self_test_is_the_one_detect_reads_and_no_thread_watches_it(tmp_path):
    """detect_soon() starts the test's box in the calling thread; detect() waits for that same box
    (no second test) and reads its answer."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SOON, "detect"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    name, started, threads, folder_left = done.stdout.split(" ", 3)
    assert (name, started, threads, folder_left.strip()) == ("bwrap", "1", "[]", "False")
    assert not list(tmp_path.glob("judge-selftest-*"))


def test_a_self_test_never_asked_for_ends_with_the_process(tmp_path):
    """A command that fails before any box is asked for (a misspelt problem): the test's box is waited
    for and its folder removed at the exit, not left running or behind. (Killed instead, bubblewrap's
    first child sometimes outlived it, stuck, holding the test's pipe: the exit waited for ever.)"""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SOON, "leave"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    pid, folder = done.stdout.split()
    assert not Path(folder).exists() and not list(tmp_path.glob("judge-selftest-*"))
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid), 0)  # reaped at the exit: no zombie either


def test_a_self_test_that_cannot_start_says_why(box):
    """Popen failing (no bwrap binary any more) is the test's answer, one line, not an exception."""
    from judge.sandbox import box as box_module

    gone = box_module.BwrapBox(executable="/nonexistent/bwrap")
    said = self_test(gone)
    assert said and "\n" not in said and "nonexistent" in said


def test_the_view_from_inside(box, tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE % {"repo": str(ROOT), "home": str(Path.home())})
    result = grade_one(PROBLEM, CASES, probe, Options(box=box))
    facts = json.loads(result.cases[0].output.splitlines()[0])
    assert facts["uid"] == BOX_UID and facts["host"] == "box"
    assert facts["pid"] < 10 and len(facts["procs"]) < 10     # its own PID namespace: no judge in sight
    assert set(facts["env"]) <= set(BASE_ENV) | {"HOME", "TMPDIR", "PWD"}, facts["env"]  # bwrap sets PWD
    assert facts["tmp_writable"] and not facts["cwd_writable"]
    # The judge user's key names and the machine's counts of cached names (a channel between boxes): empty.
    assert facts["counters"] == ["PermissionError"] * 4, facts["counters"]
    # Only what the runtime needs: the repo shows the path to the harness and nothing else.
    assert facts["repo"] == ["judge"], facts["repo"]
    # The home shows at most the path to the interpreter's prefix (e.g. .pyenv), nothing of its own.
    prefix, home = Path(sys.base_prefix).resolve(), Path.home().resolve()
    expected_home = [prefix.relative_to(home).parts[0]] if prefix.is_relative_to(home) else "FileNotFoundError"
    assert facts["home"] == expected_home, facts["home"]
    system = {"bin", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "sbin", "tmp", "usr"}
    mounted = {ROOT.parts[1], prefix.parts[1], Path(os.path.realpath(sys.executable)).parts[1]}
    assert set(facts["root"]) <= system | mounted, facts["root"]


def test_a_passed_fd_survives_into_the_box_under_its_number(box, tmp_path):
    r, w = os.pipe()
    high = os.dup2(w, 200)  # a number the box would not hand out by chance
    os.close(w)
    jail = box.open()
    try:
        argv = box.command(["/bin/sh", "-c", "echo through > /proc/self/fd/200"], tmp_path, [Mount(tmp_path)], (high,))
        proc = subprocess.run(argv, pass_fds=(high,), capture_output=True, timeout=30, cwd=tmp_path,
                              env=box.environment(tmp_path), preexec_fn=jail.preexec)
    finally:
        os.close(high)
        jail.close()
    with os.fdopen(r, "rb") as f:
        assert f.read() == b"through\n", proc.stderr


def test_accepted_submission_is_still_accepted_in_both_boxes(box):
    for which in (box, RlimitsBox()):
        assert grade_one(PROBLEM, load_cases(PROBLEM)[:5], SUBMISSION, Options(box=which)).verdict.value == "AC"


needs_cgroups = pytest.mark.skipif(not {"memory", "pids", "freezer"} <= set(hierarchy.available()),
                                   reason="cgroup v1 memory/pids/freezer cannot be created here")


@needs_cgroups
def test_cgroup_caps_memory_and_counts_the_oom_kill():
    group = cgroups.Group(memory_bytes=64 * 1024 * 1024, processes=16)
    try:
        proc = subprocess.run([sys.executable, "-c", "x = bytearray(256 * 1024 * 1024); x[::4096] = b'y' * 65536"],
                              preexec_fn=group.enter, capture_output=True, timeout=60)
        assert proc.returncode == -9 and group.oom_kills() >= 1
    finally:
        group.close()


@needs_cgroups
def test_a_box_joins_its_group_by_its_own_thread_and_all_it_starts_are_in_it(monkeypatch):
    """On v1 a box's process joins its group by naming its own (only) thread, `0` in `tasks`: that
    takes no kernel-wide lock, whose writer first waits for an RCU grace period (13-20 ms of a box
    start that no other move came just before, when it wrote its pid to cgroup.procs; bench/HISTORY.md).
    Every process the box then starts is in each controller's leaf all the same."""
    group = cgroups.Group(memory_bytes=256 << 20, processes=16)
    try:
        leaves = {f"/{folder.name}/{cgroups.LEAF}" for folder in group.dirs.values()}
        child = subprocess.Popen(["/bin/sh", "-c", "cat /proc/self/cgroup"], stdout=subprocess.PIPE,
                                 preexec_fn=group.enter)
        seen = child.communicate(timeout=10)[0].decode()
        assert leaves and all(leaf in seen for leaf in leaves), (leaves, seen)  # `cat`, the shell's child
        written: list[tuple[str, bytes]] = []
        opened: dict[int, str] = {}
        monkeypatch.setattr(cgroups.os, "open", lambda path, flags: opened.setdefault(len(opened) + 1000, str(path))
                            and len(opened) + 999)
        monkeypatch.setattr(cgroups.os, "write", lambda fd, data: written.append((opened[fd], data)))
        monkeypatch.setattr(cgroups.os, "close", lambda fd: None)
        group.enter()  # recorded, not done: the test's own process stays where it is
    finally:
        monkeypatch.undo()
        group.close()
    expected = ("cgroup.procs", str(os.getpid()).encode()) if group.v2 else ("tasks", b"0")
    assert written and all(path.endswith(f"/{cgroups.LEAF}/{expected[0]}") and data == expected[1]
                           for path, data in written), written


@needs_cgroups
def test_a_box_reaching_its_leaf_group_lifts_no_limit_and_hides_no_use():
    """The box's processes live in the group's leaf (the root of a box's cgroup namespace): a leaf
    whose memory cap is raised and whose CPU counter is reset still leaves the group's cap and
    counter, above it, as the box's real use (as a box that mounted its hierarchy could do)."""
    group = cgroups.Group(memory_bytes=64 * 1024 * 1024, processes=16)
    leaf = {name: folder / cgroups.LEAF for name, folder in group.dirs.items()}
    code = ("import time\n"
            "end = time.process_time() + 0.3\n"
            "while time.process_time() < end: pass\n"
            "x = bytearray(256 * 1024 * 1024); x[::4096] = b'y' * 65536\n")
    try:
        (leaf["memory"] / "memory.limit_in_bytes").write_text(str(1 << 30))
        proc = subprocess.run([sys.executable, "-c", code], preexec_fn=group.enter, capture_output=True, timeout=60)
        if "cpuacct" in leaf:
            (leaf["cpuacct"] / "cpuacct.usage").write_text("0")
            assert group.cpu_ns() / 1e6 >= 300, group.cpu_ns()
        assert proc.returncode == -9 and group.oom_kills() >= 1, proc
    finally:
        group.close()
    assert not any(folder.exists() for folder in leaf.values())


@needs_cgroups
@pytest.mark.parametrize("contained", [True, False])
def test_a_groups_processes_are_read_from_one_folder_only_where_they_cannot_leave_it(contained, monkeypatch):
    """pids() of a `contained` group (a bubblewrap box's) reads the freezer's folder alone: each folder
    holds every process of the box, children included. Without a sandbox a process can leave one
    controller's folder (here the freezer's), and is still found in the others. A group a kill found
    empty is not read again; a folder that cannot be read never counts as empty."""
    group = cgroups.Group(memory_bytes=None, processes=8, contained=contained)
    if "freezer" not in group.dirs or len(set(group.dirs.values())) < 2:
        group.close()
        pytest.skip("needs the v1 freezer and another controller")
    try:
        child = subprocess.Popen(["/bin/sh", "-c", "sleep 30 & sleep 30"], preexec_fn=group.enter)
        deadline = time.monotonic() + 10
        while len(group.pids()) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        every = [{int(p) for below in hierarchy.tree(folder) for p in (below / "cgroup.procs").read_text().split()}
                 for folder in dict.fromkeys(group.dirs.values())]
        assert len(group.pids()) == 3 and all(found == group.pids() for found in every), (every, group.pids())
        (group.dirs["freezer"].parent / "cgroup.procs").write_text(str(child.pid))  # out of the freezer's leaf
        assert (child.pid in group.pids()) is not contained
        with monkeypatch.context() as patch:
            real = Path.read_text
            patch.setattr(Path, "read_text", lambda self, *a, **k: (_ for _ in ()).throw(PermissionError(13, "no"))
                          if self.name == "cgroup.procs" else real(self, *a, **k))
            assert group.listed() is None and not group.ended(step=0) and not group.emptied
        assert not group.ended(step=0) and not group.emptied  # they do not end on their own: a kill is due
        assert group.kill() and group.emptied and (not contained or not group.pids())
        child.kill()
        child.wait(10)
        monkeypatch.setattr(group, "listed", lambda: pytest.fail("an emptied group was read again"))
        assert group.kill()
    finally:
        monkeypatch.undo()
        child.kill()
        group.close()


@needs_cgroups
def test_a_teardown_waits_on_pidfds_with_more_than_1024_files_open():
    """The pidfds are polled, not select()ed: a judge with many files open (the service raises its
    limit to 65,536) got ValueError from select() and left the group's folders behind."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("cannot open 1,100 files here")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    opened = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    group = cgroups.Group(memory_bytes=None, processes=8, contained=True)
    folders = list(dict.fromkeys(group.dirs.values()))
    try:
        child = subprocess.Popen(["/bin/sh", "-c", "sleep 30 & sleep 30"], preexec_fn=group.enter)
        deadline = time.monotonic() + 10
        while len(group.pids()) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert group.kill() and not group.pids()
        child.wait(10)
        group.close()
        assert not any(folder.exists() for folder in folders)
    finally:
        for fd in opened:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        group.close()


@needs_cgroups
def test_a_group_whose_processes_end_on_their_own_is_found_ended_without_a_kill():
    """A bubblewrap box's processes all go with its first one (Jail.kill): ended() waits for them and
    says so, and the kill after it has nothing to freeze."""
    group = cgroups.Group(memory_bytes=None, processes=8)
    try:
        child = subprocess.Popen(["/bin/sh", "-c", "sleep 0.2 & sleep 0.2"], preexec_fn=group.enter)
        time.sleep(0.05)
        assert len(group.pids()) == 3
        child.kill()
        child.wait(10)
        deadline = time.monotonic() + 10
        while not group.ended() and time.monotonic() < deadline:  # the orphaned sleeper ends after 0.2 s
            pass
        assert group.emptied and not group.pids() and group.kill()
    finally:
        group.close()


def test_the_bubblewrap_version_is_asked_once_per_binary_and_kept(tmp_path, monkeypatch):
    """Shown in the report's header only: asked when first shown, then read from the cache."""
    exe = shutil.which("bwrap")
    if exe is None:
        pytest.skip("no bwrap here")
    from judge.sandbox import box as box_module

    asked = []
    run = subprocess.run
    monkeypatch.setattr(box_module, "CACHE_ROOT", tmp_path)
    monkeypatch.setattr(box_module.subprocess, "run", lambda *a, **k: asked.append(a) or run(*a, **k))
    box_module.bwrap_version.cache_clear()
    try:
        first = box_module.bwrap_version(exe)
        box_module.bwrap_version.cache_clear()
        assert box_module.bwrap_version(exe) == first and first.startswith("bubblewrap") and len(asked) == 1
    finally:
        box_module.bwrap_version.cache_clear()


@needs_cgroups
def test_cgroup_caps_processes_and_kills_what_left_the_process_group():
    mark = f"judge-cgroup-test-{secrets.token_hex(4)}"
    group = cgroups.Group(memory_bytes=None, processes=8)
    code = ("import os, subprocess\n"
            "n = 0\n"
            "for _ in range(50):\n"
            "    try:\n"
            f"        subprocess.Popen([{mark!r}, '3600'], executable='/bin/sleep', start_new_session=True,\n"
            "                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "        n += 1\n"
            "    except OSError:\n"
            "        break\n"
            "print(n)\n")
    try:
        out = subprocess.run([sys.executable, "-c", code], preexec_fn=group.enter, capture_output=True, text=True,
                             timeout=60)
        assert 0 < int(out.stdout) < 8, out
        assert group.pids(), "the detached sleepers should still be there"
        assert group.kill() and not group.pids()
    finally:
        group.close()
    assert not [p for p in Path("/proc").iterdir() if p.name.isdigit() and mark in _cmdline(p)]


@pytest.mark.skipif(not {"memory", "cpu", "cpuacct"} <= set(hierarchy.available()),
                    reason="cgroup memory/cpu/cpuacct cannot be created here")
def test_cgroup_counts_cpu_and_peak_memory_of_every_thread_and_child():
    """The group's counters, read from outside: CPU of a helper thread and of a child in a session of
    its own, a helper thread's 64 MB peak; a reset peak starts again from what is in use."""
    group = cgroups.Group(memory_bytes=256 * 1024 * 1024, processes=16, cpus=1.0)
    code = ("import os, threading, time\n"
            "def burn(s):\n"
            "    end = time.thread_time() + s\n"
            "    while time.thread_time() < end: pass\n"
            "def hoard():\n"
            "    global block\n"
            "    block = bytearray(64 << 20); block[::4096] = b'x' * (16 << 10)\n"
            "t = threading.Thread(target=lambda: (burn(0.3), hoard())); t.start(); t.join()\n"
            "del block\n"
            "pid = os.fork()\n"
            "if pid == 0:\n"
            "    os.setsid(); burn(0.3); os._exit(0)\n"
            "os.waitpid(pid, 0)\n")
    try:
        assert (group.dirs["cpu"] / "cpu.cfs_quota_us").read_text().strip() == str(cgroups.PERIOD_US)
        proc = subprocess.run([sys.executable, "-c", code], preexec_fn=group.enter, capture_output=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        # 0.6 s of work, plus the interpreter's own start (up to 0.2 s here, 0.3 s on a machine half as
        # fast): a thread or the child counted twice would be 0.9 s more.
        assert 600 <= group.cpu_ns() / 1e6 <= 1000, group.cpu_ns()
        assert group.peak_bytes() >= 64 << 20
        group.reset_peak()
        assert group.peak_bytes() < 16 << 20   # the process is gone: only what it left cached
        assert group.oom_kills() == 0
        # The cap moves both ways (v1 keeps memory+swap at or above memory alone).
        assert group.set_memory_limit(512 << 20) and group.set_memory_limit(128 << 20)
        assert int((group.dirs["memory"] / "memory.limit_in_bytes").read_text()) == 128 << 20
    finally:
        group.close()


def _cmdline(p: Path) -> str:
    try:
        return (p / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


# ------------------------------------------------------------------ the command line

def test_grade_says_which_sandbox_in_the_header_and_the_json(box):
    text = run_cli("grade", "minesweeper", str(SUBMISSION))
    assert text.returncode == 0 and "sandbox: bwrap (" in text.stdout.splitlines()[0], text.stdout + text.stderr
    doc = json.loads(run_cli("grade", "minesweeper", str(SUBMISSION), "--json", "--require-sandbox").stdout)
    assert doc["sandbox"] == "bwrap" and doc["isolated"] is True


def test_without_bwrap_the_judge_warns_once_and_require_sandbox_is_an_error(tmp_path):
    # A PATH without bwrap on it: the judge cannot find the tool, exactly as on a machine without it.
    env = dict(os.environ, PATH=str(tmp_path))
    plain = run_cli("grade", "minesweeper", str(SUBMISSION), env=env)
    assert plain.returncode == 0, plain.stderr
    assert plain.stderr.count("warning: no sandbox") == 1 and "sandbox: none (" in plain.stdout
    for command in (["grade", "minesweeper", str(SUBMISSION)], ["verify", "minesweeper"]):
        strict = run_cli(*command, "--require-sandbox", env=env)
        assert strict.returncode == 2, strict.stdout + strict.stderr
        lines = strict.stderr.strip().splitlines()
        assert lines[-1].startswith("judge: error: no sandbox: ") and "bubblewrap" in lines[-1]
        assert strict.stdout == ""


def test_without_cgroups_the_judge_warns_and_require_sandbox_is_an_error():
    # $JUDGE_CGROUP names a group that exists in no hierarchy: the judge can make no cgroup there.
    env = dict(os.environ, JUDGE_CGROUP=f"/judge-no-such-group-{secrets.token_hex(4)}")
    plain = run_cli("grade", "minesweeper", str(SUBMISSION), "--fuzz", "0", "--no-store", "--json", env=env)
    assert plain.returncode == 0, plain.stderr
    assert plain.stderr.count("warning: no full cgroup for the boxes") == 1, plain.stderr
    # The harness's own measure stands in.
    assert all(c["cpu_ms"] is not None for c in json.loads(plain.stdout)["results"][0]["cases"])
    for command in (["grade", "minesweeper", str(SUBMISSION)], ["verify", "minesweeper"]):
        strict = run_cli(*command, "--require-sandbox", env=env)
        assert strict.returncode == 2, strict.stdout + strict.stderr
        lines = strict.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("judge: error: no cgroup for the boxes: "), lines
        assert "JUDGE_CGROUP" in lines[0]
        assert strict.stdout == ""


