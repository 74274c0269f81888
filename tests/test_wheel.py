"""The judge installed from a wheel, outside the checkout: TypeScript's compiler comes from `judge
setup` (the package-lock.json shipped in the wheel, npm ci into the cache), with hints naming it.

Offline: the wheel is built without build isolation (setuptools and wheel are installed), and npm
installs from its own cache (npm_config_offline), which setup.sh's `npm ci` filled."""

import os
import shutil
import subprocess
import sys

import pytest

from helpers import ROOT, SUBMISSIONS

SOLVED = SUBMISSIONS / "accepted" / "bfs_typed.ts"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A venv with the judge's wheel (dependencies from the system's site-packages)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"  # a copy: an in-tree build would leave build/ in the checkout
    source.mkdir()
    shutil.copytree(ROOT / "judge", source / "judge", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                            str(source), "-w", str(base / "dist")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (base / "dist").glob("minesweeper_judge-*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True)
    done = subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                           str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return venv / "bin" / "judge", base


def run(judge, base, *args, path=None, **env):
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel's judge, not the checkout's
    environ.update(JUDGE_CACHE=str(base / "cache"), JUDGE_DB=str(base / "r.sqlite3"), npm_config_offline="true",
                   PATH=path or environ["PATH"], **env)
    outside = base / "elsewhere"
    outside.mkdir(exist_ok=True)
    return subprocess.run([str(judge), *map(str, args)], cwd=outside, env=environ, capture_output=True, text=True,
                          timeout=300)


def test_typescript_from_a_wheel_after_judge_setup(installed):
    judge, base = installed
    problem = ROOT / "problems" / "minesweeper"
    where = run(judge, base, "setup", path="/nonexistent")  # no npm (nor node) on PATH
    assert where.returncode == 2 and "npm not found" in where.stderr and "judge setup" in where.stderr
    before = run(judge, base, "grade", problem, SOLVED, "--fuzz", "0", "--no-store")
    assert before.returncode == 1
    assert "JE" in before.stdout and "run `judge setup`" in before.stdout + before.stderr
    assert "setup.sh" not in before.stdout + before.stderr
    setup = run(judge, base, "setup")
    assert setup.returncode == 0, setup.stderr
    assert f"into {base / 'cache' / 'npm'}" in setup.stdout
    assert list((base / "cache" / "npm").glob("*/node_modules/typescript/package.json"))
    assert "already installed" in run(judge, base, "setup").stdout
    graded = run(judge, base, "grade", problem, SOLVED, "--fuzz", "0", "--no-store")
    assert graded.returncode == 0, graded.stdout + graded.stderr
    assert "1 submissions: 1 AC" in graded.stdout or "1 submission: 1 AC" in graded.stdout
    assert str(ROOT) not in judge.resolve().read_text()  # the console script of the venv, not the checkout's
