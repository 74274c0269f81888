"""The small contract every language plug-in fills in, mostly with attributes (as DMOJ does)."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from judge.defaults import CACHE_ROOT  # compiled artifacts: one folder per hash of sources and toolchain
from judge.problems.problem import Problem

HARNESS_DIR = Path(__file__).resolve().parent / "harness"
REPO_ROOT = HARNESS_DIR.parents[2]
COMPILE_OUTPUT = 64 * 1024   # bytes of compiler output kept
COMPILE_LINES = 12           # lines of it shown in a CE message


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
    #: A trivial solution of the self-test signature (see judge/languages/selftest.py).
    selftest_source: str = ""
    selftest_extension: str = ""
    #: Whether the submission's code can run before the server says ready (static initialisers):
    #: then its start is charged to its first case (judge/sandbox/meter.py).
    code_before_ready: bool = False

    def matches(self, path: Path) -> bool:
        """Whether a file is written in this language (by its extension)."""
        return path.suffix.lower() in self.extensions

    def executable(self) -> str | None:
        """The toolchain's main program, or None when missing."""
        return shutil.which(self.version_command[0]) if self.version_command else None

    def toolchain(self) -> Toolchain:
        """Find the toolchain and its version once per process (a JVM start costs), without raising."""
        cached = _TOOLCHAINS.get(self.name)
        if cached is None:
            cached = _TOOLCHAINS[self.name] = self.find_toolchain()
        return cached

    def find_toolchain(self) -> Toolchain:
        """Look for the toolchain and ask it for its version."""
        exe = self.executable()
        if not exe:
            return Toolchain(self.name, None, None, False, f"not found; {self.install_hint}")
        try:
            out = subprocess.run([exe, *self.version_command[1:]], capture_output=True, text=True, timeout=30)
            text = (out.stdout + out.stderr).strip().splitlines()
            return Toolchain(self.name, exe, text[0] if text else "unknown", True)
        except (OSError, subprocess.SubprocessError) as exc:
            return Toolchain(self.name, exe, None, False, f"{exe} does not run: {exc}")

    def runtime_mounts(self) -> tuple[Path, ...]:
        """Paths outside the system folders the runtime reads, shown read-only in the box."""
        return ()

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


_TOOLCHAINS: dict[str, Toolchain] = {}


class Compiled(Language):
    """A language whose submissions are turned into an artifact once, cached by content hash.

    A plug-in declares `sources()` (the files to write: the submission with the platform's implicit
    imports, the harness, the generated glue), `compile_argv` and `artifacts` (what the server needs
    in the box's folder); this class does the caching, the limits and the compile error message.
    """

    compile_timeout: float = 60.0
    compile_memory_mb: int | None = 2048   # RLIMIT_AS for the compiler; None where a VM flag limits it
    artifacts: tuple[str, ...] = ()         # files or folders copied from the build into the box's folder
    harness_files: tuple[Path, ...] = ()    # hashed into the cache key

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """The files to compile, by name: the submission wrapped as the platform does, plus glue."""
        raise NotImplementedError

    def compile_argv(self, build: Path) -> list[str]:
        """The compile command, run in the build folder."""
        raise NotImplementedError

    def compile_env(self) -> dict[str, str]:
        """Extra environment for the compiler."""
        return {}

    def explain_compile_error(self, output: str) -> str:
        """The compiler's output as the CE message: its first lines."""
        lines = [line for line in output.splitlines() if line.strip()]
        shown = lines[:COMPILE_LINES]
        more = f"\n... ({len(lines) - len(shown)} more lines)" if len(lines) > len(shown) else ""
        return "\n".join(shown) + more or "the compiler failed without a message"

    def prepare(self, source: Path, workdir: Path, problem: Problem) -> Prepared:
        """Compile once per (sources, toolchain version), then copy the artifacts into the box's folder."""
        started = time.perf_counter()
        try:
            text = source.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            return Prepared(ok=False, message=f"the source is not UTF-8 text: {exc}", source=source)
        files = self.sources(text, problem)
        harness = [p.read_text() for p in self.harness_files]
        key = content_hash(self.name, self.toolchain().version or "", *harness,
                           *(f"{name}\0{body}" for name, body in sorted(files.items())))
        build = CACHE_ROOT / self.name / key[:32]
        if not (build / ".done").exists():
            self._build(build, files)
        failed = build / "compile_error.txt"
        if failed.exists():
            return Prepared(ok=False, message=failed.read_text(), source=source)
        for name in self.artifacts:
            src, dst = build / name, workdir / name
            if src.is_dir():
                shutil.copytree(src, dst)
            else:
                shutil.copy2(src, dst)
        return Prepared(ok=True, source=source, artifact=workdir / self.artifacts[0],
                        mounts=(HARNESS_DIR, *self.runtime_mounts()), compile_ms=(time.perf_counter() - started) * 1000)

    def _build(self, build: Path, files: dict[str, str]) -> None:
        """Compile in a private folder, then move it into place (two graders may race on one key)."""
        build.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=build.parent))
        for name, body in files.items():
            (tmp / name).write_text(body, encoding="utf-8")
        code, output = run_limited(self.compile_argv(tmp), tmp, self.compile_env(), self.compile_timeout,
                                   self.compile_memory_mb)
        if code != 0:
            message = output if code is None else self.explain_compile_error(output)
            (tmp / "compile_error.txt").write_text(message)
        (tmp / ".done").write_text("")
        try:
            os.rename(tmp, build)
        except OSError:  # another grader finished the same build first: theirs is as good
            shutil.rmtree(tmp, ignore_errors=True)


def run_limited(argv: list[str], cwd: Path, env: dict[str, str], timeout: float,
                memory_mb: int | None) -> tuple[int | None, str]:
    """Run a compiler with a time, memory and file-size limit; (exit code or None on time-out, output capped)."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 << 20, 256 << 20))
        if memory_mb:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    full_env = {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"), "LANG": "C.UTF-8",
                "HOME": str(cwd), "TMPDIR": str(cwd), **env}
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=full_env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=limits)
    except OSError as exc:
        return 127, f"cannot start {argv[0]}: {exc}"
    chunks: list[bytes] = []

    def drain() -> None:  # keep reading past the cap so a chatty compiler never blocks on a full pipe
        kept = 0
        for chunk in iter(lambda: proc.stdout.read(65536), b""):
            if kept < COMPILE_OUTPUT:
                chunks.append(chunk[: COMPILE_OUTPUT - kept])
                kept += len(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait()
        reader.join(5)
        return None, f"compilation took longer than {timeout:g} s"
    reader.join(5)
    proc.stdout.close()
    return proc.returncode, b"".join(chunks).decode("utf-8", "replace")


def cpp_like_type(scalar: str, depth: int, names: dict[str, str], array: str) -> str:
    """A neutral type in a static language: `names` maps scalars, `array` wraps one level ({} = element)."""
    text = names[scalar]
    for _ in range(depth):
        text = array.format(text)
    return text


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
