"""Python 3, as LeetCode runs it: implicit imports, a raised recursion limit, fresh globals per case."""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, Language, Prepared, Toolchain, dumps
from judge.problems.problem import Problem
from judge.sandbox.box import Box


class Python(Language):
    """CPython, the interpreter the judge itself runs on."""

    name = "python"
    title = "Python 3"
    extensions = (".py",)
    install_hint = "install Python 3.10 or newer"
    version_command = (sys.executable, "--version")
    harness = HARNESS_DIR / "python_server.py"
    selftest_extension = ".py"
    selftest_source = ("class Solution:\n    def countChars(self, words, base):\n"
                       "        return base + sum(map(len, words))\n")
    answers_directly = True   # where the box has a cgroup, the worker answers the judge itself

    def executable(self) -> str | None:
        """The judge's own interpreter: always there."""
        return sys.executable

    def find_toolchain(self) -> Toolchain:
        """The judge's own interpreter and the line `python3 --version` prints, without starting one."""
        return Toolchain(self.name, sys.executable, f"Python {sys.version.split()[0]}", True)

    def prepare(self, source: Path, workdir: Path, problem: Problem, box: Box | None = None) -> Prepared:
        """Copy the source into the box's folder; the server compiles it and reports a syntax error as CE."""
        artifact = workdir / "solution.py"
        shutil.copyfile(source, artifact)
        shown = tuple(folder / name for name, folder in libraries().items())
        return Prepared(ok=True, source=source, artifact=artifact,
                        mounts=(self.harness.parent, *runtime_dirs(), *shown), hidden=site_folders())

    def config(self, problem: Problem, prepared: Prepared) -> dict[str, Any]:
        """The base config, and where the box shows each library a submission may import."""
        return {**super().config(problem, prepared), "libraries": {n: str(f) for n, f in libraries().items()}}

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """-I -S: no user site, no site-packages, no PYTHON* variables of the judge's user."""
        return [interpreter(), "-I", "-S", "-B", str(compiled(self.harness)), dumps(config)]


def compiled(script: Path) -> Path:
    """The script's bytecode in its __pycache__ when it is there and up to date, as an import would
    check it (this interpreter's magic number, the source's mtime and size), else the script: a
    server start then skips compiling the 600-line harness (about 3 ms of the box's start)."""
    cached = Path(importlib.util.cache_from_source(str(script)))
    try:
        with cached.open("rb") as f:
            head = f.read(16)
        stat = script.stat()
    except (OSError, NotImplementedError):
        return script
    fresh = (len(head) == 16 and head[:4] == importlib.util.MAGIC_NUMBER and head[4:8] == bytes(4)
             and int.from_bytes(head[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
             and int.from_bytes(head[12:16], "little") == stat.st_size & 0xFFFFFFFF)
    return cached if fresh else script


#: What the platform's Python lets a solution import beyond the standard library (LeetCode: SortedList,
#: SortedDict, SortedSet). Nothing else of the judge's own packages is importable in the box.
LIBRARIES = ("sortedcontainers",)


@functools.cache
def libraries() -> dict[str, Path]:
    """Each library the judge's Python has, by name: the folder it is in (its package is shown in the box)."""
    found = {}
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found[name] = Path(next(iter(spec.submodule_search_locations))).resolve().parent
    return found


@functools.cache
def site_folders() -> tuple[Path, ...]:
    """The interpreter's site-packages inside the folders the box shows: shown empty (the judge's own
    packages, a wheel-installed judge's source among them), but for the LIBRARIES mounted in them."""
    import site  # loaded already: the judge runs with it

    shown = runtime_dirs()
    found = {Path(p).resolve() for p in site.getsitepackages()}
    return tuple(sorted(p for p in found if p.is_dir() and any(d == p or d in p.parents for d in shown)))


def interpreter() -> str:
    """The real interpreter file (a venv's python is a symlink to it), which lives in the base prefix."""
    return os.path.realpath(sys.executable)


def runtime_dirs() -> tuple[Path, ...]:
    """What the box must show for the interpreter to run: its installation prefix (the standard
    library, libpython), never the whole home it may sit in (e.g. ~/.pyenv/versions/3.11.7)."""
    dirs = {Path(sys.base_prefix).resolve(), Path(interpreter()).parent}
    return tuple(sorted(d for d in dirs if not any(d != o and o in d.parents for o in dirs)))


LANGUAGE = Python()
