"""`judge add-case`: options from the signature, YAML input, refusals, and files left intact."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from helpers import DATA, ROOT, copy_problem, judge
from judge.cli.main import main
from judge.problems.cases import load_cases, load_file
from judge.problems.problem import load_problem

BOARD = "EEEEE/EEMEE/EEEEE/EEEME"


def _added(package, group="secret", name="added.yaml"):
    return package / "cases" / group / name


def test_add_from_options_then_verify(tmp_path):
    package = copy_problem(tmp_path)
    result = judge("add-case", package, "--board", BOARD, "--click", "3,0", "--name", "corner-next-to-digit",
                   "--description", "a click that spreads around two mines")
    assert result.returncode == 0, result.stderr
    path = _added(package)
    assert f"added case corner-next-to-digit to {path}" in result.stdout
    problem = load_problem(str(package))
    case = load_file(problem, path, "secret")[-1]
    assert case.name == "corner-next-to-digit" and case.args["click"] == [3, 0]
    assert case.expected == problem.generator.reference.updateBoard([list(r) for r in BOARD.split("/")], [3, 0])
    assert "- 'B1EEE'" in path.read_text()  # rows as readable strings, as in the other case files
    verified = judge("verify", package)
    assert verified.returncode == 0, verified.stdout


def test_sample_flag_file_flag_and_generated_name(tmp_path):
    package = copy_problem(tmp_path)
    assert judge("add-case", package, "--board", "EEEM/EEEE", "--click", "0,0", "--sample").returncode == 0
    sample = load_file(load_problem(str(package)), _added(package, "sample"), "sample")
    assert len(sample) == 1 and sample[0].name.startswith("added-")
    edges = package / "cases" / "secret" / "edges.yaml"
    before = edges.read_text()
    added = judge("add-case", package, "--board", "EEE/EEE/MEE", "--click", "0,2", "--file", "edges.yaml")
    assert added.returncode == 0
    after = edges.read_text()
    assert after.startswith(before)  # appended: comments, order and formatting of the others untouched
    old = load_file(load_problem(str(package)), edges, "secret")
    assert len(old) == yaml.safe_load(before).__len__() + 1


def test_add_from_yaml_file_and_stdin(tmp_path):
    package = copy_problem(tmp_path)
    cases = tmp_path / "new.yaml"
    cases.write_text("- name: from-file-a\n  board: ['EEM', 'EEE']\n  click: [1, 0]\n"
                     "- name: from-file-b\n  board:\n    - 'EMM'\n  click: [0, 2]\n  expected: ['EMX']\n")
    assert judge("add-case", package, "--from", cases).returncode == 0
    piped = judge("add-case", package, "--from", "-", input="name: from-stdin\nboard: [EEEE]\nclick: [0, 3]\n")
    assert piped.returncode == 0, piped.stderr
    names = [c.name for c in load_cases(load_problem(str(package)))]
    assert {"from-file-a", "from-file-b", "from-stdin"} <= set(names)
    assert judge("verify", package).returncode == 0


def test_name_and_description_with_from_apply_to_its_one_case_and_refuse_several(tmp_path):
    """--name with --from of two cases was ignored without a word (both added under the file's names)."""
    package = copy_problem(tmp_path)
    one = tmp_path / "one.yaml"
    one.write_text("- name: in-the-file\n  board: ['EEM', 'EEE']\n  click: [1, 0]\n")
    added = judge("add-case", package, "--from", one, "--name", "renamed", "--description", "given on the line")
    assert added.returncode == 0, added.stderr
    case = next(c for c in load_cases(load_problem(str(package))) if c.name == "renamed")
    assert case.description == "given on the line"
    two = tmp_path / "two.yaml"
    two.write_text("- name: first\n  board: ['EEM']\n  click: [0, 0]\n"
                   "- name: second\n  board: ['MEE']\n  click: [0, 2]\n")
    before = _added(package).read_text()
    for option in ("--name", "--description"):
        refused = judge("add-case", package, "--from", two, option, "x")
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.strip().splitlines() == [
            f"judge: error: {two}: {option} is for one case, and this input holds 2; give each case its "
            f"{option[2:]} in the file"]
    assert _added(package).read_text() == before  # nothing written


def test_refusals_are_one_line_and_write_nothing(tmp_path, capsys):
    package = copy_problem(tmp_path)
    assert judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "mine").returncode == 0
    path = _added(package)
    before = path.read_text()
    wrong_expected = tmp_path / "wrong.yaml"
    # (its inputs in no other case: with ['EM'], the refusal tested was "the same inputs", never this one)
    wrong_expected.write_text("- name: bad-expected\n  board: ['EEEEEEM', 'EEEEEEE']\n  click: [0, 0]\n"
                              "  expected: ['EEEEEEM', 'EEEEEEE']\n")
    refusals = {
        "same name": ["--board", "EEEM", "--click", "0,0", "--name", "mine"],
        "a name of a generated case": ["--board", "EEEM", "--click", "0,0", "--name", "example-1"],
        "same inputs": ["--board", "EEM/EEE", "--click", "1,0", "--name", "other"],
        "same inputs as a generated case": ["--board", "EEEEE/EEMEE/EEEEE/EEEEE", "--click", "3,0"],
        "unreachable board": ["--board", "BM", "--click", "0,1"],
        "click on a revealed square": ["--board", "B1M", "--click", "0,0"],
        "click outside": ["--board", "EEM", "--click", "0,5"],
        "bad click": ["--board", "EEM", "--click", "0,x"],
        "missing option": ["--board", "EEM"],
        "expected differs from the reference": ["--from", wrong_expected],
        "a file outside the group folder": ["--board", "EEEM", "--click", "0,0", "--file", "../x.yaml"],
    }
    by_subprocess = {"same name", "same inputs", "unreachable board", "expected differs from the reference"}
    for why, args in refusals.items():
        if why in by_subprocess:  # the real command, end to end
            result = judge("add-case", package, *args)
            code, err = result.returncode, result.stderr
        else:  # the same CLI entry point in this process (quicker)
            code = main(["add-case", str(package), *map(str, args)])
            err = capsys.readouterr().err
        assert code == 2, (why, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, why
        assert path.read_text() == before, why
        if why == "expected differs from the reference":  # each side named: the checker's words read backwards
            assert "its expected answer is not the reference's (the checker, given the reference's as expected " \
                   "and the file's as the answer: " in err, err
    assert not (package / "x.yaml").exists() and not (package / "cases" / "x.yaml").exists()
    # a batch with one bad case writes none of it
    batch = tmp_path / "batch.yaml"
    batch.write_text("- name: good\n  board: ['EEEM']\n  click: [0, 0]\n"
                     "- name: good\n  board: ['ME']\n  click: [0, 1]\n")
    assert main(["add-case", str(package), "--from", str(batch)]) == 2
    assert path.read_text() == before


def test_make_cases_keeps_added_cases(tmp_path):
    package = copy_problem(tmp_path)
    assert judge("add-case", package, "--board", "EEM/EEE/EEE", "--click", "2,0").returncode == 0
    assert judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "kept",
                 "--file", "clicks.yaml").returncode == 0
    added = _added(package).read_text()
    subprocess.run([sys.executable, str(package / "tools" / "make_cases.py")], check=True, capture_output=True)
    assert _added(package).read_text() == added
    assert "- name: kept" in (package / "cases" / "secret" / "clicks.yaml").read_text()
    assert judge("verify", package).returncode == 0


def _copy(tmp_path, name):
    """A writable copy of one of the test packages under tests/data/problems/."""
    target = tmp_path / name
    shutil.copytree(DATA / "problems" / name, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def test_negative_numbers_help_and_hint(tmp_path):
    """`--nums -3,4,1` is a value, not an option; the help names each option's type in words; a bad option
    points at this very command's help."""
    package = _copy(tmp_path, "two_sum")
    added = judge("add-case", package, "--nums", "-3,4,1", "--target", "-2", "--name", "negatives-first")
    assert added.returncode == 0, added.stderr
    case = load_file(load_problem(str(package)), _added(package), "secret")[-1]
    assert (case.name, case.args, case.expected) == ("negatives-first", {"nums": [-3, 4, 1], "target": -2}, [0, 2])
    shown = judge("add-case", package, "--help")
    assert shown.returncode == 0
    assert "int[]: integers separated by ',' (e.g. -3,4,1)" in shown.stdout and "int: an integer" in shown.stdout
    assert "a int" not in shown.stdout
    wrong = judge("add-case", package, "--nums", "1,2", "--bogus")
    assert wrong.returncode == 2 and wrong.stderr.strip().endswith("(see judge add-case two_sum --help)")


def test_integer_grids_are_written_one_row_a_line_into_any_group(tmp_path):
    package = _copy(tmp_path, "transpose")
    added = judge("add-case", package, "--matrix", "1,-2,30/4,5,6", "--name", "wide", "--group", "edge")
    assert added.returncode == 0, added.stderr
    path = package / "cases" / "edge" / "added.yaml"
    text = path.read_text()
    assert ("  matrix:\n    - [1, -2, 30]\n    - [4, 5, 6]\n"
            "  expected:\n    - [1, 4]\n    - [-2, 5]\n    - [30, 6]\n") in text
    cases = load_cases(load_problem(str(package)))
    assert [c.group for c in cases if c.name == "wide"] == ["edge"]
    assert judge("verify", package).returncode == 0
    both = judge("add-case", package, "--matrix", "1", "--sample", "--group", "edge")
    assert both.returncode == 2 and "either --sample or --group" in both.stderr
    own = judge("add-case", package, "--matrix", "1", "--group", "random")
    assert own.returncode == 2 and "not random" in own.stderr


def test_course_schedule_pairs_and_a_long_answer(tmp_path):
    """The README's forms for an int and an int[][] of pairs (JSON, rows, '' for none); a long int[]
    answer is wrapped between its numbers, not written as one line."""
    package = tmp_path / "course_schedule"
    shutil.copytree(Path(__file__).resolve().parent.parent / "problems" / "course_schedule", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for args in (["--prerequisites", "[[1,0],[2,1]]", "--name", "chain-3"],
                 ["--prerequisites", "2,1/1,0", "--name", "chain-3-rows-reversed"]):
        added = judge("add-case", package, "--numCourses", "3", *args)
        assert added.returncode == 0, added.stderr
    none = judge("add-case", package, "--numCourses", "60", "--prerequisites", "", "--name", "sixty-free")
    assert none.returncode == 0, none.stderr
    text = _added(package).read_text()
    assert "  prerequisites:\n    - [1, 0]\n    - [2, 1]\n  expected: [0, 1, 2]\n" in text
    assert max(len(line) for line in text.splitlines()) <= 120
    cases = {c.name: c for c in load_file(load_problem(str(package)), _added(package), "secret")}
    assert cases["sixty-free"].args == {"numCourses": 60, "prerequisites": []}
    assert cases["sixty-free"].expected == list(range(60))
    assert cases["chain-3-rows-reversed"].args["prerequisites"] == [[2, 1], [1, 0]]


def test_a_string_array_is_a_flow_list_and_long_rows_are_wrapped(tmp_path):
    """Group Anagrams (string[] in, string[][] out): a list of words is written as a flow list, as an
    int[] is, not one word a line as a board's rows; a long row of a grid is wrapped between its items."""
    package = _copy(tmp_path, "group_anagrams")
    words = ",".join(["abcdefghij"] * 30 + [""])
    for args in (["--strs", "eat,,tea", "--name", "short"], ["--strs", words, "--name", "long"]):
        added = judge("add-case", package, *args)
        assert added.returncode == 0, added.stderr
    shown = judge("add-case", package, "--help").stdout
    assert "string[]: strings separated by ',' (e.g. eat,,tea for 'eat', '', 'tea'; or JSON" in " ".join(shown.split())
    text = _added(package).read_text()
    assert '  strs: ["eat", "", "tea"]\n  expected:\n    - ["eat", "tea"]\n    - [""]\n' in text
    assert max(len(line) for line in text.splitlines()) <= 110
    cases = {c.name: c for c in load_file(load_problem(str(package)), _added(package), "secret")}
    assert cases["long"].args == {"strs": ["abcdefghij"] * 30 + [""]}
    assert cases["long"].expected == [["abcdefghij"] * 30, [""]]


def test_add_cases_at_once_lose_none_and_never_share_a_name(tmp_path):
    """Round 28: four add-case runs at once each said "added" and one case was lost (each read the file,
    then replaced it with its own copy); two of one name both said "added" and broke the package. Each
    holds the package while it checks and writes: every case is in the file, and a name is taken once."""
    package = copy_problem(tmp_path)
    base = [sys.executable, "-m", "judge", "add-case", str(package), "--board", BOARD]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([*base, "--click", f"0,{i}", "--name", f"race-{i}"], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(4)]
    runs += [subprocess.Popen([*base, "--click", f"1,{i}", "--name", "same"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(2)]
    said = [run.communicate(timeout=300) for run in runs]
    codes = [run.returncode for run in runs]
    assert codes[:4] == [0] * 4 and sorted(codes[4:]) == [0, 2], said
    assert "the name is already used" in "".join(err for _, err in said[4:]), said
    names = [case.name for case in load_file(load_problem(str(package)), _added(package), "secret")]
    assert sorted(names) == ["race-0", "race-1", "race-2", "race-3", "same"], names


def test_a_name_of_the_judges_random_cases_is_refused(tmp_path):
    """Red-team round 31: a fixed case named random-529-3 made two cases of that name beside --fuzz's own,
    and the stored times, the medians and the visibility levels keyed by name mixed them."""
    import pytest

    from judge.errors import CaseError

    problem_dir = copy_problem(tmp_path)
    before = sorted((p.name, p.read_bytes()) for p in (problem_dir / "cases").rglob("*.yaml"))
    added = judge("add-case", problem_dir, "--board", "EEM/EEE", "--click", "0,0", "--name", "random-529-3")
    assert added.returncode == 2 and "taken by the judge's random cases" in added.stderr, added.stderr
    assert sorted((p.name, p.read_bytes()) for p in (problem_dir / "cases").rglob("*.yaml")) == before
    (problem_dir / "cases" / "secret" / "hand.yaml").write_text(
        "- name: random-7-0\n  board: [EEM, EEE]\n  click: [0, 0]\n  expected: [E1M, E11]\n")
    with pytest.raises(CaseError, match="hand.yaml:1: the case name 'random-7-0' is taken"):
        load_cases(load_problem(str(problem_dir)))


def test_a_file_written_with_crlf_keeps_its_line_ends_and_the_new_case_gets_them(tmp_path):
    """Round 31 left alone, done in 32: the old cases were rewritten with LF (read as text) and the new ones
    followed, so a setter's Windows-made file changed line by line in its diff. Now its bytes stay as they
    were, the appended case has the file's own line ends, and a LF file gets LF."""
    package = copy_problem(tmp_path)
    edges = package / "cases" / "secret" / "edges.yaml"
    windows = edges.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    edges.write_bytes(windows)
    before = len(load_file(load_problem(str(package)), edges, "secret"))
    added = judge("add-case", package, "--board", "EEE/EEE/MEE", "--click", "0,2", "--file", "edges.yaml")
    assert added.returncode == 0, added.stderr
    after = edges.read_bytes()
    assert after.startswith(windows) and after.count(b"\n") == after.count(b"\r\n") > windows.count(b"\r\n")
    assert len(load_file(load_problem(str(package)), edges, "secret")) == before + 1
    unix = _added(package)
    assert judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0").returncode == 0
    assert b"\r" not in unix.read_bytes()


def test_a_new_packages_first_case_can_be_added(tmp_path):
    """Red-team round 32: a package with no case yet (its case files all empty) refused add-case with
    "no cases", so a setter could not build its first cases with the command made for it."""
    package = copy_problem(tmp_path)
    for path in (package / "cases").rglob("*.yaml"):
        path.write_text("")
    added = judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "first")
    assert added.returncode == 0, added.stderr
    assert [c.name for c in load_cases(load_problem(str(package)))] == ["first"]
