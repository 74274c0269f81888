"""Shared fixtures and hypothesis profiles: dev (quick) and ci (thorough), chosen with HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from helpers import copy_problem

settings.register_profile("dev", max_examples=50, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=300, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def problem_copy(tmp_path: Path) -> Path:
    """A writable copy of the Minesweeper package (problems/minesweeper) under tmp_path."""
    return copy_problem(tmp_path)
