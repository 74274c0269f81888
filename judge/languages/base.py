"""The small contract every language plug-in fills in, mostly with attributes (as DMOJ does)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from judge.problem import Problem

HARNESS_DIR = Path(__file__).resolve().parent.parent / "harness"


@dataclass(frozen=True)
class Prepared:
    """A submission ready to serve cases, or the reason it is not (a compile error)."""

    ok: bool
    message: str = ""                   # the compiler's first lines when not ok
    source: Path | None = None
    artifact: Path | None = None        # what the server runs, inside the box's folder (workdir)
    mounts: tuple[Path, ...] = ()       # extra read-only paths the server needs in the box
    compile_ms: float = 0.0


@dataclass(frozen=True)
class Toolchain:
    """A language's toolchain as found on this machine."""

    language: str
    command: str | None
    version: str | None
    ok: bool
    message: str = ""


class Language:
    """One language: how to recognise, prepare and serve a submission written in it."""

    name: str = ""                # key used in reports and options, e.g. "python"
    title: str = ""               # what people call it, e.g. "Python 3"
    extensions: tuple[str, ...] = ()
    install_hint: str = ""        # how to get the toolchain when it is missing
    version_command: tuple[str, ...] = ()

    def matches(self, path: Path) -> bool:
        """Whether a file is written in this language (by its extension)."""
        return path.suffix.lower() in self.extensions

    def executable(self) -> str | None:
        """The toolchain's main program, or None when missing."""
        return shutil.which(self.version_command[0]) if self.version_command else None

    def toolchain(self) -> Toolchain:
        """Find the toolchain and its version, without raising."""
        exe = self.executable()
        if not exe:
            return Toolchain(self.name, None, None, False, f"not found; {self.install_hint}")
        try:
            out = subprocess.run([exe, *self.version_command[1:]], capture_output=True, text=True, timeout=30)
            text = (out.stdout + out.stderr).strip().splitlines()
            return Toolchain(self.name, exe, text[0] if text else "unknown", True)
        except (OSError, subprocess.SubprocessError) as exc:
            return Toolchain(self.name, exe, None, False, f"{exe} does not run: {exc}")

    def prepare(self, source: Path, workdir: Path, problem: Problem) -> Prepared:
        """Compile (or check) a submission once; a compile error is a Prepared with ok=False."""
        raise NotImplementedError

    def server_argv(self, prepared: Prepared, config: dict) -> list[str]:
        """The command that serves cases for a prepared submission over the protocol."""
        raise NotImplementedError

    def config(self, problem: Problem, prepared: Prepared) -> dict:
        """What the harness needs to know: the entry point and the per-case limits."""
        return {
            **problem.signature.to_dict(),
            "source": str(prepared.artifact or prepared.source),
            "cpu_limit": problem.limits.time,
            "memory_bytes": problem.limits.memory_bytes,
            "output_bytes": problem.limits.output_bytes,
        }


def content_hash(*parts: bytes | str) -> str:
    """A sha256 over source text, toolchain versions and harness text, for compile caches."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()


def dumps(config: dict) -> str:
    """The config as one JSON argument."""
    return json.dumps(config, separators=(",", ":"))
