"""Null solutions: for every language, compiled and served through the real path, timed into the store."""

import dataclasses

import pytest

from judge import languages
from judge.grading import overhead
from judge.grading.grade import execute
from judge.grading.selftest import selftest_problem
from judge.problems import cases as case_files
from judge.problems.problem import Param, Signature, load_problem
from judge.results.store import Store

LANGUAGES = ["python", "javascript", "typescript", "cpp", "java", "go"]


def test_the_null_solutions_of_minesweeper_are_timed_per_language_and_case(tmp_path):
    problem = load_problem("minesweeper")
    cases = case_files.load_cases(problem)[:3]
    with Store.open(tmp_path / "r.sqlite3") as st:
        overhead.measure(st, problem, cases, LANGUAGES)
        measured = st.overheads(case_files.test_set_hash(cases))
        assert sorted(measured) == sorted(LANGUAGES)
        for language, times in measured.items():
            assert set(times) == {c.name for c in cases}
            assert all(t is not None and 0 <= t < 1000 for t in times.values()), (language, times)
        before = st.conn.execute("SELECT measured_at FROM overheads").fetchall()
        overhead.measure(st, problem, cases, LANGUAGES)  # measured once: nothing runs again
        assert st.conn.execute("SELECT measured_at FROM overheads").fetchall() == before


def test_another_store_takes_the_machines_measurement_from_the_cache(tmp_path, monkeypatch):
    problem = load_problem("minesweeper")
    cases = case_files.load_cases(problem)[:2]
    with Store.open(tmp_path / "a.sqlite3") as st:
        overhead.measure(st, problem, cases, ["python"])
        first = st.overheads(case_files.test_set_hash(cases))

    def no_run(*args, **kwargs):
        raise AssertionError("measured again")

    monkeypatch.setattr(overhead, "execute", no_run)
    with Store.open(tmp_path / "b.sqlite3") as st:
        overhead.measure(st, problem, cases, ["python"])
        assert st.overheads(case_files.test_set_hash(cases)) == first


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_null_solution_returns_a_constant_of_the_return_type(language):
    signature = Signature(function="mean", params=(Param("values", "int[]"), Param("name", "string")),
                          returns="double[][]", class_name="Solution")
    problem = dataclasses.replace(selftest_problem(), signature=signature)
    lang = languages.by_name(language)
    source = selftest_problem().root / f"judge-null-test-{language}{lang.extensions[0]}"
    source.write_text(overhead.null_source(language, signature))
    try:
        result = execute(problem, source, [[[1, 2, 3], "x"]], language=lang)
    finally:
        source.unlink()
    assert result.compile_error is None and result.judge_error is None, (result.compile_error, result.judge_error)
    (outcome,) = result.outcomes
    assert outcome.verdict is None and outcome.value == [], (outcome.verdict, outcome.message)


def test_null_sources_echo_a_parameter_of_the_return_type_or_return_nothing():
    board = Signature("updateBoard", (Param("board", "char[][]"), Param("click", "int[]")), "char[][]")
    assert "return board;" in overhead.null_source("cpp", board)
    assert "return board\n" in overhead.null_source("go", board)
    assert "return args[0]" in overhead.null_source("python", board)
    void = Signature("sortInPlace", (Param("nums", "int[]"),), "void", inplace="nums")
    assert "return" not in overhead.null_source("java", void) and "return" not in overhead.null_source("go", void)
    scalar = Signature("count", (Param("s", "string"),), "long")
    assert "return 0L;" in overhead.null_source("java", scalar)
