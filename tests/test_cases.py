"""YAML case files: loading in test order, line numbers, validation and every kind of bad input."""

import dataclasses
import json
import shutil

import pytest
import yaml

from helpers import DATA, SHIPPED, run_judge
from judge.errors import CaseError, ProblemError
from judge.problems.cases import load_cases, test_set_hash as set_hash
from judge.problems.problem import load_problem


@pytest.mark.parametrize("name", SHIPPED)
def test_loads_in_test_order(name):
    """Samples first, then the other groups in name order; each group's files in name order, each file's cases
    in file order, with the line each starts on; the inputs are the signature's parameters."""
    problem = load_problem(name)
    cases = load_cases(problem)
    groups = sorted(p.name for p in problem.cases_dir.iterdir() if p.is_dir() and any(p.glob("*.yaml")))
    groups = ["sample"] + [g for g in groups if g != "sample"]
    expected = []
    for group in groups:
        for path in sorted((problem.cases_dir / group).glob("*.yaml")):
            expected += [(group, path.name, case["name"]) for case in yaml.safe_load(path.read_text())]
    assert [(c.group, c.file.name, c.name) for c in cases] == expected
    params = [p.name for p in problem.signature.params]
    assert all(list(c.args) == params for c in cases)
    first = cases[0]
    assert first.group == "sample" and first.file.read_text().splitlines()[first.line - 1].startswith("- name:")


def test_a_char_grid_is_read_as_rows_of_characters():
    first = load_cases(load_problem("minesweeper"))[0]
    assert first.args["click"] == [3, 0]
    assert first.args["board"][1] == list("EEMEE")
    assert first.expected[0] == list("B1E1B")
    assert first.line == 2 and first.file.name == "examples.yaml"


def test_hash_is_stable_and_sensitive(problem_copy):
    problem = load_problem(str(problem_copy))
    before = set_hash(load_cases(problem))
    assert before == set_hash(load_cases(problem))
    path = problem_copy / "cases" / "sample" / "examples.yaml"
    path.write_text(path.read_text().replace("example-2", "example-two"))
    assert set_hash(load_cases(problem)) != before


def test_the_hash_kept_for_the_cases_origins_is_the_one_worked_out(problem_copy, monkeypatch, tmp_path):
    from judge.grading import fuzz
    from judge.problems import cases as module

    monkeypatch.setattr(module, "CACHE_ROOT", tmp_path / "cache")
    problem = load_problem(str(problem_copy))
    cases = load_cases(problem) + fuzz.random_cases(problem, 5, seed=11)
    assert all(c.origin for c in cases) and len({c.origin for c in cases}) == len(cases)
    bare = [dataclasses.replace(c, origin="") for c in cases]  # no origin: hashed in full, never kept
    full = set_hash(bare)
    assert not (tmp_path / "cache" / "testsets").exists()
    assert set_hash(cases) == full  # worked out, and kept
    kept = list((tmp_path / "cache" / "testsets").iterdir())
    assert len(kept) == 1 and kept[0].read_text() == full
    calls = []
    monkeypatch.setattr(module, "_CANONICAL", _Counting(calls))
    assert set_hash(cases) == full and not calls  # read back: not one case encoded
    assert set_hash(load_cases(problem) + fuzz.random_cases(problem, 5, seed=11)) == full
    # other bytes, other origins: worked out again, never the kept hash of the old bytes
    path = problem_copy / "cases" / "sample" / "examples.yaml"
    path.write_text(path.read_text().replace("example-2", "example-two"))
    changed = load_cases(problem) + fuzz.random_cases(problem, 5, seed=11)
    assert set_hash(changed) != full and calls
    # a kept entry that is not a hash is worked out again
    kept[0].write_text("garbage")
    monkeypatch.setattr(module, "_CANONICAL", json.JSONEncoder(sort_keys=True, separators=(",", ":")))
    assert set_hash(cases) == full


class _Counting(json.JSONEncoder):
    """The canonical encoder, noting each case it encodes."""

    def __init__(self, calls):
        super().__init__(sort_keys=True, separators=(",", ":"))
        self.calls = calls

    def encode(self, o):
        self.calls.append(o)
        return super().encode(o)


BAD = {
    "malformed": ("- name: a\n  board: ['E'\n  click: [0, 0]\n", r"bad.yaml:\d+: malformed YAML"),
    "not-a-list": ("name: a\n", r"bad.yaml:1: expected a list of cases"),
    "no-name": ("- board: ['E']\n  click: [0, 0]\n  expected: ['B']\n", r"bad.yaml:1: the case has no name"),
    "missing": ("- name: a\n  board: ['E']\n  expected: ['B']\n", r"bad.yaml:1 \(case a\): missing click"),
    "unknown-key": ("- name: a\n  board: ['E']\n  click: [0, 0]\n  expect: ['B']\n", "unknown key"),
    "ragged": ("- name: a\n  board: ['EE', 'E']\n  click: [0, 0]\n  expected: ['BB', 'B']\n",
               r"invalid input: row 1 has 1 squares?, expected 2"),
    "oversized": ("- name: a\n  board: [" + ", ".join(["'" + "E" * 51 + "'"])
                  + "]\n  click: [0, 0]\n  expected: ['B']\n",
                  r"invalid input: .*51"),
    "bad-char": ("- name: a\n  board: ['EQ']\n  click: [0, 0]\n  expected: ['BB']\n", r"'Q' is not a board character"),
    "click-outside": ("- name: a\n  board: ['EE']\n  click: [3, 0]\n  expected: ['BB']\n", r"click \(3,0\) is outside"),
    "click-revealed": ("- name: a\n  board: ['BB']\n  click: [0, 0]\n  expected: ['BB']\n", r"already revealed"),
    "unreachable": ("- name: a\n  board: ['BM']\n  click: [0, 1]\n  expected: ['BX']\n", r"'B' next to a mine"),
    "wrong-digit": ("- name: a\n  board: ['2M']\n  click: [0, 1]\n  expected: ['2X']\n", r"'2' but 1 mine"),
    "x-on-board": ("- name: a\n  board: ['XE']\n  click: [0, 1]\n  expected: ['XE']\n", r"'X'"),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_case_files(problem_copy, kind):
    text, message = BAD[kind]
    (problem_copy / "cases" / "secret" / "bad.yaml").write_text(text)
    with pytest.raises(CaseError, match=message) as info:
        load_cases(load_problem(str(problem_copy)))
    assert "\n" not in str(info.value)
    assert "bad.yaml" in str(info.value)


def test_duplicate_name(problem_copy):
    (problem_copy / "cases" / "secret" / "dup.yaml").write_text(
        "- name: example-1\n  board: ['E']\n  click: [0, 0]\n  expected: ['B']\n")
    with pytest.raises(CaseError,
                       match=r"dup.yaml:1 \(case example-1\): duplicate case name, first used at .*examples.yaml:2"):
        load_cases(load_problem(str(problem_copy)))


def test_no_cases(problem_copy):
    for f in (problem_copy / "cases").rglob("*.yaml"):
        f.unlink()
    with pytest.raises(CaseError, match="no cases"):
        load_cases(load_problem(str(problem_copy)))


def test_groups_are_the_folders_of_cases_sample_first(tmp_path):
    """A package's own group (cases/edge/) is loaded after the samples and graded and reported like the others."""
    package = tmp_path / "two_sum"
    shutil.copytree(DATA / "problems" / "two_sum", package)
    (package / "cases" / "edge").mkdir()
    (package / "cases" / "edge" / "ties.yaml").write_text(
        "- name: equal-halves\n  nums: [5, 1, 5]\n  target: 10\n  expected: [0, 2]\n")
    (package / "cases" / "aaa").mkdir()  # a folder with no case file is no group
    (package / "cases" / "__pycache__").mkdir()
    problem = load_problem(str(package))
    cases = load_cases(problem)
    assert [c.group for c in cases] == ["sample"] * 3 + ["edge"] + ["secret"] * 4
    submission = DATA / "submissions" / "two_sum" / "accepted" / "reversed_pair.py"
    shown = run_judge("grade", package, submission, "--fuzz", "2", "--no-store")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("problem two_sum: 10 cases (3 sample, 1 edge, 4 secret, 2 random with --seed 529)")
    doc = json.loads(run_judge("grade", package, submission, "--fuzz", "0", "--no-store", "--json").stdout)
    assert [c["group"] for c in doc["results"][0]["cases"]][3] == "edge"
    (package / "cases" / "random").mkdir()
    refused = run_judge("grade", package, submission, "--no-store")
    assert refused.returncode == 2 and "`random` is the group of the judge's random cases" in refused.stderr


@pytest.mark.parametrize("make", ["folder", "dangling link"])
def test_a_case_file_that_cannot_be_read_is_a_case_error(problem_copy, make):
    """A `*.yaml` that is a folder or a link to nothing: one line naming it, not an internal error."""
    path = problem_copy / "cases" / "secret" / "odd.yaml"
    if make == "folder":
        path.mkdir()
    else:
        path.symlink_to(problem_copy / "nowhere.yaml")
    with pytest.raises(CaseError, match=r"secret/odd.yaml: cannot read"):
        load_cases(load_problem(str(problem_copy)))


def test_a_group_folder_that_cannot_be_listed_is_an_error_not_an_empty_group(problem_copy, monkeypatch):
    """An unreadable cases/secret/ would have been globbed as empty: its cases lost without a word."""
    import os as _os

    real = _os.listdir
    secret = str(problem_copy / "cases" / "secret")

    def listdir(path="."):
        if str(path) == secret:
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr("judge.problems.cases.os.listdir", listdir)
    with pytest.raises(CaseError, match=r"cases/secret: cannot read: Permission denied"):
        load_cases(load_problem(str(problem_copy)))


BFS = DATA.parent.parent / "submissions" / "minesweeper" / "accepted" / "bfs_class.py"


def test_package_files_that_are_no_regular_files_are_refused_never_waited_on(problem_copy, tmp_path):
    """Bad-input round 29: a FIFO for a case file or for problem.yaml held every command, and a case file
    linked to /dev/zero read until the machine ran out of memory (24 GB): one line, exit 2, at once."""
    import os

    fifo = problem_copy / "cases" / "secret" / "zz.yaml"
    os.mkfifo(fifo)
    done = run_judge("grade", problem_copy, BFS, "--no-store", "--fuzz", "0", timeout=60)
    assert done.returncode == 2 and "zz.yaml: cannot read: not a regular file" in done.stderr, done.stderr
    fifo.unlink()
    fifo.symlink_to("/dev/zero")
    done = run_judge("grade", problem_copy, BFS, "--no-store", "--fuzz", "0", timeout=60)
    assert done.returncode == 2 and "zz.yaml: cannot read: not a regular file" in done.stderr, done.stderr
    fifo.unlink()
    meta = problem_copy / "problem.yaml"
    meta.rename(tmp_path / "problem.yaml")
    os.mkfifo(meta)
    done = run_judge("grade", problem_copy, BFS, "--no-store", "--fuzz", "0", timeout=60)
    assert done.returncode == 2 and "problem.yaml: cannot read" in done.stderr, done.stderr


def test_a_case_name_that_is_no_printable_line_is_refused(problem_copy):
    """Bad-input round 29: `name: "a\\nb\\u001b[2J"` loaded (add-case refused it), split the table's row and
    cleared the screen."""
    (problem_copy / "cases" / "secret" / "x.yaml").write_text(
        '- name: "a\\nb\\u001b[2J"\n  board: ["EEM"]\n  click: [0, 0]\n  expected: ["B1M"]\n')
    said = r"x.yaml:1: a case name must be one line of printable characters, not 'a\\nb\\x1b\[2J'"
    with pytest.raises(CaseError, match=said):
        load_cases(load_problem(str(problem_copy)), validate=False)


def test_a_validator_that_changes_its_args_changes_no_case(problem_copy):
    """Bad-input round 29: a validator that changed the board it was given changed the case that then ran:
    an accepted solution was WA on the first grade and AC on the next (the validated marker skipped it)."""
    import uuid

    (problem_copy / "validator.py").write_text(f"# {uuid.uuid4()}\ndef check(args):\n"
                                               "    for row in args['board']:\n"
                                               "        row[:] = ['E' if c == 'M' else c for c in row]\n"
                                               "    return []\n")
    first = [c.args for c in load_cases(load_problem(str(problem_copy)))]   # validated now
    again = [c.args for c in load_cases(load_problem(str(problem_copy)))]   # its marker found: not again
    assert first == again and any("M" in row for row in first[0]["board"])


def test_a_missing_validator_is_the_packages_one_line_not_every_cases(problem_copy):
    """Bad-input round 29: without validator.py, grade blamed the first case ("examples.yaml:2 (case
    example-1): invalid input: the validator crashed: ProblemError: ...") and verify said it 106 times."""
    import uuid

    (problem_copy / "validator.py").unlink()
    (problem_copy / "cases" / "secret" / "fresh.yaml").write_text(  # bytes no validated marker knows
        f"- name: fresh-{uuid.uuid4().hex[:8]}\n  board: ['EEM']\n  click: [0, 0]\n  expected: ['B1M']\n")
    with pytest.raises(ProblemError, match=r"validator.py: the validator validator.py does not exist"):
        load_cases(load_problem(str(problem_copy)))


@pytest.mark.parametrize("where, said", [
    ("secret/hard/extra.yaml", "a folder inside a group is no group of its own"),
    ("secret/extra.YAML", "case files end in .yaml or .yml, in lower case"),
    ("top.yaml", "a case file directly in cases/ belongs to no group"),
])
def test_a_case_file_the_loader_would_pass_over_is_an_error(tmp_path, where, said):
    """Red-team round 31: these were never loaded, without a word, and `verify` said OK."""
    package = tmp_path / "two_sum"
    shutil.copytree(DATA / "problems" / "two_sum", package)
    path = package / "cases" / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("- name: extra\n  nums: [1, 2]\n  target: 3\n  expected: [0, 1]\n")
    with pytest.raises(CaseError, match=said):
        load_cases(load_problem(str(package)))
    checked = run_judge("verify", package)
    assert checked.returncode != 0 and said in checked.stdout + checked.stderr


def test_verify_warns_of_the_same_input_under_two_names(tmp_path):
    """Red-team round 31: a hand-edited file holding an input twice passed verify without a word (add-case
    refuses it; problemtools warns of identical input files)."""
    package = tmp_path / "two_sum"
    shutil.copytree(DATA / "problems" / "two_sum", package)
    (package / "cases" / "secret" / "again.yaml").write_text(
        "- name: twin-a\n  nums: [7, 9]\n  target: 16\n  expected: [0, 1]\n"
        "- name: twin-b\n  nums: [7, 9]\n  target: 16\n  expected: [1, 0]\n")
    checked = run_judge("verify", package)
    assert "again.yaml:5 (case twin-b): the same input as " in checked.stdout, checked.stdout
    assert "again.yaml:1 (case twin-a)" in checked.stdout
