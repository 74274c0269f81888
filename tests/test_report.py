"""The terminal report: table, failure details with boards side by side."""

from dataclasses import replace

import pytest

from helpers import SHIPPED
from judge.problems.cases import Case, load_cases
from judge.problems.problem import load_problem
from judge.results.report import failure_details, summary, table, text_report
from judge.verdict import NOT_KEPT, CaseResult, SubmissionResult, Verdict


def _wa(case, got, diff):
    return SubmissionResult("sub.py", "/x/sub.py", "python", Verdict.WA, (
        CaseResult(case.name, case.group, Verdict.WA, 3.0, 2.0, 1000, diff[0], tuple(diff), got),
    ))


def test_table_and_summary():
    ok = SubmissionResult("a.py", "/a.py", "python", Verdict.AC, (CaseResult("c", "sample", Verdict.AC, 12.4),))
    ce = SubmissionResult("b.py", "/b.py", "python", Verdict.CE, (CaseResult("c", "sample", Verdict.CE),),
                          "line 1: SyntaxError")
    text = table([ok, ce])
    assert "a.py" in text and "1/1" in text and "12 ms" in text and "CE" in text
    assert summary([ok, ce]) == "2 submissions: 1 AC, 1 CE"


def test_failure_details_side_by_side():
    problem = load_problem("minesweeper")
    case = load_cases(problem)[1]
    got = [row[:] for row in case.expected]
    got[1][2] = "M"
    text = failure_details(problem, [case], _wa(case, got, ["(1,2): expected 'X' (the clicked mine), got 'M'"]))
    assert "first failing case: example-2" in text
    assert "click: [1, 2]" in text
    lines = text.splitlines()
    header = next(line for line in lines if "expected" in line and "got" in line and "board" in line)
    assert header.split() == ["board", "expected", "got", "wrong"]
    assert any(line.split() == ["B1M1B", "B1X1B", "B1M1B", "..x.."] for line in lines)
    assert "(1,2): expected 'X' (the clicked mine), got 'M'" in text


def test_a_judge_error_of_a_case_says_why():
    """A checker that failed on an answer is JE on that case: the details show its reason, not a blank."""
    problem = load_problem("minesweeper")
    je = SubmissionResult("sub.py", "/x/sub.py", "python", Verdict.JE, (
        CaseResult("example-1", "sample", Verdict.JE, message="the checker failed: RuntimeError: boom"),))
    text = failure_details(problem, load_cases(problem), je)
    assert text.splitlines()[1:] == ["   example-1: the checker failed: RuntimeError: boom"], text


def test_a_compile_error_indented_with_tabs_shows_spaces():
    """Go indents "have"/"want" with tabs: they read as `\\thave (number)` when escaped; an escape
    sequence is still escaped."""
    problem = load_problem("minesweeper")
    ce = SubmissionResult("s.go", "/x/s.go", "go", Verdict.CE, (CaseResult("example-1", "sample", Verdict.CE),),
                          "solution.go:2: not enough arguments in call to f\n\thave (number)\n\twant (int, int)\x1b[2J")
    text = failure_details(problem, load_cases(problem), ce)
    assert text.splitlines()[2:] == ["       have (number)", "       want (int, int)\\x1b[2J"], text


def test_a_wrong_answer_too_large_to_keep_says_so_beside_its_null():
    """Red-team round 15: an answer too large to keep showed as `got: null`, as a None does; the note
    that it was not kept was only in --json."""
    problem = load_problem("minesweeper")
    case = load_cases(problem)[0]
    wa = SubmissionResult("s.py", "/x/s.py", "python", Verdict.WA, (CaseResult(
        case.name, case.group, Verdict.WA, message="expected 5 rows, got 500" + NOT_KEPT.format(size=1_000_002),
        diff=("expected 5 rows, got 500",), got=None),))
    text = failure_details(problem, [case], wa)
    assert "   (got: the answer itself, 1,000,002 bytes of JSON, is too large to keep)" in text.splitlines(), text


def test_large_boards_are_cropped_around_the_first_wrong_square():
    problem = load_problem("minesweeper")
    case = next(c for c in load_cases(problem) if len(c.args["board"]) == 50)
    got = [row[:] for row in case.expected]
    got[40][45] = "Q"
    text = failure_details(problem, [case], _wa(case, got, ["(40,45): 'Q' is not a board character"]))
    assert "of 50x50" in text
    assert max(len(line) for line in text.splitlines()) < 120


@pytest.mark.parametrize("name", SHIPPED)
def test_text_report_lists_failures_only(name):
    problem = load_problem(name)
    case = load_cases(problem)[1]
    ok = SubmissionResult("ok.py", "/x/ok.py", "python", Verdict.AC, (CaseResult(case.name, case.group, Verdict.AC),))
    text = text_report(problem, [case], [ok, _wa(case, None, ["got None"])], "header")
    assert text.startswith("header") and "== sub.py: WA (wrong answer)" in text and "== ok.py" not in text
    assert f"first failing case: {case.name}" in text and "got None" in text


def test_a_scalar_answer_and_short_list_inputs_are_plain_lines():
    problem = load_problem("coin_change")
    case = next(c for c in load_cases(problem) if c.name == "greedy-trap-1-3-4")
    text = failure_details(problem, [case], _wa(case, 3, ["expected 2, got 3"]))
    lines = [line.strip() for line in text.splitlines()]
    assert "coins: [1, 3, 4]" in lines and "amount: 6" in lines
    assert "expected: 2" in lines and "got:      3" in lines
    assert text.count("expected 2, got 3") == 1


def test_a_long_list_input_is_shortened():
    problem = load_problem("coin_change")
    case = load_cases(problem)[0]
    long = Case(case.name, case.group, {"coins": list(range(1, 5001)), "amount": 10 ** 4}, 2, case.file, case.line)
    text = failure_details(problem, [long], _wa(long, -1, ["expected 2, got -1"]))
    coins = next(line for line in text.splitlines() if "coins:" in line)
    assert len(coins) < 200 and "more]" in coins and coins.strip().startswith("coins: [1, 2, 3")


def test_the_author_column_comes_with_the_store_and_cached_only_when_a_result_was_reused():
    from dataclasses import replace

    from judge.verdict import Recording

    base = SubmissionResult("a.py", "/a.py", "python", Verdict.AC, ())
    fresh = replace(base, recording=Recording("ada", False, "2026-01-01T00:00:00", 1, 1))
    header = table([fresh]).splitlines()[0].split()
    assert "author" in header and "cached" not in header  # a column that would be empty is not drawn
    header = table([fresh, replace(fresh, recording=Recording("bo", True, "2026-01-01T00:00:00", 1, 1))])
    assert "cached" in header.splitlines()[0] and header.count("cached") == 2
    assert "author" not in table([base]).splitlines()[0]


def test_beside_a_large_first_failure_the_smallest_wrong_case_is_drawn_too():
    """Compatibility sweep 7: a missing cycle check first fails on a 2,000-course ring, shown cut off;
    the 2-course cycle it also gets wrong shows the same bug at a glance."""
    problem = load_problem("course_schedule")
    cases = {c.name: c for c in load_cases(problem)}
    ring, two = cases["ring-2000"], cases["two-cycle"]
    result = SubmissionResult("s.py", "/x/s.py", "python", Verdict.WA, (
        CaseResult(ring.name, ring.group, Verdict.WA, diff=("a cycle through 2000",), got=list(range(2000))),
        CaseResult(two.name, two.group, Verdict.WA, diff=("a cycle: 0 -> 1 -> 0",), got=[1, 0])))
    text = failure_details(problem, list(cases.values()), result)
    assert "first failing case: ring-2000" in text
    tail = text[text.index("a smaller case it gets wrong: two-cycle (secret), small.yaml:"):]
    assert "numCourses: 2" in tail and "a cycle: 0 -> 1 -> 0" in tail
    # A small first failure, or no smaller wrong case: nothing more.
    alone = replace(result, cases=result.cases[:1])
    assert "a smaller case" not in failure_details(problem, list(cases.values()), alone)
    swapped = replace(result, cases=result.cases[::-1])
    assert "a smaller case" not in failure_details(problem, list(cases.values()), swapped)


def test_number_like_names_are_drawn_as_written_and_never_crash_the_table():
    """Review: tabulate reformatted a case named "1.10" as 1.1, and tabulate 0.9 raised ValueError on a
    column holding "True" beside "1.5" (author names taken from headers or folders)."""
    def result(name, first):
        cases = (CaseResult("0.5", "secret", Verdict.AC), CaseResult(first, "secret", Verdict.WA))
        return SubmissionResult(name, f"/x/{name}", "python", Verdict.WA, cases)

    drawn = table([result("True", "1.10"), result("1.5", "007"), result("1e5", "True")])
    rows = drawn.splitlines()[2:]
    assert [row.split()[0] for row in rows] == ["True", "1.5", "1e5"], drawn
    assert [row.split()[-1] for row in rows] == ["1.10", "007", "True"], drawn
