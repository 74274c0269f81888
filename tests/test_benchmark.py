"""The speed benchmark's smoke mode and the peers' case importer (no timings are asserted)."""

import os
import subprocess
import sys
from pathlib import Path

import yaml

from bench import boards, import_peers

ROOT = Path(__file__).resolve().parent.parent


def test_quick_benchmark_prints_one_table_with_every_target():
    out = subprocess.run([sys.executable, "bench/benchmark.py", "--quick", "--skip-peers"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    for target in (">= 10x faster", "<= 1.5x the floor", ">= 90% of the bound", "<= 5% of the first run", "< 300 MB"):
        assert target in out.stdout
    assert "cores busy" in out.stdout  # the --jobs bound comes from the serial run's own CPU time
    assert out.stdout.count("| figure") == 1


def test_import_peers_writes_valid_cases(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "01.in").write_text("4 5 3 0\nEEEEE\nEEMEE\nEEEEE\nEEEEE\n")
    (tests / "01.ans").write_text("B1E1B\nB1M1B\nB111B\nBBBBB\n")
    (tests / "03.in").write_text("1 1 0 0\nM\n")
    (tests / "03.ans").write_text("X\n")
    assert import_peers.convert(tests, tmp_path / "cases") == 2
    sample = yaml.safe_load((tmp_path / "cases/sample/peers.yaml").read_text())
    secret = yaml.safe_load((tmp_path / "cases/secret/peers.yaml").read_text())
    assert sample == [{"name": "peers-01", "board": ["EEEEE", "EEMEE", "EEEEE", "EEEEE"], "click": [3, 0],
                       "expected": ["B1E1B", "B1M1B", "B111B", "BBBBB"]}]
    assert secret[0]["expected"] == ["X"]


def test_random_boards_are_seeded_and_valid():
    validator = boards.load_part(boards.PACKAGE, "validator")
    first, again = boards.random_boards(30, 7, max_size=12), boards.random_boards(30, 7, max_size=12)
    assert first == again
    for rows, click in first:
        assert validator.check({"board": [list(r) for r in rows], "click": click}) == []


def test_the_jobs_bound_is_the_cores_over_what_one_submission_keeps_busy():
    from bench.benchmark import jobs_bound

    cores = min(2, os.cpu_count() or 1)
    assert jobs_bound(10.0, 12.5, 2) == max(1.0, cores / 1.25)  # the box plus the judge checking beside it
    assert jobs_bound(10.0, 5.0, 2) == cores                    # one mostly waiting: N at once gain N at most
    assert jobs_bound(1.0, 10.0, 2) == 1.0                      # never below no gain


def test_interleaved_measures_take_turns_and_give_each_ones_median():
    """The two sides of a ratio are measured in rounds, side by side, the order turned each round."""
    from bench.benchmark import interleaved

    order: list[str] = []
    times = {"a": iter([3.0, 1.0, 2.0]), "b": iter([10.0, 30.0, 20.0])}

    def measure(name: str):
        return lambda: order.append(name) or next(times[name])

    assert interleaved({"a": measure("a"), "b": measure("b")}, 3) == {"a": 2.0, "b": 20.0}
    assert order == ["a", "b", "b", "a", "a", "b"]
