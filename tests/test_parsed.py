"""YAML parsed once: the cache gives back the same data and lines, PyYAML stays unimported on a hit,
and what JSON cannot carry exactly, or what is not YAML, is never cached."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.problems import parsed

ROOT = Path(__file__).resolve().parent.parent
CASES = "- name: a\n  board: ['EM']\n  click: [0, 0]\n  expected: ['1M']\n\n- name: b  # second\n  board: ['E']\n"


@pytest.fixture
def cache_root(tmp_path, monkeypatch):
    monkeypatch.setattr(parsed, "CACHE_ROOT", tmp_path)
    return tmp_path


def entries(root: Path) -> list[Path]:
    return sorted((root / "parsed").glob("*.json")) if (root / "parsed").is_dir() else []


def test_the_second_load_comes_from_the_cache_with_the_same_data_and_lines(cache_root):
    first = parsed.load(CASES, lines=True)
    assert first == ([{"name": "a", "board": ["EM"], "click": [0, 0], "expected": ["1M"]},
                      {"name": "b", "board": ["E"]}], [1, 6])
    assert len(entries(cache_root)) == 1
    assert parsed.load(CASES, lines=True) == first
    assert parsed.load(CASES) == (first[0], None)
    assert parsed.load(CASES + "\n") == (first[0], None) and len(entries(cache_root)) == 2  # other bytes, other entry


def test_data_json_does_not_carry_exactly_is_parsed_every_time(cache_root):
    for text, kind in (("when: 2024-01-02\n", "date"), ("{1: a}\n", "int"), ("x: .nan\n", "float"),
                       ("flags: !!set {a, b}\n", "set")):
        for _ in range(2):
            data, _ = parsed.load(text)
            assert kind in {type(v).__name__ for v in [*data, *data.values()]}, data
        assert entries(cache_root) == [], text


def test_text_that_is_not_yaml_is_malformed_with_where_and_never_cached(cache_root):
    with pytest.raises(parsed.Malformed) as caught:
        parsed.load("- name: a\n  board: ['E'\n  click: [0, 0]\n")
    assert caught.value.error.problem_mark.line >= 1
    assert entries(cache_root) == []


def test_a_warm_run_loads_its_problem_and_cases_without_pyyaml(tmp_path):
    code = ("import sys\n"
            "from judge.problems.problem import load_problem\n"
            "from judge.problems.cases import load_cases\n"
            "cases = load_cases(load_problem('minesweeper'))\n"
            "print(len(cases), 'yaml' in sys.modules)\n")
    env = dict(os.environ, JUDGE_CACHE=str(tmp_path), PYTHONPATH=str(ROOT))
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    cold, warm = (r.stdout.split() for r in runs)
    assert cold[0] == warm[0] and int(cold[0]) > 100
    assert (cold[1], warm[1]) == ("True", "False")


def test_a_billion_laughs_is_malformed_before_anything_expands_it():
    """Nine aliases of nine aliases of ...: a few lines standing for 3.9 billion values, which the cache's
    JSON (and any validator) would write out. Refused at once, measured without being expanded."""
    lines = ["a0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9]"]  # numbers: the count of values trips, not the text
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    started = time.perf_counter()
    with pytest.raises(parsed.Malformed, match="its aliases make it more than 50,000,000 values"):
        parsed.load("\n".join(lines) + "\nz: *a9\n")
    assert time.perf_counter() - started < 5


def test_aliases_of_one_long_string_are_malformed():
    """Round 28: 300 cases whose descriptions are aliases of one 200 KB string, a 263 KB file, were a
    60 MB case file once added and in the parse cache: a string's length counts, not just its count."""
    text = "- {name: n0, description: &s " + "x" * 200_000 + "}\n"
    text += "".join(f"- {{name: n{i}, description: *s}}\n" for i in range(1, 300))
    with pytest.raises(parsed.Malformed, match="its aliases make its strings more than"):
        parsed.load(text)
    few = text.split("\n")[:5]  # a few aliases of it stay well within the text's size plus the allowance
    assert len(parsed.load("\n".join(few) + "\n")[0]) == 5


def test_nesting_past_the_parsers_depth_is_malformed():
    with pytest.raises(parsed.Malformed, match="nested too deeply"):
        parsed.load("[" * 5000 + "]" * 5000)
