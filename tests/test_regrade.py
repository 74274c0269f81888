"""A class's hand-in end to end with the real CLI: Moodle, Canvas and Gradescope folders, a roster,
a deadline, a gradebook, a stale test set and `judge regrade`."""

import csv
import io
import json
import os
import shlex
import shutil

from test_serialize import assert_valid

from helpers import ROOT, SUBMISSIONS, run_judge

REFERENCE = SUBMISSIONS.parent.parent / "problems" / "minesweeper" / "reference.py"
METADATA = """\
submission_555:
  :submitters:
  - :name: Ada Lovelace
    :sid: '777'
    :email: ada@uni.example
  :created_at: 2026-03-02 10:00:00.000000 +0100
"""


def solution(path, note):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(REFERENCE.read_text() + f"\n# {note}\n")
    return path


def lay_out_class(tmp_path):
    """Three LMS downloads and a roster, as an instructor gets them."""
    moodle, canvas, gs = tmp_path / "moodle", tmp_path / "canvas", tmp_path / "gradescope"
    solution(moodle / "John Smith_12345_assignsubmission_file_" / "solution.py", "john")
    solution(canvas / "doejane_LATE_12346_67891_solution.py", "jane")
    shutil.copy(SUBMISSIONS / "runtime_error" / "crash.py", canvas / "doejane_12346_67000_first_try.py")
    shutil.copy(SUBMISSIONS / "accepted" / "bfs_var.js", gs.joinpath("submission_555").mkdir(parents=True) or
                gs / "submission_555" / "sol.js")
    (gs / "submission_metadata.yml").write_text(METADATA)
    roster = tmp_path / "roster.csv"
    roster.write_text("file,id,name,email,submitted_at\n"
                      "John Smith_12345_assignsubmission_file_,12345,John Smith,john@uni.example,"
                      "2026-03-01T20:00:00+01:00\n"
                      ",12346,Jane Doe,jane@uni.example,\n"
                      ",777,Ada Lovelace,ada@uni.example,\n"
                      ",999,=cmd|' /C calc'!A0,grace@uni.example,\n")
    return [moodle, canvas, gs], roster


def test_a_class_from_three_lms_downloads_to_a_gradebook_and_a_regrade(tmp_path):
    db = tmp_path / "r.sqlite3"
    folders, roster = lay_out_class(tmp_path)
    graded = run_judge("grade", "minesweeper", *folders, "--roster", roster, "--deadline", "2026-03-01T23:59:00+01:00",
                       "--fuzz", "0", "--json", "--db", db)
    assert graded.returncode == 1, graded.stderr  # Jane's first try crashes
    graded_doc = json.loads(graded.stdout)
    assert_valid(graded_doc, "grade_document")
    results = {r["submission"].rsplit("/", 1)[-1]: r for r in graded_doc["results"]}
    authors = {name: r["author"] for name, r in results.items()}
    assert authors == {"solution.py": "John Smith", "doejane_LATE_12346_67891_solution.py": "Jane Doe",
                       "doejane_12346_67000_first_try.py": "Jane Doe", "sol.js": "Ada Lovelace"}
    # the hand-in facts the leaderboard has, on each graded submission too: roster id, hand-in time, late
    handin = {name: (r["student_id"], r["submitted_at"], r["late"]) for name, r in results.items()}
    assert handin["solution.py"] == ("12345", "2026-03-01T19:00:00.000000+00:00", False)  # the roster's time
    assert handin["sol.js"][0] == "777" and handin["sol.js"][2] is True       # Gradescope's created_at, a day late
    assert handin["doejane_LATE_12346_67891_solution.py"][::2] == ("12346", True)  # Canvas's _LATE_

    board = run_judge("leaderboard", "minesweeper", "--format", "json", "--db", db)
    assert board.returncode == 0, board.stderr
    doc = json.loads(board.stdout)
    assert_valid(doc, "leaderboard_document")
    by = {e["author"]: e for e in doc["entries"]}
    assert set(by) == {"John Smith", "Jane Doe", "Ada Lovelace"} and doc["deadline"] == "2026-03-01T23:59:00+01:00"
    assert (by["John Smith"]["late"], by["John Smith"]["submitted_at"]) == (False, "2026-03-01T19:00:00.000000+00:00")
    assert (by["Ada Lovelace"]["late"], by["Ada Lovelace"]["late_days"], by["Ada Lovelace"]["student_id"]) == (
        True, 1, "777")                                          # Gradescope's created_at: 10:00 the next day
    assert by["Jane Doe"]["late"] is True                        # Canvas's _LATE_
    assert [m["student_id"] for m in doc["missing"]] == ["999"] and doc["stale"] == []

    book = run_judge("leaderboard", "minesweeper", "--format", "gradebook", "--db", db)  # the run's roster
    rows = list(csv.DictReader(io.StringIO(book.stdout)))
    assert [(r["student_id"], r["verdict"], r["late"]) for r in rows] == [
        ("12345", "AC", "no"), ("12346", "AC", "yes"), ("777", "AC", "yes"), ("999", "missing", "no")]
    assert rows[3]["name"].startswith("'=") and rows[3]["score"] == "0.0" and rows[0]["score"] == rows[0]["max_score"]
    # the leaderboard's CSV says the same "out of" for the missing student (it said 0 of 0: round 32)
    table_text = run_judge("leaderboard", "minesweeper", "--format", "csv", "--db", db).stdout
    table = list(csv.DictReader(io.StringIO(table_text)))
    assert {r["max_score"] for r in table} == {rows[0]["max_score"]}, table
    # JUnit lists the missing student as the other formats do: a testsuite of one <error>
    assert absent_suites(db) == {"missing": 1}
    nothing = run_judge("leaderboard", "minesweeper", "--format", "gradescope", "--author", "=cmd|' /C calc'!A0",
                        "--db", db)
    assert nothing.returncode == 2 and "on the roster but has no submission" in nothing.stderr

    # one more file graded with random cases: another test set; the others are stale until regraded
    late = solution(tmp_path / "late" / "kim_lee.py", "kim")
    assert run_judge("grade", "minesweeper", late, "--fuzz", "2", "--db", db).returncode == 0
    stale = run_judge("leaderboard", "minesweeper", "--db", db)
    assert "stale: 3 author(s) graded only on an older test set" in stale.stdout and "(stale)" in stale.stdout
    # the hint names the store it was given: without it, the regrade looked in the default store (round 31)
    assert f"`judge regrade minesweeper --db {shlex.quote(str(db))}` grades them" in stale.stdout
    assert absent_suites(db) == {"stale": 3, "missing": 1}
    old = run_judge("leaderboard", "minesweeper", "--format", "gradescope", "--author", "John Smith", "--db", db)
    hint = f"judge regrade minesweeper --db {shlex.quote(str(db))}`"
    assert old.returncode == 2 and "older test set" in old.stderr and hint in old.stderr

    (tmp_path / "canvas" / "doejane_12346_67000_first_try.py").unlink()
    again = run_judge("regrade", "minesweeper", "--db", db)
    assert again.returncode == 0, again.stderr
    assert "4 submission(s) graded" in again.stdout and "2 random" in again.stdout
    assert "doejane_12346_67000_first_try.py: not graded again: no longer on disk" in again.stderr
    doc = json.loads(run_judge("leaderboard", "minesweeper", "--format", "json", "--db", db).stdout)
    assert sorted(e["author"] for e in doc["entries"]) == ["Ada Lovelace", "Jane Doe", "John Smith", "late"]
    assert doc["stale"] == [] and {e["test_set_hash"] for e in doc["entries"]} == {doc["test_set_hash"]}
    ada = next(e for e in doc["entries"] if e["author"] == "Ada Lovelace")
    assert (ada["student_id"], ada["late"]) == ("777", True)     # the stored hand-in facts are kept


def absent_suites(db) -> dict[str, int]:
    """The leaderboard's JUnit export, validated against the xunit schema: how many stale and missing suites."""
    import xml.etree.ElementTree as ET

    import xmlschema

    out = run_judge("leaderboard", "minesweeper", "--format", "junit", "--db", db)
    assert out.returncode == 0, out.stderr
    xmlschema.XMLSchema(str(ROOT / "tests" / "data" / "junit-10.xsd")).validate(out.stdout.encode())
    root = ET.fromstring(out.stdout)
    kinds: dict[str, int] = {}
    for suite in root.iter("testsuite"):
        errors = [e for e in suite.iter("error") if e.get("type") in ("stale", "missing")]
        if errors:
            assert suite.get("errors") == "1" and len(list(suite.iter("testcase"))) == 1
            kinds[errors[0].get("type")] = kinds.get(errors[0].get("type"), 0) + 1
    assert int(root.get("errors")) >= sum(kinds.values())
    return kinds


def test_a_case_added_after_grading_is_said_and_regrade_fixes_it(tmp_path, problem_copy):
    db = tmp_path / "r.sqlite3"
    sub = solution(tmp_path / "subs" / "ada.py", "ada")
    assert run_judge("grade", problem_copy, sub, "--fuzz", "0", "--db", db).returncode == 0
    added = run_judge("add-case", problem_copy, "--board", "EEE/EME/EEE", "--click", "0,0", "--name", "corner")
    assert added.returncode == 0, added.stderr
    board = run_judge("leaderboard", problem_copy, "--db", db)
    assert "the package's cases changed" in board.stdout and "judge regrade" in board.stdout
    # the reference was never timed on the old set, and now cannot be: the reason is the change, said so
    assert "speed: unknown (the reference is timed on the package's current cases, which changed" in board.stdout
    page = run_judge("leaderboard", problem_copy, "--db", db, "--format", "html").stdout
    assert "Speed unknown: the reference is timed on the package&#39;s current cases" in page
    assert run_judge("regrade", problem_copy, "--db", db).returncode == 0
    board = run_judge("leaderboard", problem_copy, "--db", db)
    assert "cases changed" not in board.stdout and "107/107" in board.stdout


def test_regrade_needs_a_store(tmp_path):
    result = run_judge("regrade", "minesweeper", "--db", tmp_path / "none.sqlite3")
    assert result.returncode == 2 and "run judge grade first" in result.stderr


def test_a_bad_roster_or_deadline_stops_grade_before_anything_runs(tmp_path):
    db = tmp_path / "r.sqlite3"
    sub = solution(tmp_path / "subs" / "ada.py", "ada")
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n1,Ada\n1,Bob\n")
    bad = run_judge("grade", "minesweeper", sub, "--fuzz", "0", "--roster", roster, "--db", db)
    assert bad.returncode == 2 and f"{roster}: id '1' is on two rows" in bad.stderr
    late = run_judge("grade", "minesweeper", sub, "--fuzz", "0", "--deadline", "friday", "--db", db)
    assert late.returncode == 2 and "--deadline: 'friday' is not an ISO 8601 time" in late.stderr
    assert not db.exists()


def test_a_broken_checker_stops_grade_and_regrade_before_anything_is_graded_or_stored(tmp_path, problem_copy):
    """It used to make every case JE, stored as such, and `regrade` then said "0 accepted" and nothing more."""
    db = tmp_path / "r.sqlite3"
    sub = solution(tmp_path / "subs" / "ada.py", "ada")
    assert run_judge("grade", problem_copy, sub, "--fuzz", "0", "--db", db).returncode == 0
    with (problem_copy / "checker.py").open("a") as f:
        f.write("\nimport no_such_module_here\n")
    stored = db.read_bytes()
    for command in (["regrade", problem_copy, "--db", db], ["grade", problem_copy, sub, "--fuzz", "0", "--db", db]):
        broken = run_judge(*command)
        assert broken.returncode == 2, broken.stderr
        assert broken.stderr.strip().splitlines() == [
            f"judge: error: {problem_copy / 'checker.py'}: cannot load the checker: ModuleNotFoundError: "
            "No module named 'no_such_module_here'"]
        assert db.read_bytes() == stored


def test_regrade_by_id_of_a_package_graded_by_path_names_what_is_wrong_with_it_now(tmp_path):
    """Round 16: a package graded by its path, then its problem.yaml broken: `regrade ID` said "unknown
    problem" where `grade PATH` named the file, the line and the YAML error."""
    package = tmp_path / "elsewhere" / "ms"
    shutil.copytree(ROOT / "problems" / "minesweeper", package, ignore=shutil.ignore_patterns("__pycache__"))
    yaml_path = package / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text().replace("id: minesweeper", "id: ms"))
    db = tmp_path / "r.sqlite3"
    sub = solution(tmp_path / "subs" / "ada.py", "ada")
    assert run_judge("grade", package, sub, "--fuzz", "0", "--db", db).returncode == 0
    with yaml_path.open("a") as f:
        f.write("broken: [\n")
    broken = run_judge("regrade", "ms", "--db", db)
    assert broken.returncode == 2, broken.stderr
    assert f"judge: error: {yaml_path}:" in broken.stderr and "malformed YAML" in broken.stderr


def test_fuzz_is_bounded(tmp_path):
    """A run draws, runs and keeps every random case: 10^9 of them was a run that never ended."""
    result = run_judge("grade", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py", "--fuzz", "1000000",
                       "--no-store")
    assert result.returncode == 2 and "--fuzz must be at most 100,000" in result.stderr


def test_a_stored_id_names_the_package_it_was_graded_from_not_the_bundled_one(tmp_path):
    """Reproducibility review: a copy of coin_change kept its id; `leaderboard coin_change` and `regrade
    coin_change` loaded problems/coin_change instead (its 67 cases, not the copy's 68), said the cases
    had changed, and following its advice dropped the case the instructor had added."""
    package = tmp_path / "coin_change"
    shutil.copytree(ROOT / "problems" / "coin_change", package)
    db = tmp_path / "r.sqlite3"
    sub = ROOT / "submissions" / "coin_change" / "accepted" / "bfs_bare_function.py"
    assert run_judge("grade", package, sub, "--fuzz", "0", "--db", db).returncode == 0
    added = run_judge("add-case", package, "--coins", "2,5", "--amount", "3", "--name", "new-one")
    assert added.returncode == 0, added.stderr
    before = run_judge("leaderboard", "coin_change", "--db", db)
    assert before.returncode == 0 and "cases changed" in before.stdout, before.stdout   # the copy's, yes
    regraded = run_judge("regrade", "coin_change", "--db", db, "--fuzz", "0")
    assert regraded.returncode == 0, regraded.stderr
    doc = json.loads(run_judge("leaderboard", "coin_change", "--db", db, "--format", "json").stdout)
    assert [(e["passed"], e["total"]) for e in doc["entries"]] == [(68, 68)]
    after = run_judge("leaderboard", "coin_change", "--db", db)
    assert after.returncode == 0 and "cases changed" not in after.stdout, after.stdout
    # A typo in the copy's problem.yaml (red-team round 19): its own error, never the bundled package
    yaml_path = package / "problem.yaml"
    good = yaml_path.read_text()
    yaml_path.write_text(good + "limits: [\n")
    broken = run_judge("regrade", "coin_change", "--db", db, "--fuzz", "0")
    assert broken.returncode == 2 and str(yaml_path) in broken.stderr, broken.stderr
    assert run_judge("leaderboard", "coin_change", "--db", db).returncode == 0   # the stored results still rank
    yaml_path.write_text(good)
    assert run_judge("regrade", "coin_change", "--db", db, "--fuzz", "0").returncode == 0
    doc = json.loads(run_judge("leaderboard", "coin_change", "--db", db, "--format", "json").stdout)
    assert [(e["passed"], e["total"]) for e in doc["entries"]] == [(68, 68)]


def test_regrade_names_an_earlier_version_of_a_file_replaced_in_place(tmp_path, problem_copy):
    """Classroom review: a student's on-time file, replaced in place by a later one (a fresh LMS download)
    and graded again, was dropped by regrade without a word ("0 left out"); the student's best then went
    stale. It is now a warning and counted as left out."""
    sub = tmp_path / "class" / "jane.py"
    solution(sub, "first version")
    db = tmp_path / "r.sqlite3"
    assert run_judge("grade", problem_copy, sub, "--fuzz", "0", "--db", db).returncode == 0
    solution(sub, "second version")
    assert run_judge("grade", problem_copy, sub, "--fuzz", "0", "--db", db).returncode == 0
    done = run_judge("regrade", problem_copy, "--db", db, "--fuzz", "0")
    assert done.returncode == 0, done.stderr
    assert "an earlier version" in done.stderr and "replaced on disk since" in done.stderr, done.stderr
    assert "1 left out" in done.stdout, done.stdout


def test_a_graded_author_on_no_roster_row_is_warned_of_when_the_gradebook_drops_them(tmp_path):
    """Classroom review: a roster id typo (2222 for Sam's 222) left Sam's AC hand-in out of the gradebook
    and Sam `missing`, with nothing said and exit 0."""
    folder = tmp_path / "canvas"
    solution(folder / "doejane_111_9_sol.py", "jane")
    solution(folder / "roesmith_222_9_sol.py", "sam")
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n111,Jane Doe\n2222,Sam Roe\n")
    db = tmp_path / "r.sqlite3"
    assert run_judge("grade", "minesweeper", folder, "--roster", roster, "--db", db, "--fuzz", "0").returncode == 0
    book = run_judge("leaderboard", "minesweeper", "--db", db, "--format", "gradebook")
    assert book.returncode == 0
    assert "roesmith (222)" in book.stderr and "matches no student of the roster" in book.stderr, book.stderr
    assert "doejane" not in book.stderr   # Jane is on the roster


def test_regrade_passes_over_a_stored_path_that_is_no_longer_a_regular_file(tmp_path, problem_copy):
    """Round 28: a graded file replaced by a FIFO held regrade for ever (a link to /dev/zero read 6.6 GB
    in 20 s); each is now left out with a warning, never opened for a read that waits."""
    db = tmp_path / "r.sqlite3"
    subs = [tmp_path / "class" / name for name in ("fifo.py", "zero.py")]
    for sub in subs:
        solution(sub, sub.name)
    assert run_judge("grade", problem_copy, *subs, "--fuzz", "0", "--db", db).returncode == 0
    subs[0].unlink()
    os.mkfifo(subs[0])
    subs[1].unlink()
    subs[1].symlink_to("/dev/zero")
    done = run_judge("regrade", problem_copy, "--db", db, "--fuzz", "0", timeout=60)
    assert done.stderr.count("cannot be read: not a regular file") == 2, done.stderr
    assert "no stored submission is still on disk unchanged" in done.stdout, done.stdout


def test_regrade_finds_a_file_whose_name_is_not_utf8(tmp_path, problem_copy):
    """Red-team round 29: a Latin-1 name (`Jos\\xe9.py`, a Windows zip unzipped as it is) is stored with its
    undecodable byte escaped; regrade said "no longer on disk" and could never grade that student again,
    while the leaderboard told the grader to run regrade. It is found and graded again like the others."""
    db = tmp_path / "r.sqlite3"
    folder = tmp_path / "class"
    solution(folder / "ana.py", "ana")
    # and one whose name holds, beside such a byte, the text of its escape (the review of round 29)
    for name in (b"Jos\xe9.py", b"b\xe9\\udce9.py"):
        with open(os.path.join(os.fsencode(folder), name), "wb") as f:
            f.write(REFERENCE.read_bytes() + b"\n# " + name.hex().encode() + b"\n")
    assert run_judge("grade", problem_copy, folder, "--fuzz", "0", "--db", db).returncode == 0
    done = run_judge("regrade", problem_copy, "--db", db, "--fuzz", "3", timeout=300)
    assert done.returncode == 0, done.stderr
    assert "no longer on disk" not in done.stderr + done.stdout, done.stderr
    assert "3 submission(s) graded" in done.stdout and "0 left out" in done.stdout, done.stdout


def test_regrade_refuses_a_package_copy_that_moved_rather_than_grade_on_another(tmp_path, problem_copy):
    """Bad-input round 29: results graded on a copy of minesweeper (its own cases), the copy then moved:
    regrade graded everyone on the problems folder's minesweeper, exit 0 and no word, and the store forgot the
    copy for good. It refuses, naming the folder that is gone; the leaderboard warns."""
    db = tmp_path / "r.sqlite3"
    sub = solution(tmp_path / "class" / "a.py", "a")
    assert run_judge("grade", problem_copy, sub, "--fuzz", "0", "--db", db).returncode == 0
    problem_copy.rename(problem_copy.with_name("moved"))
    done = run_judge("regrade", "minesweeper", "--db", db, "--fuzz", "0")
    assert done.returncode == 2 and f"{problem_copy}: the package 'minesweeper' was last graded from is not there" \
        in done.stderr, done.stderr
    board = run_judge("leaderboard", "minesweeper", "--db", db)
    assert board.returncode == 0 and "is not there any more" in board.stderr, board.stderr
    assert run_judge("regrade", problem_copy.with_name("moved"), "--db", db, "--fuzz", "0").returncode == 0
