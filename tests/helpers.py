"""What tests share: the repo's paths, running the real CLI, copies of the problem package."""

import atexit
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBLEM_DIR = ROOT / "problems" / "minesweeper"
SUBMISSIONS = ROOT / "submissions" / "minesweeper"
DATA = Path(__file__).resolve().parent / "data"
#: CLI runs record into a store of their own, never the user's .judge/results.sqlite3.
TEST_DB = Path(tempfile.mkdtemp(prefix="judge-tests-")) / "results.sqlite3"
atexit.register(shutil.rmtree, TEST_DB.parent, True)  # 2 MB a run, left in /tmp by every run before


def run_judge(*args, cwd=ROOT, input=None, timeout=300, env=None):
    """`python3 -m judge ARGS` from the checkout's root (`env`: variables to set too); the CompletedProcess."""
    env = {**os.environ, **(env or {})}
    env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("JUDGE_DB", str(TEST_DB))
    return subprocess.run([sys.executable, "-m", "judge", *map(str, args)], cwd=cwd, input=input,
                          capture_output=True, text=True, timeout=timeout, env=env)


judge = run_judge

#: Fields of /proc/PID/stat after the command's ")": the parent's pid, the session's id.
STAT_FIELDS = {"parent": 1, "session": 3}


def processes_where(field: str, value: int) -> list[int]:
    """The pids of the processes whose /proc/PID/stat `field` ("parent", "session") is `value`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if stat and int(stat.rsplit(")", 1)[1].split()[STAT_FIELDS[field]]) == value:
            found.append(int(entry.name))
    return found


def load_part(package, name):
    """A problem package's module (`reference`, `validator`, ...) imported by path, as its own module."""
    package = Path(package)
    spec = importlib.util.spec_from_file_location(f"{package.name}_test_{name}", package / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def copy_problem(tmp_path):
    """A copy of the Minesweeper package under tmp_path/problems/ (no known submissions beside it)."""
    target = Path(tmp_path) / "problems" / "minesweeper"
    shutil.copytree(PROBLEM_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def tree_state(path):
    """Every file under a folder with its bytes, to show nothing was changed."""
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(Path(path).rglob("*")) if p.is_file()}


#: The packages shipped under problems/ (Minesweeper, Coin Change, ...): core tests parametrize over them.
SHIPPED = sorted(path.parent.name for path in (ROOT / "problems").glob("*/problem.yaml"))
