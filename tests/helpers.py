"""Running the real CLI, and copies of the problem package to write into."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBLEM_DIR = ROOT / "problems" / "minesweeper"
SUBMISSIONS = ROOT / "submissions" / "minesweeper"


def judge(*args, input=None, timeout=300):
    """`python3 -m judge ARGS` from the worktree root; the CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "judge", *map(str, args)], cwd=ROOT, input=input,
                          capture_output=True, text=True, timeout=timeout)


def copy_problem(tmp_path):
    """A copy of the Minesweeper package under tmp_path/problems/ (no known submissions beside it)."""
    target = tmp_path / "problems" / "minesweeper"
    shutil.copytree(PROBLEM_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target
