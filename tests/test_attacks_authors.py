"""Who a submission is credited to, attacked: a student's own file and folder names crafted like another
student's LMS name or roster row, two students of one name, a roster whose names hold line separators,
and a file name that is not UTF-8 (which crashed the store, exit 3)."""

from __future__ import annotations

import csv
import io
import os

from test_authors import GRADESCOPE_METADATA, write

from helpers import SUBMISSIONS, run_judge
from judge.grading import authors, lms
from judge.results import roster as rosters


def test_a_file_named_like_another_student_in_ones_moodle_folder_stays_ones_own(tmp_path):
    export = tmp_path / "export"
    forged = write(export / "Mallory Evil_111_assignsubmission_file_" / "Jane Doe_12346_assignsubmission_file_x.py")
    assert lms.identify(forged.resolve(), export.resolve()).student_id == "111"
    name, handin = authors.identify(forged, export.resolve())
    assert name == "Mallory Evil (111)" and handin.student_id == "111"



def test_a_moodle_full_name_that_holds_another_students_marker_names_its_owner(tmp_path):
    """Red-team round 9: Mallory (111) named herself `Jane Doe_12346_assignsubmission_file_x` in Moodle, whose
    folder of her hand-in then read as Jane's (the first marker won): Jane got Mallory's grade."""
    export = tmp_path / "export"
    forged = write(export / "Jane Doe_12346_assignsubmission_file_x_111_assignsubmission_file_" / "sol.py")
    found = lms.identify(forged.resolve(), export.resolve())
    assert (found.author, found.student_id) == ("Jane Doe_12346_assignsubmission_file_x", "111")
    # flat: the full name or the file's name may hold the other marker; such a name names nobody
    assert lms.from_name("Jane Doe_12346_assignsubmission_file_x_111_assignsubmission_file_sol.py") is None
    assert lms.from_name("Mallory_111_assignsubmission_file_x_12346_assignsubmission_file_sol.py") is None
    assert lms.from_name("Jane Doe_12346_assignsubmission_file_my_sol_2.py").student_id == "12346"


def test_a_gradescope_folder_without_metadata_still_bounds_its_submission(tmp_path):
    """Red-team round 9: with no (or no usable) submission_metadata.yml, a folder the student named like
    another's Moodle folder inside `submission_1` was taken for the LMS's word."""
    export = tmp_path / "export"
    forged = write(export / "submission_1" / "Jane Doe_12346_assignsubmission_file_" / "sol.py")
    name, handin = authors.identify(forged, export.resolve())
    assert handin.student_id == "" and "Jane" not in name and name == "submission_1"

def test_a_file_named_like_another_in_ones_gradescope_folder_stays_ones_own(tmp_path):
    export = tmp_path / "export"
    (export / "submission_555").mkdir(parents=True)
    (export / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    forged = write(export / "submission_555" / "smithjohn_12345_67890_solution.py")
    assert authors.identify(forged, export.resolve())[1].student_id == "777"  # Ada's folder: Ada's file


def test_a_roster_row_is_not_claimed_by_a_file_name_inside_an_lms_folder(tmp_path):
    export = tmp_path / "export"
    forged = write(export / "Mallory Evil_111_assignsubmission_file_" / "jane.py")
    table = tmp_path / "roster.csv"
    table.write_text("file,id,name\njane.py,12346,Jane Doe\n,111,Mallory Evil\n")
    assert authors.identify(forged, export.resolve(), rosters.load(table))[0] == "Mallory Evil"


def test_two_students_of_one_name_stay_two(tmp_path):
    export = tmp_path / "export"
    one = write(export / "smithjohn_111_900_solution.py")
    two = write(export / "smithjohn_222_901_solution.py")
    assert authors.identify(one, export.resolve())[0] != authors.identify(two, export.resolve())[0]
    table = tmp_path / "roster.csv"
    table.write_text("id,name\n111,John Smith\n222,John Smith\n333,Ada\n")
    students = rosters.load(table).students
    assert [s.author for s in students] == ["John Smith (111)", "John Smith (222)", "Ada"]


def test_a_roster_name_with_line_separators_or_quoted_breaks_keeps_its_row(tmp_path):
    table = tmp_path / "roster.csv"
    table.write_bytes('\ufeffid,name,email\r\n1,"Eve\u2028Adams",eve@x\r\n2,"Line\nBreak, ""Q""",q@x\r\n'
                      '3,Tab\u0085Sep,t@x\r\n'.encode())
    students = rosters.load(table).students
    assert [(s.id, s.name, s.email) for s in students] == [
        ("1", "Eve\u2028Adams", "eve@x"), ("2", 'Line\nBreak, "Q"', "q@x"), ("3", "Tab\u0085Sep", "t@x")]


def test_a_file_name_that_is_not_utf8_is_graded_and_stored(tmp_path):
    """`a\\xff\\x1b[2J.py` crashed the store (UnicodeEncodeError, exit 3): its name is stored escaped."""
    folder = tmp_path / "subs"
    folder.mkdir()
    name = os.fsencode(folder) + b"/a\xff\x1b[2Jb.py"
    with open(name, "wb") as out:
        out.write((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    done = run_judge("grade", "minesweeper", str(folder), "--fuzz", "0", "--db", str(tmp_path / "db.sqlite3"))
    assert done.returncode == 0, done.stderr
    assert "a\\udcff\\x1b[2Jb.py" in done.stdout and "\x1b" not in done.stdout
    board = run_judge("leaderboard", "minesweeper", "--db", str(tmp_path / "db.sqlite3"), "-f", "csv")
    assert board.returncode == 0 and "a\\udcff\\x1b[2Jb.py" in board.stdout


def test_a_stray_quote_in_a_roster_is_an_error_not_every_later_student_swallowed(tmp_path):
    import pytest

    from judge.errors import UsageError

    table = tmp_path / "roster.csv"
    table.write_text('id,name\n1,"Ann\n2,Bob\n3,Cy\n')  # before: one student "Ann\n2,Bob\n3,Cy\n", two lost
    with pytest.raises(UsageError, match=r"roster.csv:\d+: the roster is not valid CSV"):
        rosters.load(table)


def test_a_gradebook_row_takes_the_students_own_hand_in_not_one_claiming_to_be_theirs(tmp_path):
    """A roster given to the leaderboard only: Jane's row took the best-ranked entry that matched her in
    any way, so Mallory's AC, in a file named like Jane's roster file inside Mallory's own Moodle folder
    (or headed `# author: Jane Doe`), became Jane's grade over her own WA."""
    subs = tmp_path / "subs"
    accepted = (SUBMISSIONS / "accepted" / "bfs_class.py").read_text()
    write(subs / "Jane Doe_12346_assignsubmission_file_" / "sol.py",
          (SUBMISSIONS / "wrong_answer" / "four_way.py").read_text())
    write(subs / "Mallory Evil_111_assignsubmission_file_" / "jane.py", accepted)
    write(subs / "helper.py", "# author: Jane Doe\n" + accepted)
    db = tmp_path / "db.sqlite3"
    assert run_judge("grade", "minesweeper", subs, "--fuzz", "0", "--db", db).returncode == 1
    roster = tmp_path / "roster.csv"
    roster.write_text("file,id,name\njane.py,12346,Jane Doe\n")
    board = run_judge("leaderboard", "minesweeper", "--db", db, "--roster", roster, "-f", "gradebook")
    assert board.returncode == 0, board.stderr
    rows = list(csv.DictReader(io.StringIO(board.stdout)))
    jane = [r for r in rows if r["student_id"] == "12346"]
    assert len(jane) == 1 and jane[0]["verdict"] == "WA", rows
