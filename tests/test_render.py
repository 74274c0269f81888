"""The one value renderer (judge/results/render.py): grids of any scalar type, long lists and strings cut
around their first difference, scalars plain; and the reports that use it, through the real CLI."""

import json
import re
import shutil

import pytest

from helpers import DATA, run_judge
from judge.results import render

TRANSPOSE = DATA / "problems" / "transpose"
KNOWN = DATA / "submissions"


# ------------------------------------------------------------------ one line

def test_scalars_are_plain():
    assert [render.line(v) for v in (7, -2.5, True, None, "a b")] == ["7", "-2.5", "true", "null", '"a b"']
    assert render.line(10 ** 5000) == "<an integer of 16610 bits>"


def test_a_long_list_is_cut_around_its_first_difference():
    expected = list(range(10_000))
    got = expected[:5000] + [-1] + expected[5001:]
    text = render.line(got, expected)
    assert len(text) < 2 * render.WIDTH
    assert text.startswith("[... 4997 more, 4997, 4998, 4999, -1, 5001") and re.search(r", \.\.\. \d+ more\]$", text)
    assert render.line(expected).startswith("[0, 1, 2,") and render.line(expected).endswith(" more]")
    assert render.line([1, 2, 3], [1, 2, 3, 4]) == "[1, 2, 3]"  # short lists whole
    shorter = render.line(expected[:20], expected)  # where got stops is shown: here all of it fits
    assert shorter == "[" + ", ".join(map(str, range(20))) + "]"
    shorter = render.line(expected[:60], expected)
    assert shorter.endswith("57, 58, 59]") and shorter.startswith("[... 57 more")


def test_a_long_string_is_cut_around_its_first_difference():
    expected = "ab" * 3000
    got = expected[:4000] + "X" + expected[4001:]
    text = render.line(got, expected)
    assert text.startswith("... 3975 more ") and text.endswith(" more") and "X" in text and len(text) < 140


def test_what_a_submission_controls_is_escaped():
    assert render.line("hi\x1b[2J\u202e") == '"hi\\u001b[2J\\u202e"'
    deep = []
    for _ in range(5000):
        deep = [deep]
    assert render.line(deep).count("[") <= render.DEPTH + 2  # not followed down 5,000 levels


# ------------------------------------------------------------------ grids

def test_integer_grids_are_drawn_in_columns_sized_to_their_widest_value():
    shown = render.case_view({"matrix": [[1, -20], [300, 4]]}, [[1, 300], [-20, 4]], [[1, 300], [-20, 5]],
                             with_got=True)
    assert [s.title for s in shown] == ["matrix", "expected", "got", "wrong"]
    assert shown[1].grid.lines() == ["  1 300", "-20   4"]
    assert shown[2].grid.wrong == {(1, 1)} and shown[3].grid.lines() == ["..", ".x"]
    lines = render.text_lines(shown)
    assert lines[0].split() == ["matrix", "expected", "got", "wrong"]
    assert lines[1].split() == ["1", "-20", "1", "300", "1", "300", ".."]


def test_character_grids_stay_compact_and_mixed_cells_still_line_up():
    shown = render.case_view({"board": [["E", "M"]], "click": [0, 1]}, [["E", "X"]], [["E", "XX"]], with_got=True)
    assert render.text_lines(shown, indent="   ", grid_indent="     ") == [
        "   click: [0, 1]", "     board   expected   got   wrong", "     EM      EX         E?    .x"]


def test_a_cell_that_is_not_one_column_or_looks_like_the_expected_one_is_a_question_mark():
    """Red-team round 29: a combining accent (no column) and a fullwidth B (two) pushed the later columns
    out of line, and a Cyrillic 'В' where a 'B' was due looked right in `got`. Such cells are "?" (the
    checker's explanations name them); a non-ASCII cell against a non-ASCII expected one stays itself."""
    board = [["E", "E", "E", "E"]]
    got = [["\u0412", "\u0301", "\uff22", "B"]]
    shown = render.case_view({"board": board, "click": [0, 0]}, [["B", "B", "B", "B"]], got, with_got=True)
    assert render.text_lines(shown)[2].split() == ["EEEE", "BBBB", "???B", "xxx."]
    chess = render.case_view({"board": [["\u265b"]]}, [["\u265a"]], [["\u265b"]], with_got=True)
    assert render.text_lines(chess)[1].split() == ["\u265b", "\u265a", "\u265b", "x"]


def test_large_grids_are_cropped_around_the_first_wrong_square():
    expected = [[i * 100 + j for j in range(60)] for i in range(40)]
    got = [row[:] for row in expected]
    got[30][50] = -1
    shown = render.case_view(None, expected, got, with_got=True)
    note = shown[0].grid.note
    assert note == "rows 22-37, columns 45-54 of 40x60"
    assert max(len(line) for line in render.text_lines(shown)) < 160
    page = render.case_view(None, expected, got, with_got=True, page=True)
    assert page[0].grid.note and len(page[0].grid.cells[0]) == render.PAGE_WIDE_WINDOW[1]


def test_a_grid_of_long_strings_shows_fewer_columns_so_its_rows_fit_a_line():
    # Group Anagrams' 10^4 words of 100 letters in 100 groups: each cell is shortened to about 24 characters,
    # so the window shows 4 columns (not 10, 250-character lines); the page 7 (not 16, off its card)
    groups = [["abcdefghij" * 10] * 127 for _ in range(100)]
    shown = render.case_view(None, groups, None)
    assert shown[0].grid.note == "rows 0-15, columns 0-3 of 100x127"
    assert all(len(line) <= 120 for line in render.text_lines(shown))
    assert len(render.case_view(None, groups, None, page=True)[0].grid.cells[0]) == 7
    # numbers keep their whole window (a cell of up to 11 characters fits the budget)
    numbers = [[-2 ** 31] * 20 for _ in range(20)]
    assert len(render.case_view(None, numbers, None)[0].grid.cells[0]) == render.WIDE_WINDOW[1]


def test_an_order_free_answer_gets_no_square_marked_wrong():
    # Group Anagrams under `unordered`: a place in the answer tells nothing, so no `wrong` grid and no marks
    expected, got = [["ab", "ba"], ["c"]], [["c", "x"], ["ab"]]
    shown = render.case_view(None, expected, got, with_got=True, by_position=False)
    assert [s.title for s in shown] == ["expected", "got"]
    assert all(s.grid.wrong == frozenset() for s in shown)
    assert [s.title for s in render.case_view(None, expected, got, with_got=True)][-1] == "wrong"


def test_a_value_that_is_no_grid_beside_one_is_a_line():
    shown = render.case_view({"board": [["E"]]}, [["B"]], None, with_got=True)
    assert render.text_lines(shown) == ["board   expected", "E       B", "got: null"]


def test_a_long_list_of_pairs_is_a_line_not_a_two_column_strip():
    edges = [[i, i - 1] for i in range(1, 2000)]
    shown = render.case_view({"numCourses": 2000, "prerequisites": edges}, [0, 1], None)
    assert all(s.grid is None for s in shown)
    assert render.text_lines(shown) == [
        "numCourses: 2000",
        "prerequisites: [[1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6], [8, 7], [9, 8], [10, 9], "
        "[11, 10], ... 1988 more]",
        "expected: [0, 1]"]
    # as answers, both are lines cut around their first difference; a short pair list stays a grid
    got = [row[:] for row in edges]
    got[1500] = [0, 0]
    lines = render.text_lines(render.case_view(None, edges, got, with_got=True))
    assert lines[0].startswith("expected: [... 1497 more, [1498, 1497]") and "[0, 0]" in lines[1]
    assert render.case_view({"p": [[1, 0]]}, [0, 1], None)[0].grid is not None
    assert render.is_pair_list(edges) and not render.is_pair_list([["a", "b"]] * 40)
    assert not render.is_pair_list([[1, 2, 3]] * 40)


# ------------------------------------------------------------------ through the CLI

def test_grade_draws_integer_grids_and_shows_expected_and_got():
    result = run_judge("grade", TRANSPOSE, KNOWN / "transpose" / "wrong_answer", "--fuzz", "0", "--no-store")
    assert result.returncode == 1, result.stderr
    assert "?" not in result.stdout.split("== ", 1)[1]  # no cell drawn as ???
    assert "     matrix   expected   got" in result.stdout and "     1 2 3    1 4        1 4 3" in result.stdout
    assert "(rows 22-37, columns 15-24 of 60x40)" in result.stdout  # the large case, cropped where it is wrong


def _two_sum_with_a_long_case(tmp_path):
    package = tmp_path / "two_sum"
    shutil.copytree(DATA / "problems" / "two_sum", package, ignore=shutil.ignore_patterns("__pycache__"))
    nums = [3 * i for i in range(10_000)]
    nums[-1] = 1  # the only pair summing to 7: 6 + 1
    (package / "cases" / "secret" / "long.yaml").write_text(
        f"- name: ten-thousand\n  nums: {json.dumps(nums)}\n  target: 7\n  expected: [2, 9999]\n")
    submission = tmp_path / "gives_up_on_long.py"
    submission.write_text("class Solution:\n    def twoSum(self, nums, target):\n"
                          "        if len(nums) > 1000:\n            return [0, 1]\n"
                          "        seen = {}\n        for j, x in enumerate(nums):\n"
                          "            if target - x in seen:\n                return [seen[target - x], j]\n"
                          "            seen[x] = j\n")
    return package, submission


def test_a_long_input_is_not_printed_whole(tmp_path):
    package, submission = _two_sum_with_a_long_case(tmp_path)
    result = run_judge("grade", package, submission, "--fuzz", "0", "--no-store")
    assert result.returncode == 1 and "first failing case: ten-thousand" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) < 300
    assert re.search(r"nums: \[0, 3, 6, .*, \.\.\. \d+ more\]", result.stdout)
    assert "expected: [2, 9999]" in result.stdout and "got:      [0, 1]" in result.stdout
    db = tmp_path / "r.sqlite3"
    assert run_judge("grade", package, submission, "--fuzz", "0", "--db", db).returncode == 1
    for fmt in ("html", "junit"):
        page = run_judge("leaderboard", "--db", db, "--format", fmt, "--show-secret")  # a secret case, shown
        assert page.returncode == 0 and "29994" not in page.stdout, fmt  # the list's last number
        assert re.search(r"nums: \[0, 3, 6, .*, \.\.\. \d{4} more\]", page.stdout), fmt


def test_expected_is_shown_for_every_failing_verdict(tmp_path):
    """A runtime error has no answer: its report still shows the inputs and the expected answer."""
    crash = tmp_path / "crash.py"
    crash.write_text("class Solution:\n    def twoSum(self, nums, target):\n        raise ValueError('no')\n")
    shown = run_judge("grade", DATA / "problems" / "two_sum", crash, "--fuzz", "0", "--no-store")
    assert "RE: ValueError: no" in shown.stdout and "expected: [0, 1]" in shown.stdout and "got:" not in shown.stdout
    db = tmp_path / "r.sqlite3"
    run_judge("grade", DATA / "problems" / "two_sum", crash, "--fuzz", "0", "--db", db)
    page = run_judge("leaderboard", "--db", db, "--format", "html").stdout
    assert '<div class="plain">expected: [0, 1]</div>' in page
    assert '<div class="plain">nums: [2, 7, 11, 15]</div>' in page


@pytest.mark.parametrize("submission", ["square_only.py"])
def test_fuzz_draws_its_counterexample_with_the_same_renderer(submission):
    result = run_judge("fuzz", TRANSPOSE, KNOWN / "transpose" / "wrong_answer" / submission, "--examples", "50")
    assert result.returncode == 1, result.stdout + result.stderr
    body = result.stdout.split("what is wrong:")[0]
    # a shrunk counterexample is no random case a seed draws again: its description says where it came from
    assert "found by judge fuzz" in body and "the same --seed draws it again" not in body
    assert "matrix" in body and "expected" in body and "got" in body and "?" not in body.split("\n", 2)[2]


def test_a_list_that_fits_is_shown_whole():
    """Round 28: a course order of four was shown `[... 1 more, 1, 2, 3]`, cut at its difference though
    the whole of it fits on the line."""
    assert render.line([0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 9]) == "[0, 1, 2, 3, 4, 5, 6, 7]"
    assert render.line([0, 1, 2, 3], [0, 1, 2, 3, 3]) == "[0, 1, 2, 3]"
    assert render.line(list(range(100)), list(range(50)) + [0] * 50).startswith("[... 47 more, 47, 48")
