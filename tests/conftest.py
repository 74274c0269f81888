"""Shared fixtures and hypothesis profiles: dev (quick) and ci (thorough), chosen with HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from helpers import TEST_DB, copy_problem

# Every judge a test starts, through run_judge or its own subprocess call, records into the tests'
# store unless it names one: never the checkout's .judge/results.sqlite3, which is the user's.
os.environ.setdefault("JUDGE_DB", str(TEST_DB))
# ... and grades here: a $JUDGE_BROKER of the developer's would send every test's submissions to workers.
os.environ.pop("JUDGE_BROKER", None)

settings.register_profile("dev", max_examples=50, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=300, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def problem_copy(tmp_path: Path) -> Path:
    """A writable copy of the Minesweeper package (problems/minesweeper) under tmp_path."""
    return copy_problem(tmp_path)


@pytest.fixture
def ctrl_c():
    """SIGINT as a terminal's Ctrl-C delivers it, for this test and the judges it starts: a test run started
    in the background (`... &` in a script, nohup) inherits SIGINT ignored, and so would every judge it
    starts (an ignored signal stays ignored across exec, as it should for a background job)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
