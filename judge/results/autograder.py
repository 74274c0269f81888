"""The autograder bundle Gradescope expects (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
`setup.sh` and `run_autograder` at its root, with the judge and the problem package beside them.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once as root (Ubuntu's toolchains,
the Python libraries of requirements.txt, the TypeScript compiler of package-lock.json), then for
each hand-in runs run_autograder, which grades /autograder/submission with `python3 -m judge grade
... --gradescope-results /autograder/results/results.json` (judge/results/gradescope.py writes it).
The judge is copied as source, so the bundle grades exactly as the judge that wrote it.
"""

from __future__ import annotations

import importlib.metadata
import io
import shlex
import shutil
import stat
import sys
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from judge.errors import SetupError, UsageError
from judge.problems.problem import Problem

_TEMPLATES = Path(__file__).resolve().parent / "templates"
_JUDGE = Path(__file__).resolve().parents[1]
#: Where package.json and package-lock.json (the TypeScript compiler) live: beside the judge package.
_NODE_FILES = ("package.json", "package-lock.json")
_DISTRIBUTION = "minesweeper-judge"
_SKIP = {"__pycache__", "node_modules", ".judge", ".pytest_cache", ".mypy_cache"}


def requirements() -> list[str]:
    """The judge's own Python dependencies (not the test extra), as pip reads them: a checkout's
    pyproject.toml (newer than what an editable install recorded), else the installed distribution's."""
    pyproject = _JUDGE.parent / "pyproject.toml"
    if pyproject.is_file() and sys.version_info >= (3, 11):
        import tomllib

        return list(tomllib.loads(pyproject.read_text())["project"]["dependencies"])
    try:
        found = importlib.metadata.requires(_DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        found = []
    if not found:
        raise SetupError(f"cannot tell the judge's dependencies: {_DISTRIBUTION} is not installed "
                         f"(pip install it, or run setup.sh)")
    return [r for r in found if "extra ==" not in r]


def _tree(root: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    """(name in the bundle, file) for every file under root, caches and dot folders left out."""
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if path.is_file() and not any(p in _SKIP or p.startswith(".") for p in parts):
            yield f"{prefix}/{'/'.join(parts)}", path


def files(problem: Problem, options: Sequence[str] = ()) -> dict[str, bytes]:
    """Every file of the bundle by its name in it: the two scripts, requirements.txt, the judge, the problem."""
    run = (_TEMPLATES / "gradescope_run_autograder").read_text()
    run = run.replace("@PROBLEM@", shlex.quote(problem.root.name)).replace("@OPTIONS@", shlex.join(options))
    out = {"setup.sh": (_TEMPLATES / "gradescope_setup.sh").read_bytes(), "run_autograder": run.encode(),
           "requirements.txt": ("\n".join(requirements()) + "\n").encode()}
    for name in _NODE_FILES:
        if (_JUDGE.parent / name).is_file():
            out[name] = (_JUDGE.parent / name).read_bytes()
    for name, path in _tree(_JUDGE, "judge"):
        out[name] = path.read_bytes()
    for name, path in package_files(problem):
        out[name] = path.read_bytes()
    return out


def package_files(problem: Problem) -> Iterator[tuple[str, Path]]:
    """(name in the bundle, file) for the package's own parts, as Kattis exports a problem: problem.yaml,
    its statement, its cases, its Python parts and the modules they may import. Not the rest of its folder
    (its known submissions, an earlier bundle, a setter's notes: all of it went in until red-team round 31)."""
    prefix, root = f"problems/{problem.root.name}", problem.root
    chosen = {problem.yaml_path, *problem.python_files(), *root.glob("statement*")}
    chosen.update(path for path in problem.parts.values() if path.is_file())
    chosen.update(path for _, path in _tree(problem.cases_dir, ""))
    for path in sorted(chosen):
        try:
            inside = path.relative_to(root)
        except ValueError:  # a part named outside the package's folder: not in the bundle, as before
            continue
        if path.is_file() and not path.is_symlink():
            yield f"{prefix}/{inside.as_posix()}", path


#: The files Gradescope runs: executable.
EXECUTABLE = ("setup.sh", "run_autograder")


def write(problem: Problem, output: Path, options: Sequence[str] = ()) -> Path:
    """The bundle as a zip (when output ends in .zip) or a folder; UsageError when output is in the way."""
    bundle = files(problem, options)
    if output.suffix.lower() == ".zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in sorted(bundle.items()):
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes every time
                mode = 0o755 if name in EXECUTABLE else 0o644
                info.external_attr = (stat.S_IFREG | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes(buffer.getvalue())
        return output
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise UsageError(f"{output}: exists and is not an empty folder; give a new folder or a .zip file")
    output.mkdir(parents=True, exist_ok=True)
    try:
        for name, data in bundle.items():
            path = output / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            path.chmod(0o755 if name in EXECUTABLE else 0o644)
    except BaseException:
        shutil.rmtree(output, ignore_errors=True)  # never half a bundle
        raise
    return output
