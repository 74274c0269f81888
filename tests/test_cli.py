"""The real `judge` command: grading output, JSON, exit codes, and bad input that changes nothing."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import DATA, ROOT, SUBMISSIONS, copy_problem, run_judge, tree_state


def test_grade_table_and_details():
    result = run_judge("grade", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py",
                       SUBMISSIONS / "wrong_answer" / "four_way.py")
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "bfs_class.py" in out and "AC" in out and "four_way.py" in out and "WA" in out
    assert "first failing case:" in out and "what is wrong:" in out and "expected" in out
    assert result.stderr.count("Traceback") == 0


def test_grade_all_accepted_exits_zero():
    result = run_judge("grade", "minesweeper", SUBMISSIONS / "accepted", "--fuzz", "20", "--no-store")
    assert result.returncode == 0, result.stdout + result.stderr
    count = sum(1 for p in (SUBMISSIONS / "accepted").iterdir() if p.is_file())
    assert f"{count} submissions: {count} AC" in result.stdout


def test_grade_json():
    result = run_judge("grade", "minesweeper", SUBMISSIONS / "accepted" / "inplace_none.py",
                       SUBMISSIONS / "compile_error" / "syntax_error.py", "--json")
    doc = json.loads(result.stdout)
    assert doc["problem"] == "minesweeper"
    by_name = {r["submission"].split("/")[-1]: r for r in doc["results"]}
    assert by_name["inplace_none.py"]["verdict"] == "AC"
    assert by_name["syntax_error.py"]["verdict"] == "CE"
    case = by_name["inplace_none.py"]["cases"][0]
    assert case["name"] == "example-1" and case["verdict"] == "AC" and case["time_ms"] > 0


def test_verify_passes():
    result = run_judge("verify", "minesweeper")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "verified: OK" in result.stdout
    assert "MISMATCH" not in result.stdout


def test_verify_catches_a_wrong_expected_answer_and_a_misfiled_submission(problem_copy, tmp_path):
    cases = problem_copy / "cases" / "sample" / "examples.yaml"
    cases.write_text(cases.read_text().replace("    - 'B1X1B'", "    - 'B1M1B'", 1))
    subs = tmp_path / "submissions" / "minesweeper" / "accepted"
    subs.mkdir(parents=True)
    (subs / "wa.py").write_bytes((SUBMISSIONS / "wrong_answer" / "mine_noop.py").read_bytes())
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1
    assert "the reference gives WA" in result.stdout
    assert "expected AC, got WA" in result.stdout
    assert "error: reference: 105/106 expected answers match" in result.stdout
    assert "ok: reference" not in result.stdout   # it used to be listed with what checked out


def test_verify_draws_the_random_cases_grade_would_draw(problem_copy):
    """New-problem sweep: a package without a generator, or with one that draws invalid inputs, passed
    verify and was refused by every `judge grade` (which draws 100 random cases by default)."""
    result = run_judge("verify", problem_copy)
    assert result.returncode == 0 and "ok: 100 random cases (seed 529" in result.stdout, result.stdout
    generator = problem_copy / "generator.py"
    generator.write_text(generator.read_text().replace('    return _game()\n',
                         '    return _game().map(lambda a: {**a, "click": [-1, 0]})\n'))
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1 and "generator.py: random-529-0 is invalid" in result.stdout, result.stdout
    assert "click: [-1, 0])" in result.stdout   # the input it drew, each parameter shortened alone
    # a value no JSON holds (a set) is named, not a crash (exit 3) of the message that shows it
    generator.write_text(generator.read_text().replace('.map(lambda a: {**a, "click": [-1, 0]})',
                                                       '.map(lambda a: {**a, "click": {0, 1}})'))
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1 and "click: \"{0, 1}\"" in result.stdout, result.stdout + result.stderr
    generator.unlink()
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1
    assert f"error: {generator}: the generator generator.py does not exist" in result.stdout, result.stdout


def test_verify_says_when_the_reference_does_not_run(problem_copy):
    (problem_copy / "reference.py").write_text("def updateBoard(:\n")
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "reference.py: the reference does not run: line 1: SyntaxError" in result.stdout


def test_verify_finds_a_misspelt_group_in_scoring_or_visibility(problem_copy):
    """A group named in problem.yaml that no case has would silently weigh or show nothing."""
    yaml_path = problem_copy / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text() + "scoring:\n  groups: {sampel: 0}\nvisibility: {secrets: hidden}\n")
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"error: {yaml_path}: visibility.secrets: no case group of that name (the groups: sample, secret, " \
           "random)" in result.stdout
    assert f"error: {yaml_path}: scoring.groups.sampel: no case group of that name" in result.stdout


def test_verify_reads_the_late_policy_as_grade_does(problem_copy):
    """Round 16: `late: {deadline: tomorrow}` passed verify, then every `grade` refused it."""
    yaml_path = problem_copy / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text() + "late: {deadline: tomorrow, penalty: 0.1}\n")
    result = run_judge("verify", problem_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"error: {yaml_path}: late.deadline: 'tomorrow' is not an ISO 8601 time" in result.stdout


def _bad_case(problem_copy, text):
    (problem_copy / "cases" / "secret" / "zz.yaml").write_text(text)
    return problem_copy


BAD_INPUTS = {
    "malformed-yaml": lambda p: _bad_case(p, "- name: a\n  board: ['E'\n"),
    "ragged": lambda p: _bad_case(p, "- name: a\n  board: ['EE', 'E']\n  click: [0, 0]\n  expected: ['BB', 'B']\n"),
    "click-outside": lambda p: _bad_case(p, "- name: a\n  board: ['EE']\n  click: [0, 5]\n  expected: ['BB']\n"),
    "unreachable": lambda p: _bad_case(p, "- name: a\n  board: ['BM']\n  click: [0, 1]\n  expected: ['BX']\n"),
    "duplicate": lambda p: _bad_case(p, "- name: example-1\n  board: ['E']\n  click: [0, 0]\n  expected: ['B']\n"),
    "no-reference": lambda p: (p / "reference.py").unlink() or p,
    "reference-not-python": lambda p: _reference_in_cpp(p),
}


def _reference_in_cpp(package):
    """A package whose reference is a C++ file: the reference runs as Python, so that is refused."""
    (package / "reference.cpp").write_text((SUBMISSIONS / "accepted" / "bfs.cpp").read_text())
    path = package / "problem.yaml"
    path.write_text(path.read_text().replace("reference: reference.py", "reference: reference.cpp"))
    return package


@pytest.mark.parametrize("kind", sorted(BAD_INPUTS))
def test_bad_package_is_one_line_exit_2_and_changes_nothing(problem_copy, kind):
    target = BAD_INPUTS[kind](problem_copy)
    before = tree_state(problem_copy)
    result = run_judge("grade", target, SUBMISSIONS / "accepted" / "bfs_class.py")
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("judge: error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert str(problem_copy) in lines[0]
    assert tree_state(problem_copy) == before
    if kind == "reference-not-python":
        assert "the reference must be a Python file" in lines[0] and "reference.cpp" in lines[0]


@pytest.mark.parametrize("args, message", [
    (("grade", "nope", "x.py"), "unknown problem 'nope'"),
    (("grade", "minesweeper", "does/not/exist.py"), "does/not/exist.py: no such file or folder"),
    (("grade", "minesweeper", "README.md"), "README.md: unknown language"),
    (("grade", "minesweeper"), "the following arguments are required"),
    (("grade", "minesweeper", "x.py", "--jobs", "zero"), "invalid int value"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_usage(args, message):
    before = tree_state(ROOT / "problems")
    result = run_judge(*args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert tree_state(ROOT / "problems") == before


def test_module_and_console_script_agree():
    result = run_judge("--version")
    assert result.returncode == 0 and result.stdout.startswith("judge ")


def test_leaderboard_formats_match_the_exports():
    from judge.cli.main import LEADERBOARD_FORMATS
    from judge.results import exports

    assert set(LEADERBOARD_FORMATS) == {*exports.FORMATS, "html", "gradescope", "gradebook"}


def test_problems_lists_every_package_found(tmp_path):
    """`judge problems [FOLDER]`: the problems folder's packages and FOLDER's, each with its signature and
    case counts; a broken package is listed with its error, not a crash."""
    listed = run_judge("problems", DATA / "problems")
    assert listed.returncode == 0, listed.stderr
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()[2:]}
    assert {"minesweeper", "two_sum", "max_long", "transpose"} <= set(rows)
    assert "int[] twoSum(int[] nums, int target)" in rows["two_sum"] and "3 sample, 4 secret" in rows["two_sum"]
    assert "char[][] updateBoard(char[][] board, int[] click)" in rows["minesweeper"]
    assert rows["two_sum"].rstrip().endswith("tests/data/problems/two_sum")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "problem.yaml").write_text("id: [\n")
    one = run_judge("problems", broken)
    assert one.returncode == 0 and "error: problem.yaml:2: malformed YAML" in one.stdout
    missing = run_judge("problems", tmp_path / "nope")
    assert missing.returncode == 2 and "no such folder" in missing.stderr


@pytest.mark.parametrize("jobs, as_json", [("1", False), ("2", True)])
def test_ctrl_c_prints_what_was_graded_keeps_it_and_exits_130(tmp_path, jobs, as_json, ctrl_c):
    import os
    import signal
    import subprocess
    import sys
    import time

    from judge.results.store import Store

    reference = (ROOT / "problems" / "minesweeper" / "reference.py").read_text()
    folder, db = tmp_path / "subs", tmp_path / "r.sqlite3"
    folder.mkdir()
    for name in ("a_fast", "b_fast"):
        (folder / f"{name}.py").write_text(reference + f"\n# {name}\n")
    slow = ("import time as _t\n_orig = updateBoard\ndef updateBoard(board, click):\n"
            "    _t.sleep(0.3)\n    return _orig(board, click)\n")
    for name in ("y_slow", "z_slow"):  # 100 cases x 0.3 s each: the interrupt lands while they run
        (folder / f"{name}.py").write_text(reference + f"\n# {name}\n" + slow)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "judge", "grade", "minesweeper", str(folder), "-j", jobs, "--fuzz", "0",
               "--db", str(db), *(["--json"] if as_json else [])]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        recorded, deadline = 0, time.time() + 60
        while recorded < 2 and time.time() < deadline and proc.poll() is None:
            time.sleep(0.2)
            if db.exists():
                with Store.open(db) as st:
                    recorded = len(st.submissions())
        time.sleep(1.0)  # a slow one is well into its cases
        assert recorded == 2 and proc.poll() is None
        sent = time.time()
        os.kill(proc.pid, signal.SIGINT)  # as Ctrl-C: the terminal signals the judge, not the boxes' sessions
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert time.time() - sent < 10  # the slow ones stopped at their next case, not after their 100
    if as_json:
        names = [r["submission"].rsplit("/", 1)[-1] for r in json.loads(out)["results"]]
        assert names == ["a_fast.py", "b_fast.py"]
    else:
        assert "a_fast.py" in out and "b_fast.py" in out and "_slow.py" not in out
        assert "2 submissions: 2 AC" in out
    assert err.strip().splitlines()[-1] == "judge: interrupted after 2 of 4 submissions (kept in the store)"
    assert "Traceback" not in err
    with Store.open(db) as st:
        assert [r.status for r in st.runs()] == ["interrupted"]
        assert sorted(row.verdict.value for row in st.submissions()) == ["AC", "AC"]  # nothing JE for a stopped one


def test_the_process_ends_without_the_interpreters_teardown_yet_loses_nothing(tmp_path):
    """cli.main.run (what `python -m judge` and the `judge` script run): the command's output is all
    there, a thread still running is waited for, atexit handlers run, and the exit code is the command's."""
    code = ("import atexit, sys, threading, time\n"
            "from judge.cli import main\n"
            "atexit.register(lambda: print('atexit ran', flush=True))\n"
            "def late():\n"
            "    time.sleep(1.5)\n"
            "    print('thread ended', flush=True)\n"
            "threading.Thread(target=late).start()\n"
            "sys.argv = ['judge', 'problems']\n"
            "main.run()\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("minesweeper") for line in lines), out.stdout
    # The thread outlives the command however slow the machine (it slept 0.2 s, and on a machine half as
    # fast `judge problems` printed after it): its line comes after the command's output, then atexit's.
    assert lines[-2:] == ["thread ended", "atexit ran"], lines
    failed = subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", str(tmp_path / "none.py")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 2 and "none.py" in failed.stderr


def test_judge_poll_0_tells_the_commands_not_to_poll_for_answers(monkeypatch):
    """The commands ask grade() to poll (it keeps that for one lane with a core to spare), unless
    JUDGE_POLL=0 says the machine's cores are needed elsewhere."""
    from judge.cli.common import make_options
    from judge.sandbox.box import detect

    monkeypatch.delenv("JUDGE_POLL", raising=False)
    assert make_options(found=detect()).poll
    monkeypatch.setenv("JUDGE_POLL", "0")
    assert not make_options(found=detect()).poll


@pytest.mark.parametrize(("given", "options", "spawned"), [
    (["a.py", "b.py", "c.py"], ["--jobs", "2", "--no-store"], [1]),
    (["folder"], ["--jobs", "4", "--no-store"], [2]),           # three entries: two other lanes
    (["a.py"], ["--jobs", "2", "--no-store"], []),              # one submission: one lane
    (["a.py", "b.py"], ["--jobs", "1", "--no-store"], []),
    (["a.py", "b.py"], ["--jobs", "2", "--broker", "redis://127.0.0.1:1/0", "--no-store"], []),
    (["a.py", "b.py"], ["--jobs", "2", "--db", "stored.sqlite3"], []),  # a store that may hold them
    (["a.py", "b.py"], ["--jobs", "2", "--db", "new.sqlite3"], [1]),    # none yet
])
def test_grade_starts_the_other_lanes_processes_as_it_starts(tmp_path, monkeypatch, given, options, spawned):
    """`judge grade` of several submissions starts the other lanes' processes before its own imports,
    as many as it can use; none for one submission, for a broker's workers or where results may be stored."""
    from judge.cli import main as cli_main
    from judge.grading import lane_process

    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text("x = 1\n")
    (tmp_path / "folder").mkdir()
    for name in ("s1.py", "s2.py", "s3.py", ".hidden"):
        (tmp_path / "folder" / name).write_text("x = 1\n")
    (tmp_path / "stored.sqlite3").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    calls: list[int] = []
    monkeypatch.setattr(lane_process, "spawn", calls.append)
    args = cli_main.build_parser().parse_args(["grade", "minesweeper", *given, *options])
    cli_main._lanes_ahead(args)
    assert calls == spawned


def test_a_link_in_a_hand_in_folder_is_passed_over_with_a_warning(tmp_path):
    """A student whose hand-in is a symbolic link is not graded (it could name a secret case), and the
    instructor is told so rather than finding one student fewer in the table."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ann.py").write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    (folder / "bob.py").symlink_to(folder / "ann.py")
    (folder / "cat.py").symlink_to(tmp_path / "missing.py")
    (tmp_path / "dan").mkdir()
    (tmp_path / "dan" / "sol.py").write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    (folder / "dan").symlink_to(tmp_path / "dan")   # a student's folder, linked (red-team round 19)
    result = run_judge("grade", "minesweeper", folder, "--fuzz", "0", "--no-store")
    assert result.returncode == 0, result.stderr
    assert "1 submission: 1 AC" in result.stdout
    for name in ("bob.py", "cat.py", "dan"):
        assert f"judge: warning: {folder / name}: a symbolic link, passed over" in result.stderr
    assert "hand in the folder it names" in result.stderr



def _nested(base: Path, length: int, name: str) -> Path:
    """A file `name` at the bottom of folders of 250-byte names under `base`, its path relative to `base`
    `length` bytes or a little more; made folder by folder from inside (no single call sees the whole path)."""
    here = os.open(base, os.O_RDONLY)
    relative, depth = 0, 0
    try:
        while relative + len(name) < length:
            folder = f"d{depth:02d}" + "x" * min(247, max(1, length - relative - len(name) - 4))
            os.mkdir(folder, dir_fd=here)
            inner = os.open(folder, os.O_RDONLY, dir_fd=here)
            os.close(here)
            here, relative, depth = inner, relative + len(folder) + 1, depth + 1
        fd = os.open(name, os.O_WRONLY | os.O_CREAT, dir_fd=here)
        os.write(fd, (SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
        os.close(fd)
    finally:
        os.close(here)
    return base


def test_a_hand_in_nested_past_the_path_limit_is_passed_over_and_the_rest_graded(tmp_path):
    """Red-team round 31: a student's folder nested past PATH_MAX (4096 bytes) stopped the whole run with
    exit 3, nobody graded; and so did one whose path fits from the working folder but not made absolute."""
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ok.py").write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    (subs / "deep").mkdir()
    _nested(subs / "deep", 5000, "sol.py")
    done = run_judge("grade", "minesweeper", subs, "--fuzz", "0", "--no-store")
    assert done.returncode == 0, done.stderr
    assert "1 submission: 1 AC" in done.stdout and "ok.py" in done.stdout
    [warning] = done.stderr.splitlines()
    assert warning.startswith("judge: warning: ") and "File name too long" in warning and "not graded" in warning
    assert len(warning) < 400   # the folder's name shortened, not 4,096 bytes of it

    # From the folder above, the path fits; absolute (tmp_path's own length more), it does not.
    fits = tmp_path / "fits"
    fits.mkdir()
    (fits / "ok.py").write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    (fits / "deep").mkdir()
    _nested(fits / "deep", 4080 - len("fits/deep/"), "s.py")
    done = run_judge("grade", "minesweeper", "fits", "--fuzz", "0", "--no-store", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 submission: 1 AC" in done.stdout
    [warning] = done.stderr.splitlines()
    assert "longer than the system's limit (4096 bytes), passed over" in warning and "s.py" in warning
    named = run_judge("grade", "minesweeper", _deepest(tmp_path / "fits"), "--fuzz", "0", "--no-store",
                      cwd=tmp_path)
    assert named.returncode == 2 and "its path is longer than the system's limit" in named.stderr, named.stderr
    assert "Traceback" not in named.stderr and "internal error" not in named.stderr


def _deepest(folder: Path) -> str:
    """The path of the one file at the bottom of `folder`'s nested folders, relative to its parent."""
    parts, here = [folder.name], os.open(folder, os.O_RDONLY)
    try:
        while True:
            names = sorted(os.listdir(here))
            sub = [n for n in names if n.startswith("d")] or [n for n in names if n == "deep"]
            if not sub:
                parts.append("s.py")
                return "/".join(parts)
            parts.append(sub[0])
            inner = os.open(sub[0], os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
    finally:
        os.close(here)


def test_the_commands_that_start_the_sandboxs_self_test_before_parsing_are_those_that_run_submissions():
    """main() starts the self-test as soon as sys.argv names such a command (cli_main.SANDBOXED), before
    the parser is built: the same commands as those with --require-sandbox."""
    import argparse

    from judge.cli import main as cli_main

    subcommands = next(a for a in cli_main.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    sandboxed = {name for name, parser in subcommands.choices.items()
                 if any("--require-sandbox" in action.option_strings for action in parser._actions)}
    assert sandboxed == cli_main.SANDBOXED


def test_the_commands_that_keep_a_code_table_of_their_own_are_the_parsers():
    """judge.cli names each command's dataclass code table (codecache.py) before the parser exists."""
    import argparse

    from judge import cli
    from judge.cli import main as cli_main

    subcommands = next(a for a in cli_main.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subcommands.choices) == cli.COMMANDS


#: A judge interrupted as it starts: as the parser is built (red-team round 25: Python's traceback and
#: exit 1, not the documented line and 130), and as the CLI is imported (its review: the `judge` script
#: imported judge.cli.main itself; it now starts in judge.__main__.main, as `python -m judge` does).
EARLY_CTRL_C = {
    "parser": ("import judge.cli.main as m\n"
               "def build_parser(*args):\n"
               "    raise KeyboardInterrupt\n"
               "m.build_parser = build_parser\n"
               "m.run()\n"),
    "import": ("import builtins\n"
               "real = builtins.__import__\n"
               "def interrupted(name, *args, **kwargs):\n"
               "    if name == 'judge.cli.main':\n"
               "        raise KeyboardInterrupt\n"
               "    return real(name, *args, **kwargs)\n"
               "builtins.__import__ = interrupted\n"
               "from judge.__main__ import main\n"
               "main()\n"),
}


@pytest.mark.parametrize("when", sorted(EARLY_CTRL_C))
def test_ctrl_c_as_the_judge_starts_is_the_interrupt_line_and_code(when):
    """`judge: interrupted` and 130, as a Ctrl-C during a command gives, and no traceback."""
    done = subprocess.run([sys.executable, "-c", EARLY_CTRL_C[when], "grade", "minesweeper"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "judge: interrupted\n")


def test_what_a_checker_prints_stays_out_of_the_json(tmp_path):
    """Bad-input round 29: a checker.py that printed (a debug line) wrote into stdout: `grade --json` was no
    JSON. What package code prints goes to stderr."""
    package = copy_problem(tmp_path)
    # Not `exact = True`: an exact checker is not called on an answer equal to the expected one.
    (package / "checker.py").write_text("def compare(e, g, a):\n    print('debug', g)\n    return e == g, []\n")
    done = run_judge("grade", package, SUBMISSIONS / "accepted" / "bfs_class.py", "--no-store", "--fuzz", "0",
                     "--json")
    assert done.returncode == 0 and json.loads(done.stdout) and "debug" in done.stderr, done.stderr[-300:]


def test_a_seed_the_store_cannot_hold_is_usage(tmp_path):
    """Bad-input round 29: `--seed 9223372036854775808` with the store on was exit 3 (OverflowError)."""
    done = run_judge("grade", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py", "--fuzz", "1",
                     "--seed", str(2**63), "--db", tmp_path / "r.sqlite3")
    assert done.returncode == 2 and "--seed: invalid seed value" in done.stderr, done.stderr


def test_a_misspelt_visibility_group_stops_grade_before_anything_is_stored(tmp_path):
    """Bad-input round 29: `visibility: {secrt: hidden}` was graded and stored by `grade`, and then every
    export of the class refused the package. grade refuses it first, one line, exit 2, nothing stored."""
    package = copy_problem(tmp_path)
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text() + "\nvisibility: {secrt: hidden}\n")
    db = tmp_path / "r.sqlite3"
    done = run_judge("grade", package, SUBMISSIONS / "accepted" / "bfs_class.py", "--db", db)
    assert done.returncode == 2 and "visibility.secrt: no case group of that name" in done.stderr, done.stderr
    assert not db.exists() or "bfs_class" not in run_judge("leaderboard", package, "--db", db).stdout
