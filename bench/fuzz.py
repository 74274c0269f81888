#!/usr/bin/env python3
"""Measures `judge fuzz` on the wrong-answer samples: counterexample size and time to find plus shrink.

Usage: python3 bench/fuzz.py [--seeds 529,1,2] [--examples 200]
Prints one line per submission and seed (board size, inputs run, seconds), then the medians.
Targets (issue 3): median counterexample at most 5x5; median find + shrink under 10 s.
"""

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.grading import fuzz  # noqa: E402
from judge.problems.problem import load_problem  # noqa: E402


def main() -> int:
    """Run the search on every wrong-answer sample for each seed and print sizes, times, medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="529,1,2")
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--problem", default="minesweeper")
    args = parser.parse_args()
    problem = load_problem(args.problem)
    sources = sorted((ROOT / "submissions" / problem.id / "wrong_answer").glob("*.py"))
    sides, areas, times = [], [], []
    print(f"{'submission':24} {'seed':>5} {'size':>7} {'inputs':>7} {'seconds':>8}")
    for seed in (int(s) for s in args.seeds.split(",")):
        for source in sources:
            outcome = fuzz.search(problem, source, args.examples, seed)
            if outcome.found is None:
                print(f"{source.name:24} {seed:>5} {'none':>7} {outcome.examples:>7} {outcome.seconds:>8.2f}")
                continue
            board = outcome.found.case.args[problem.signature.params[0].name]
            m, n = len(board), len(board[0]) if board else 0
            sides.append(max(m, n))
            areas.append(m * n)
            times.append(outcome.seconds)
            print(f"{source.name:24} {seed:>5} {f'{m}x{n}':>7} {outcome.examples:>7} {outcome.seconds:>8.2f}")
    if not times:
        print("no counterexample found")
        return 1
    print(f"\nmedian over {len(times)} searches: largest side {statistics.median(sides):g} (target <= 5), "
          f"area {statistics.median(areas):g} squares (5x5 = 25), "
          f"time {statistics.median(times):.2f} s (target < 10 s)")
    ok = statistics.median(sides) <= 5 and statistics.median(times) < 10
    print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
