"""Shared fixtures: paths, copies of the problem package, the real CLI, hypothesis profiles.

Hypothesis profiles: dev (quick) and ci (thorough), chosen with HYPOTHESIS_PROFILE.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=300, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ROOT = Path(__file__).resolve().parent.parent
PROBLEM_DIR = ROOT / "problems" / "minesweeper"
SUBMISSIONS = ROOT / "submissions" / "minesweeper"
DATA = Path(__file__).resolve().parent / "data"


def run_judge(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the real `python -m judge` command and capture its output."""
    return subprocess.run([sys.executable, "-m", "judge", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, env=_env())


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


@pytest.fixture
def problem_copy(tmp_path: Path) -> Path:
    """A writable copy of the Minesweeper package (problems/minesweeper) under tmp_path."""
    target = tmp_path / "problems" / "minesweeper"
    shutil.copytree(PROBLEM_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def tree_state(path: Path) -> dict[str, bytes]:
    """Every file under a folder with its bytes, to show nothing was changed."""
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
