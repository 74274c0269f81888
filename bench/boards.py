"""Seeded random Minesweeper boards for the benchmark, written as a temporary YAML case set.

Stands in for the fuzzing issue's `problems/minesweeper/generator.py` + `judge grade --fuzz N`:
the benchmark grades these boards as an extra secret case file in a temporary copy of the package.
Every board is a reachable game state (earlier clicks applied with the package's reference) and
passes the package's validator.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
from pathlib import Path
from types import ModuleType

import yaml

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "problems" / "minesweeper"
DENSITIES = (0.0, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5)


def load_part(package: Path, name: str) -> ModuleType:
    """Import one of a package's Python parts (reference, validator, checker) by path."""
    spec = importlib.util.spec_from_file_location(f"bench_{package.name}_{name}", package / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_boards(count: int, seed: int, max_size: int = 50) -> list[tuple[list[str], list[int]]]:
    """`count` valid (board rows, click) pairs: random mines, optional earlier clicks, a click on M or E."""
    reference, validator = load_part(PACKAGE, "reference"), load_part(PACKAGE, "validator")
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        m, n = rng.randint(1, max_size), rng.randint(1, max_size)
        density = rng.choice(DENSITIES)
        grid = [["M" if rng.random() < density else "E" for _ in range(n)] for _ in range(m)]
        for _ in range(rng.choice((0, 0, 1, 2))):  # earlier clicks make revealed B and digits
            hidden = [(i, j) for i in range(m) for j in range(n) if grid[i][j] == "E"]
            if not hidden:
                break
            grid = reference.updateBoard(grid, list(rng.choice(hidden)))
        mines = [(i, j) for i in range(m) for j in range(n) if grid[i][j] == "M"]
        empty = [(i, j) for i in range(m) for j in range(n) if grid[i][j] == "E"]
        pool = mines if (rng.random() < 0.1 and mines) or not empty else empty
        if not pool:
            continue
        click = list(rng.choice(pool))
        problems = validator.check({"board": grid, "click": click})
        if problems:  # cannot happen with the reference; fail loudly rather than bench bad data
            raise AssertionError(f"generated an invalid board: {problems[0]}")
        found.append((["".join(row) for row in grid], click))
    return found


def case_records(boards: list[tuple[list[str], list[int]]], prefix: str = "random") -> list[dict]:
    """YAML case records (name, board, click, expected) with the reference's answers."""
    reference = load_part(PACKAGE, "reference")
    records = []
    for k, (rows, click) in enumerate(boards):
        expected = reference.updateBoard([list(r) for r in rows], list(click))
        records.append({"name": f"{prefix}-{k:04d}", "board": rows, "click": click,
                        "expected": ["".join(r) for r in expected]})
    return records


def package_copy(dest: Path, extra: dict[str, list[dict]] | None = None, secret: bool = True) -> Path:
    """A copy of the Minesweeper package at `dest`; `extra` maps file names to case records.

    With `secret=False` the package's own secret cases are left out (only samples plus `extra`).
    """
    shutil.copytree(PACKAGE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    if not secret:
        for f in (dest / "cases" / "secret").glob("*.yaml"):
            f.unlink()
    for name, records in (extra or {}).items():
        text = yaml.dump(records, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
                         default_flow_style=None, sort_keys=False, width=200)
        (dest / "cases" / "secret" / name).write_text(text)
    return dest
