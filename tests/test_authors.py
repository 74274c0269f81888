"""Authors and hand-in times: LMS names (Moodle, Canvas, Gradescope), the roster, the precedence."""

import os
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from judge.errors import UsageError
from judge.grading import authors, lms
from judge.results import roster as rosters

GRADESCOPE_METADATA = """\
submission_555:
  :submitters:
  - :name: Ada Lovelace
    :sid: '777'
    :email: ada@uni.example
  :created_at: 2026-03-02 10:00:00.123456789 +0100
  :score: 0.0
  :status: processed
submission_556:
  :submitters:
  - :name: Pair One
    :sid: '200'
    :email: one@uni.example
  - :name: Pair Two
    :sid: '201'
    :email: two@uni.example
  :created_at: '2026-03-01 09:30:00 -0800'
"""


def write(path: Path, text: str = "class Solution:\n    pass\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_lms_names_moodle_and_canvas():
    moodle = lms.from_name("Jane Doe_12346_assignsubmission_file_solution.py")
    assert (moodle.system, moodle.author, moodle.student_id, moodle.marked_late) == (
        "moodle", "Jane Doe", "12346", False)
    folder = lms.from_name("Jane Doe_12346_assignsubmission_file_")  # Moodle's "download in folders"
    assert (folder.author, folder.student_id) == ("Jane Doe", "12346")
    canvas = lms.from_name("smithjohn_12345_67890_solution.py")
    assert (canvas.system, canvas.author, canvas.student_id, canvas.marked_late) == (
        "canvas", "smithjohn", "12345", False)
    late = lms.from_name("smithjohn_LATE_12345_67890_solution-1.py")
    assert (late.author, late.student_id, late.marked_late) == ("smithjohn", "12345", True)
    for plain in ("smith_john.py", "solution.py", "bfs_class.py", "a_1_b.py", "submission_12.py"):
        assert lms.from_name(plain) is None, plain


def test_gradescope_export_folders_and_metadata(tmp_path):
    export = tmp_path / "export"
    write(export / "submission_metadata.yml", GRADESCOPE_METADATA)
    ada = write(export / "submission_555" / "Solution.java", "class Solution {}")
    pair = write(export / "submission_556" / "src" / "sol.py")
    unknown = write(export / "submission_999" / "sol.py")
    found = lms.identify(ada.resolve(), export.resolve())
    assert (found.system, found.author, found.student_id, found.email) == ("gradescope", "Ada Lovelace", "777",
                                                                          "ada@uni.example")
    assert datetime.fromisoformat(found.submitted_at) == datetime(2026, 3, 2, 9, 0, 0, 123456, timezone.utc)
    first = lms.identify(pair.resolve(), export.resolve())  # a group: its first submitter names it
    assert (first.author, first.student_id) == ("Pair One", "200")
    assert datetime.fromisoformat(first.submitted_at) == datetime(2026, 3, 1, 17, 30, tzinfo=timezone.utc)
    unnamed = lms.identify(unknown.resolve(), export.resolve())  # not in the metadata: the folder alone
    assert (unnamed.system, unnamed.author, unnamed.student_id) == ("gradescope", "submission_999", "")
    # the student's own folder named on the command line is still theirs
    assert lms.identify(ada.resolve(), (export / "submission_555").resolve()).author == "Ada Lovelace"


def test_precedence_roster_option_lms_header_folder_name(tmp_path):
    subs = tmp_path / "subs"
    flat = write(subs / "smith_john.py")
    flat_cpp = write(subs / "smith_john.cpp", "class Solution {};")
    headed = write(subs / "headed.py", "# author: Grace Hopper\n")
    nested = write(subs / "linus" / "sol.py")
    moodle = write(subs / "Jane Doe_12346_assignsubmission_file_" / "solution.py", "# author: Someone Else\n")
    canvas = write(subs / "doejane_LATE_12346_67891_solution.py")
    root = subs.resolve()
    # a flat folder given on the command line: each file's name, extension included (two languages: two authors)
    assert authors.identify(flat, root)[0] == "smith_john.py"
    assert authors.identify(flat_cpp, root)[0] == "smith_john.cpp"
    assert authors.identify(headed, root)[0] == "Grace Hopper"            # the header comment
    assert authors.identify(nested, root)[0] == "linus"                   # a folder below the one given
    assert authors.identify(moodle, root)[0] == "Jane Doe (12346)"        # the LMS (with its id) before the header
    name, handin = authors.identify(canvas, root)
    assert (name, handin.student_id, handin.marked_late, handin.time_from) == (
        "doejane (12346)", "12346", True, "mtime")
    assert authors.identify(flat, root, option="kim")[0] == "kim"         # --author before the LMS and the header
    assert authors.identify(moodle, root, option="kim")[0] == "kim"
    table = tmp_path / "roster.csv"
    table.write_text("file,id,name,email\nsmith_john.py,12345,John Smith,john@uni.example\n"
                     "smith_john.cpp,12345b,John Smith (C++),john@uni.example\n,12346,Jane Doe,jane@uni.example\n")
    roster = rosters.load(table)
    name, handin = authors.identify(flat, root, roster, option="kim")      # the roster wins over everything
    assert (name, handin.student_id, handin.email) == ("John Smith", "12345", "john@uni.example")
    assert authors.identify(flat_cpp, root, roster)[0] == "John Smith (C++)"
    # the roster by the student id in an LMS name: Moodle's and Canvas's files of one student are one author
    assert authors.identify(moodle, root, roster)[0] == authors.identify(canvas, root, roster)[0] == "Jane Doe"
    assert authors.identify(headed, root, roster)[0] == "Grace Hopper"    # not on the roster: the other rules
    moodle_folder = moodle.parent.resolve()                                # Moodle's folder itself given
    assert authors.identify(moodle, moodle_folder)[0] == "Jane Doe (12346)"
    assert authors.identify(moodle, moodle_folder, roster)[1].email == "jane@uni.example"


def test_a_glob_of_one_folder_is_a_flat_download_and_a_lone_file_keeps_its_folder(tmp_path):
    a, b = write(tmp_path / "subs" / "a.py"), write(tmp_path / "subs" / "b.py")
    assert authors.root_of(a, [a, b]) == (tmp_path / "subs").resolve()
    assert authors.root_of(a, [a]) is None
    assert authors.root_of(a, [tmp_path]) == tmp_path.resolve()
    assert authors.author_of(a) == "subs"  # the old rule for a file given by itself


def test_handed_in_time_roster_then_lms_then_mtime(tmp_path):
    export = tmp_path / "export"
    write(export / "submission_metadata.yml", GRADESCOPE_METADATA)
    ada = write(export / "submission_555" / "sol.py")
    plain = write(export / "other" / "x.py")
    os.utime(plain, (1_700_000_000, 1_700_000_000))
    _, handin = authors.identify(plain, export.resolve())
    assert (handin.time_from, datetime.fromisoformat(handin.submitted_at).timestamp()) == ("mtime", 1_700_000_000)
    _, handin = authors.identify(ada, export.resolve())
    assert handin.time_from == "gradescope" and handin.submitted_at.startswith("2026-03-02T10:00:00")
    table = tmp_path / "roster.csv"
    table.write_text("id,name,submitted_at\n777,Ada Lovelace,2026-03-01T12:00:00Z\n")
    _, handin = authors.identify(ada, export.resolve(), rosters.load(table))
    assert (handin.time_from, handin.submitted_at) == ("roster", "2026-03-01T12:00:00+00:00")


def test_a_header_with_a_long_run_of_spaces_is_read_in_one_pass():
    """Red-team round 26: `# author: a` + 4,070 spaces + `b` took the header's pattern two minutes of
    backtracking, on every run, before any box started (a linear read takes microseconds)."""
    started = time.process_time()
    assert authors.from_header("# author: a" + " " * 4070 + "b\n" + ("# author: a" + " " * 4070 + "*/x\n") * 9) is None
    assert authors.from_header("# author: Ada" + " " * 50_000 + "*/\n") == "Ada"
    assert time.process_time() - started < 5


def test_a_header_in_a_file_not_in_utf8_names_its_author_as_written(tmp_path):
    """Round 31 left alone, done in 32: a C++ file saved by a Windows editor (Windows-1252) named
    'Jos\ufffd Mar\ufffda'; a UTF-8 file whose 4,096th byte cuts a character still reads as UTF-8."""
    windows = tmp_path / "w" / "sol.cpp"
    windows.parent.mkdir()
    windows.write_bytes("// author: José María\nclass Solution {};\n".encode("cp1252"))
    assert authors.identify(windows, tmp_path)[0] == "José María"
    cut = tmp_path / "u" / "sol.py"
    cut.parent.mkdir()
    head = "# author: Zoë Ñandú\n".encode()
    cut.write_bytes(head + b"#" * (4095 - len(head)) + "é\n".encode())   # é's first byte is the 4,096th
    assert authors.identify(cut, tmp_path)[0] == "Zoë Ñandú"


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("file,email\nx.py,a@b\n", "needs an `id` or a `name`"),
    ("id,name,submitted_at\n1,A,yesterday\n", ":2: 'yesterday' is not an ISO 8601 time"),
    ("id,name,submitted_at\n1,A,2026-03-01T10:00:00\n", ":2: '2026-03-01T10:00:00' has no UTC offset"),
    ("id,name\n1,A\n1,B\n", "id '1' is on two rows"),
    ("file,id\nx.py,1\nx.py,2\n", "file 'x.py' is on two rows"),
])
def test_a_bad_roster_is_one_line_naming_the_file(tmp_path, text, message):
    path = tmp_path / "roster.csv"
    path.write_text(text)
    with pytest.raises(UsageError) as caught:
        rosters.load(path)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_roster_headers_are_matched_loosely_and_a_bom_is_no_column(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_bytes("\ufeffStudent ID,Full name,Email address,Folder\n42,Ada,ada@x,sub_1\n".encode())
    (student,) = rosters.load(path).students
    assert (student.id, student.name, student.email, student.file) == ("42", "Ada", "ada@x", "sub_1")


@pytest.mark.parametrize("header, name", [
    ("# author: \u2028Mallory", "Mallory"),       # U+2028 is no line break of a source file: the name follows it
    ("# author: \u0085 \u2029", None),            # nothing visible: no author from the header
    ("# author:    ", None),
    ("# author: Zoë Ångström  ", "Zoë Ångström"),
    ("/* author: Ada Lovelace */  ", "Ada Lovelace"),
    ("/* author: Ada */", "Ada"),
    ("// Author :  Grace Hopper\t", "Grace Hopper"),
    ("# author: " + "x" * 101, None),              # not a name: the folder or file name is used instead
])
def test_a_header_author_is_never_blank(header, name):
    assert authors.from_header(header + "\nclass Solution: pass\n") == name


@pytest.mark.parametrize("text, message", [
    ("file,id,name,email\nsub.py,1,Smith, John,john@x\n", ":2: 5 cells for 4 columns"),
    ("id,name,student_id\n1,Ann,2\n", ":1: the header has the id column twice"),
])
def test_a_roster_row_that_would_be_read_askew_is_refused(tmp_path, text, message):
    """An unquoted comma in a name shifts every later cell; two id columns, one would silently win."""
    path = tmp_path / "roster.csv"
    path.write_text(text)
    with pytest.raises(UsageError, match=message):
        rosters.load(path)


def test_names_are_compared_composed_whatever_spelling_the_file_or_roster_has(tmp_path):
    """Round 28: a folder named "José Núñez" decomposed (as macOS writes it) did not match the roster's
    composed "José Núñez" (as a spreadsheet writes it): the student's AC was "missing" in the gradebook,
    and without a roster two files of one name looked like two authors."""
    import unicodedata

    composed, decomposed = "José Núñez", unicodedata.normalize("NFD", "José Núñez")
    assert composed != decomposed
    root = tmp_path / "subs"
    handed = write(root / decomposed / "sol.py")
    table = tmp_path / "roster.csv"
    table.write_text(f"file,id,name,email\n{composed},1001,{composed},jose@x\n")
    roster = rosters.load(table)
    name, handin = authors.identify(handed, root, roster)
    assert name == composed and handin.student_id == "1001"
    headed = write(root / "zoe.py", f"# author: {unicodedata.normalize('NFD', 'Zoë Ça')}\n")
    assert authors.identify(headed, root)[0] == "Zoë Ça"   # composed, as the roster keeps its names
    decomposed_table = tmp_path / "nfd.csv"
    decomposed_table.write_text(f"file,id,name\n{decomposed},1001,{decomposed}\n")
    assert rosters.load(decomposed_table).students[0].name == composed


def test_a_gradescope_metadata_file_that_is_no_regular_file_is_never_waited_on(tmp_path):
    """Bad-input round 29: a FIFO as submission_metadata.yml held `grade` for ever; it is passed over
    (the folders' names still count), as an unreadable one is."""
    import os

    export = tmp_path / "export"
    ada = write(export / "submission_555" / "Solution.java", "class Solution {}")
    os.mkfifo(export / "submission_metadata.yml")
    lms._metadata.cache_clear()
    found = lms.identify(ada.resolve(), export.resolve())
    assert (found.system, found.author) == ("gradescope", "submission_555")
