"""Gradescope: the autograder bundle run for real in a folder laid out as Gradescope's container lays
it out, and one submission's results.json validated field by field against the schema written from
Gradescope's specification (judge/results/schema/results.schema.json, `gradescope_document`)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import zipfile
from pathlib import Path

import pytest
import tomllib
from test_serialize import assert_valid

from helpers import ROOT, run_judge

SUBS = ROOT / "submissions" / "minesweeper"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """`judge gradescope minesweeper --output ag.zip` (two random cases, to keep it quick)."""
    out = tmp_path_factory.mktemp("gs") / "ag.zip"
    made = run_judge("gradescope", "minesweeper", "--output", out, "--fuzz", "2")
    assert made.returncode == 0, made.stderr
    return out


def _container(tmp_path: Path, bundle: Path, *submissions: Path) -> Path:
    """/autograder as Gradescope lays it out: source/ (the unzipped bundle), submission/, results/, and
    run_autograder copied to its root."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # zipfile does not restore modes; Gradescope's unzip does
            (root / "source" / info.filename).chmod(info.external_attr >> 16 & 0o777)
    (root / "submission").mkdir()
    (root / "results").mkdir()
    for sub in submissions:
        shutil.copy(sub, root / "submission" / sub.name)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    return root


def _run_autograder(root: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUDGE_DB")}
    env["AUTOGRADER_ROOT"] = str(root)
    return subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_bundle_has_what_gradescope_expects(bundle):
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        modes = {i.filename: i.external_attr >> 16 for i in archive.infolist()}
        run = archive.read("run_autograder").decode()
    assert {"setup.sh", "run_autograder", "requirements.txt", "judge/__main__.py",
            "problems/minesweeper/problem.yaml", "problems/minesweeper/cases/secret/clicks.yaml"} <= names
    assert all(not n.startswith("/") and "__pycache__" not in n for n in names)
    assert stat.S_IMODE(modes["run_autograder"]) == 0o755 and stat.S_IMODE(modes["setup.sh"]) == 0o755
    assert "--fuzz 2" in run and 'AUTOGRADER_ROOT:-/autograder' in run
    with zipfile.ZipFile(bundle) as archive:  # both scripts parse as bash (setup.sh needs Ubuntu's apt to run)
        for script in ("setup.sh", "run_autograder"):
            checked = subprocess.run(["bash", "-n"], input=archive.read(script).decode(), capture_output=True,
                                     text=True)
            assert checked.returncode == 0, (script, checked.stderr)
        wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
        names = [re.split(r"[<>=!~; \[]", r)[0].lower() for r in archive.read("requirements.txt").decode().split()]
        assert names == [re.split(r"[<>=!~; \[]", r)[0].lower() for r in wanted]  # the judge's, not the tests'
    again = bundle.parent / "again.zip"
    assert run_judge("gradescope", "minesweeper", "--output", again, "--fuzz", "2").returncode == 0
    assert again.read_bytes() == bundle.read_bytes()  # the same bundle every time



def test_the_bundle_holds_the_packages_parts_and_nothing_else_of_its_folder(tmp_path):
    """Red-team round 31: the bundle took the package's whole folder: its known accepted submissions, a
    setter's notes, and earlier bundles and output folders left in it (one inside the next)."""
    package = tmp_path / "minesweeper"
    shutil.copytree(ROOT / "problems" / "minesweeper", package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "known" / "accepted").mkdir(parents=True)
    (package / "known" / "accepted" / "s.py").write_text("# a solution\n")
    (package / "NOTES.private").write_text("the trick is ...\n")
    (package / "old.zip").write_bytes(b"PK")
    (package / "policy.py").write_text("STRICT = False\n")   # a module the checker may import: kept
    (package / "lib").mkdir()
    (package / "lib" / "__init__.py").write_text("")
    out = tmp_path / "ag.zip"
    made = run_judge("gradescope", package, "--output", out, "--fuzz", "0")
    assert made.returncode == 0, made.stderr
    with zipfile.ZipFile(out) as archive:
        names = {n.removeprefix("problems/minesweeper/") for n in archive.namelist() if n.startswith("problems/")}
    assert {"problem.yaml", "statement.md", "reference.py", "validator.py", "checker.py", "generator.py",
            "policy.py", "lib/__init__.py", "cases/secret/clicks.yaml"} <= names
    assert not {n for n in names if n.startswith(("known/", "tools/")) or n in ("NOTES.private", "old.zip")}


def test_run_autograder_grades_the_submission(tmp_path, bundle):
    root = _container(tmp_path, bundle, SUBS / "wrong_answer" / "four_way.py")
    run = _run_autograder(root)
    assert run.returncode == 0, run.stderr[-2000:]
    doc = json.loads((root / "results" / "results.json").read_text())
    assert_valid(doc, "gradescope_document")
    submission = doc["extra_data"]["submission"]
    assert submission["verdict"] == "WA" and submission["path"].startswith(str(root / "submission"))
    assert doc["score"] == sum(t["score"] for t in doc["tests"]) < sum(t["max_score"] for t in doc["tests"])
    assert [t["number"] for t in doc["tests"]] == [str(i) for i in range(1, len(doc["tests"]) + 1)]
    assert {t["visibility"] for t in doc["tests"] if t["tags"] == ["sample"]} == {"visible"}
    assert {t["visibility"] for t in doc["tests"] if t["tags"] != ["sample"]} == {"after_published"}
    for test in doc["tests"]:
        lines = test["output"].split("\n")
        assert len(lines) < 2 or lines[0].split(": ", 1)[-1] != lines[1], test  # the first line said once


def test_run_autograder_accepts_and_explains_a_bad_hand_in(tmp_path, bundle):
    root = _container(tmp_path / "ok", bundle, SUBS / "accepted" / "bfs_class.py")
    assert _run_autograder(root).returncode == 0
    doc = json.loads((root / "results" / "results.json").read_text())
    assert_valid(doc, "gradescope_document")
    assert doc["score"] == sum(t["max_score"] for t in doc["tests"])
    assert doc["extra_data"]["submission"]["verdict"] == "AC"
    # two files handed in: a results.json of score 0 that says so
    two = (SUBS / "accepted" / "bfs_class.py", SUBS / "wrong_answer" / "four_way.py")
    root = _container(tmp_path / "two", bundle, *two)
    assert _run_autograder(root).returncode == 0
    doc = json.loads((root / "results" / "results.json").read_text())
    assert_valid(doc, "gradescope_document")
    assert doc["score"] == 0 and doc["tests"] == [] and "found 2 submission files" in doc["output"]
    # nothing handed in
    root = _container(tmp_path / "none", bundle)
    assert _run_autograder(root).returncode == 0
    doc = json.loads((root / "results" / "results.json").read_text())
    assert_valid(doc, "gradescope_document")
    assert doc["score"] == 0 and "no submissions" in doc["output"]


def test_grade_format_gradescope_with_weights_and_a_compile_error(tmp_path):
    package = tmp_path / "minesweeper"
    shutil.copytree(ROOT / "problems" / "minesweeper", package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text()
                                          + "scoring:\n  groups: {sample: 0, secret: 2}\n")
    out = run_judge("grade", package, SUBS / "wrong_answer" / "mine_noop.py", "--no-store", "--fuzz", "0",
                    "--format", "gradescope")
    assert out.returncode == 1, out.stderr
    doc = json.loads(out.stdout)
    assert_valid(doc, "gradescope_document")
    secret = [t for t in doc["tests"] if t["tags"] == ["secret"]]
    assert {t["max_score"] for t in secret} == {2.0}
    assert {t["max_score"] for t in doc["tests"] if t["tags"] == ["sample"]} == {0.0}
    assert doc["score"] == sum(t["score"] for t in doc["tests"]) == doc["extra_data"]["submission"]["score"]
    # a compile error: its text (the submission's own) in the output, with its line breaks
    bad = tmp_path / "bad.cpp"
    bad.write_text("class Solution {\n  int x = ;\n};\n")
    results = tmp_path / "out" / "results.json"
    out = run_judge("grade", package, bad, "--no-store", "--fuzz", "0", "--gradescope-results", results)
    assert out.returncode == 1 and results.is_file()
    doc = json.loads(results.read_text())
    assert_valid(doc, "gradescope_document")
    assert doc["output"].startswith("CE (compile error)") and "\n" in doc["output"].split("\n\n", 1)[1]
    assert doc["score"] == 0 and all(t["status"] == "failed" for t in doc["tests"])


def test_several_submissions_are_refused_for_gradescope():
    out = run_judge("grade", "minesweeper", SUBS / "accepted", "--no-store", "--fuzz", "0", "--format", "gradescope")
    assert out.returncode == 2 and "exactly one" in out.stderr and out.stdout == ""


def test_the_output_must_be_new(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x").write_text("")
    out = run_judge("gradescope", "minesweeper", "--output", tmp_path / "taken")
    assert out.returncode == 2 and "not an empty folder" in out.stderr
    out = run_judge("gradescope", "minesweeper", "--output", tmp_path / "dir")
    assert out.returncode == 0 and os.access(tmp_path / "dir" / "run_autograder", os.X_OK)


def test_a_package_folder_with_spaces_and_quotes(tmp_path):
    """The bundle's scripts quote the package's folder: any name an instructor gave it works."""
    package = tmp_path / "Transpose (it's 867)"
    shutil.copytree(ROOT / "tests" / "data" / "problems" / "transpose", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    bundle = tmp_path / "ag.zip"
    assert run_judge("gradescope", package, "--output", bundle, "--fuzz", "0").returncode == 0
    root = _container(tmp_path, bundle, ROOT / "tests" / "data" / "submissions" / "transpose" / "accepted"
                      / "zip_rows.py")
    run = _run_autograder(root)
    assert run.returncode == 0, run.stderr[-2000:]
    doc = json.loads((root / "results" / "results.json").read_text())
    assert_valid(doc, "gradescope_document")
    assert doc["extra_data"]["problem"] == "transpose" and doc["extra_data"]["submission"]["verdict"] == "AC"


def test_a_late_entry_is_recorded_by_gradescope_after_its_penalty(tmp_path):
    """Classroom review: `leaderboard --format gradescope` gave a late hand-in its raw score as the grade
    Gradescope records (the top-level score), where the gradebook and the table took the penalty off."""
    package = tmp_path / "minesweeper"
    shutil.copytree(ROOT / "problems" / "minesweeper", package)
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text() + (
        "late:\n  deadline: 2020-01-01T00:00:00+00:00\n  penalty: 0.1\n  cap: 0.3\n"))
    db = tmp_path / "r.sqlite3"
    assert run_judge("grade", package, SUBS / "accepted" / "bfs_class.py", "--db", db, "--fuzz", "0").returncode == 0
    out = run_judge("leaderboard", package, "--db", db, "--format", "gradescope")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert_valid(doc, "gradescope_document")
    book = run_judge("leaderboard", package, "--db", db, "--format", "gradebook").stdout.splitlines()[1].split(",")
    assert doc["score"] == float(book[3]) == round(0.7 * float(book[5]), 4)   # score, score_before_penalty
    assert "late by" in doc["output"] and "a penalty of 30%" in doc["output"], doc["output"]


def test_the_gradescope_author_may_be_the_students_id_or_name_and_a_miss_suggests_one(tmp_path):
    """Classroom review: `--author 'Jane Doe'` failed (exit 2) for the author the table shows as
    `doejane (111)`, without saying what to give."""
    folder = tmp_path / "canvas"
    folder.mkdir()
    shutil.copy(SUBS / "accepted" / "bfs_class.py", folder / "doejane_111_9_sol.py")
    shutil.copy(SUBS / "wrong_answer" / "four_way.py", folder / "roesam_222_9_sol.py")
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n111,Jane Doe\n222,Sam Roe\n")
    db = tmp_path / "r.sqlite3"
    run_judge("grade", "minesweeper", folder, "--roster", roster, "--db", db, "--fuzz", "0")
    for who in ("111", "Jane Doe"):
        out = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradescope", "--author", who)
        assert out.returncode == 0, (who, out.stderr)
        assert json.loads(out.stdout)["extra_data"]["entry"]["student_id"] == "111"
    authors = [e["author"] for e in json.loads(run_judge("leaderboard", "minesweeper", "--db", db, "--format",
                                                          "json").stdout)["entries"]]
    out = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradescope", "--author", authors[0][:-1])
    assert out.returncode == 2 and f"did you mean {authors[0]!r}" in out.stderr, out.stderr


def test_run_autograder_credits_gradescopes_submitter_not_a_file_name(tmp_path, bundle):
    """Classroom review: a hand-in named like an LMS download (`Alice Adams_10001_assignsubmission_file_`)
    was credited to Alice in results.json; Gradescope's submission_metadata.json says who handed it in."""
    named = tmp_path / "Alice Adams_10001_assignsubmission_file_solution.py"
    shutil.copy(SUBS / "accepted" / "bfs_class.py", named)
    root = _container(tmp_path, bundle, named)
    (root / "submission_metadata.json").write_text(json.dumps(
        {"users": [{"name": "Bob Brown", "email": "bob@uni.example", "id": 42}], "created_at": "2026-03-01T10:00:00Z"}))
    run = _run_autograder(root)
    assert run.returncode == 0, run.stderr[-2000:]
    doc = json.loads((root / "results" / "results.json").read_text())
    submission = doc["extra_data"]["submission"]
    assert submission["author"] == "Bob Brown" and submission.get("student_id") != "10001", submission
    # Round 23: a blank name, one starting with `-`, or no metadata at all never gives the file name's claim
    for metadata, author in (({"users": [{"name": "\u3000"}]}, "the Gradescope submitter"),
                             ({"users": [{"name": "-x"}]}, "-x"), (None, "the Gradescope submitter")):
        meta = root / "submission_metadata.json"
        meta.unlink(missing_ok=True)
        if metadata is not None:
            meta.write_text(json.dumps(metadata))
        run = _run_autograder(root)
        assert run.returncode == 0, run.stderr[-2000:]
        submission = json.loads((root / "results" / "results.json").read_text())["extra_data"]["submission"]
        assert submission["author"] == author and submission.get("student_id") != "10001", (metadata, submission)


def test_a_header_claiming_a_students_name_or_id_is_never_taken_for_their_hand_in(tmp_path):
    """Red-team round 22: x.py, whose header says `author: Sam Smith` (or `author: 222`), was merged into
    Sam's entry (the gradebook gave Sam x.py's AC), and `--author 222` gave x.py's results.json."""
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(SUBS / "wrong_answer" / "four_way.py", folder / "sam.py")
    roster = tmp_path / "roster.csv"
    roster.write_text("file,id,name\nsam.py,222,Sam Smith\n")
    for claim in ("Sam Smith", "222"):
        (folder / "x.py").write_text(f"# author: {claim}\n" + (SUBS / "accepted" / "bfs_class.py").read_text())
        db = tmp_path / f"r{claim[0]}.sqlite3"
        run_judge("grade", "minesweeper", folder, "--roster", roster, "--db", db, "--fuzz", "0")
        book = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradebook").stdout.splitlines()
        sam = next(line.split(",") for line in book[1:] if line.startswith("222,"))
        assert sam[8] == "WA", (claim, book)          # Sam's own hand-in, not the claim's AC
        out = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradescope", "--author", "222")
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["extra_data"]["entry"]["submission"].endswith("sam.py"), claim


def test_claims_merge_into_no_student_and_a_roster_id_is_never_another_students(tmp_path):
    """Red-team round 23: (1) a header claiming Sam's name, graded on another test set, hid Sam's own AC
    (not even listed as stale) and gave him its WA; (2) with a roster without ids the claim merged into
    Sam's entry; (3) `--author 222` for Sam, who handed nothing in, gave Mallory's entry, whose Moodle
    full name she had renamed to Sam's id."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(SUBS / "accepted" / "bfs_class.py", subs / "sam.py")
    claim = tmp_path / "extra.py"
    claim.write_text("# author: Sam Smith\n" + (SUBS / "wrong_answer" / "four_way.py").read_text())
    with_ids, without = tmp_path / "ids.csv", tmp_path / "names.csv"
    with_ids.write_text("file,id,name\nsam.py,222,Sam Smith\n")
    without.write_text("file,name\nsam.py,Sam Smith\n")

    def sams_row(db):
        book = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradebook").stdout.splitlines()
        return next(line.split(",") for line in book[1:] if "Sam Smith" in line)

    db = tmp_path / "a.sqlite3"
    run_judge("grade", "minesweeper", subs / "sam.py", "--roster", with_ids, "--db", db, "--fuzz", "0")
    run_judge("grade", "minesweeper", claim, "--roster", with_ids, "--db", db, "--fuzz", "1")
    assert sams_row(db)[8] == "AC"                      # his own, stale, by id: never the claim's WA
    db = tmp_path / "b.sqlite3"
    shutil.copy(SUBS / "wrong_answer" / "four_way.py", subs / "sam.py")
    claim.write_text("# author: Sam Smith\n" + (SUBS / "accepted" / "bfs_class.py").read_text())
    run_judge("grade", "minesweeper", subs / "sam.py", claim, "--roster", without, "--db", db, "--fuzz", "0")
    assert sams_row(db)[8] == "WA"                      # his own WA: the claim's AC is not his
    moodle = tmp_path / "dl" / "222_111_assignsubmission_file_"
    moodle.mkdir(parents=True)
    shutil.copy(SUBS / "accepted" / "bfs_class.py", moodle / "sol.py")
    roster = tmp_path / "class.csv"
    roster.write_text("id,name\n222,Sam Smith\n111,Mallory\n")
    db = tmp_path / "c.sqlite3"
    run_judge("grade", "minesweeper", tmp_path / "dl", "--db", db, "--fuzz", "0")
    out = run_judge("leaderboard", "minesweeper", "--db", db, "--roster", roster, "--format", "gradescope",
                    "--author", "222")
    assert out.returncode == 2 and "on the roster but has no submission" in out.stderr, (out.stdout[:300], out.stderr)
