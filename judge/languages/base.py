"""The small contract every language plug-in fills in, mostly with attributes (as DMOJ does)."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge import cache
from judge.defaults import CACHE_ROOT, COMPILE_OUTPUT  # CACHE_ROOT: one folder per hash of sources and toolchain
from judge.problems.problem import Problem
from judge.sandbox import scratch
from judge.sandbox.box import SYSTEM_DIRS, Box, BwrapBox, Mount, detect
from judge.sandbox.oneshot import ToolLimits, run_tool

HARNESS_DIR = Path(__file__).resolve().parent / "harness"
REPO_ROOT = HARNESS_DIR.parents[2]
COMPILE_LINES = 12           # lines of it shown in a CE message
#: A compiled program (all its artifacts) above this is CE, and nothing of it is kept. Real solutions
#: compile to well under 3 MiB (a static Go binary is the largest); 64 MiB leaves room for a big
#: precomputed table, yet the cache's cap still holds at least a dozen of the worst.
ARTIFACT_CAP = 64 << 20
#: Any one file a compiler writes (its temporary object files too) stops at this: between the cap and
#: this, the size is measured after the build; above it the toolchain fails, saying why.
COMPILE_FILE_SIZE = 4 * ARTIFACT_CAP
#: The compile box's memory cap (its cgroup, where the judge may make one) on top of its /tmp.
COMPILE_MEMORY = 2048 << 20
#: Part of every cache key: builds made before compiles ran in a box (so could read any file) never match,
#: nor (2) compile errors kept with an older wording of the judge's own first line (Go's signature), nor
#: (3) those kept before errors only in the glue were named as such beside the compiler's notes, nor (4)
#: entries whose `.done` holds no manifest of their files' sha256s (see _take).
BUILD_FORMAT = "boxed-4"
#: What toolchains print when a file hit the size limit or the box's /tmp filled up.
TOO_LARGE = ("file too large", "file size limit exceeded", "no space left on device")


@dataclass(frozen=True)
class Prepared:
    """A submission ready to serve cases, or the reason it is not (a compile error)."""

    ok: bool
    message: str = ""                   # the compiler's first lines when not ok
    source: Path | None = None
    artifact: Path | None = None        # what the server runs, inside the box's folder (workdir)
    artifacts: tuple[Path, ...] = ()    # every artifact there, `artifact` first (a C++ server's library too)
    mounts: tuple[Path, ...] = ()       # extra read-only paths the server needs in the box
    hidden: tuple[Path, ...] = ()       # folders inside those that the box shows empty
    compile_ms: float = 0.0

    def uncache(self) -> None:
        """Drop the artifact's pages from the page cache (written out first), before a box maps it.

        The kernel charges a page of the cache to the group of whoever brought it in: the judge, which
        copied and checked the program, or a box of this submission's that ended. A box that maps pages
        already there is charged nothing for them, so a 60 MiB table in a C++ program's .rodata, read by
        every case, was never counted (red-team round 26). Dropped, they are read in again by the box
        itself, which then pays for what it touches (up to the artifact cap), as for its heap."""
        files = []
        for artifact in dict.fromkeys((self.artifact, *self.artifacts) if self.artifact else self.artifacts):
            files += [p for p in artifact.rglob("*") if p.is_file()] if artifact.is_dir() else [artifact]
        for path in files:
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue
            try:
                os.fdatasync(fd)  # dirty pages are not dropped; once written out this costs ~0.1 ms
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass
            finally:
                os.close(fd)


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
    #: A trivial solution of the self-test's own signature (see judge/grading/selftest.py).
    selftest_source: str = ""
    selftest_extension: str = ""
    #: Whether the submission's code can run before the server says ready (static initialisers):
    #: then its start is charged to its first case (judge/sandbox/meter.py).
    code_before_ready: bool = False
    #: Whether its numbers are doubles (JavaScript): its answers are judged at a double's precision.
    numbers_are_doubles: bool = False
    #: Whether the harness, told that the judge measures the box itself (`measured` in its config),
    #: answers from where the submission runs and sends no `cpu_ms`/`mem_kb` (judge/sandbox/protocol.py).
    answers_directly: bool = False

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

    def prepare(self, source: Path, workdir: Path, problem: Problem, box: Box | None = None) -> Prepared:
        """Compile (or check) a submission once, in `box` (the best one here by default); a compile error is a
        Prepared with ok=False."""
        raise NotImplementedError

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The command that serves cases for a prepared submission over the protocol."""
        raise NotImplementedError

    def config(self, problem: Problem, prepared: Prepared) -> dict[str, Any]:
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
    in the box's folder); this class does the box, the caching, the limits and the compile error message.
    The compiler runs in a box of its own (`BwrapBox.tool_command`): it sees the toolchain and a fresh
    build folder holding only those files, so the cache key (the files and the toolchain's version)
    covers everything a build can read.
    """

    compile_timeout: float = 60.0
    compile_memory_mb: int | None = 2048   # RLIMIT_AS for the compiler; None where a VM flag limits it
    compile_needs_proc: bool = False        # whether the compiler needs /proc (in its box: its own processes)
    artifacts: tuple[str, ...] = ()         # files or folders copied from the build into the box's folder
    harness_files: tuple[Path, ...] = ()    # hashed into the cache key
    #: The judge's glue and the submission's file as the compiler names them: errors in the glue alone mean
    #: the entry point is missing or has another signature, which the CE then says first (`no_entry`).
    glue_file: str = ""
    solution_file: str = ""
    no_entry: str = "no entry point: expected class Solution with the platform's method signature"
    #: What the compiler says of a submission's file that holds no class at all, naming that file.
    no_class_note: str | None = None

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """The files to compile, by name: the submission wrapped as the platform does, plus glue."""
        raise NotImplementedError

    def compile_argv(self, build: Path) -> list[str]:
        """The compile command, run in the build folder (names in it are relative to it)."""
        raise NotImplementedError

    def compile_env(self) -> dict[str, str]:
        """Extra environment for the compiler."""
        return {}

    def compile_mounts(self) -> tuple[Path, ...]:
        """What the compile box shows read-only besides the system folders: the toolchain's own folder when
        it lives elsewhere (a JDK, GOROOT or node under /opt or a home), and the runtime's links."""
        exe = self.executable()
        prefix = Path(os.path.realpath(exe)).parent.parent if exe else None
        inside = prefix is None or any(prefix.is_relative_to(Path(d).resolve()) for d in SYSTEM_DIRS
                                       if Path(d).exists())
        return (*self.runtime_mounts(), *(() if inside else (prefix,)))

    def explain_compile_error(self, output: str) -> str:
        """The compiler's output as the CE message: its first lines, after `no_entry` when only the glue
        has errors."""
        # A line said again (g++ repeats an error at each of the glue's uses of the call) is shown once.
        lines = list(dict.fromkeys(line for line in output.splitlines() if line.strip()))
        shown = lines[:COMPILE_LINES]
        more = f"\n... ({len(lines) - len(shown)} more lines)" if len(lines) > len(shown) else ""
        text = "\n".join(shown) + more or "the compiler failed without a message"
        # Errors only in the glue: the entry point is missing or not the platform's; the submission's file
        # may still be named by the compiler's notes (g++: "note: initializing argument 2 of ...").
        errors = [line.split(": error:")[0] for line in lines if ": error:" in line]
        glue_only = bool(errors) and all(self.glue_file in where for where in errors)
        if self.glue_file and self.glue_file in output and (
                glue_only or self.solution_file not in output
                or (self.no_class_note is not None and self.no_class_note in output)):
            return f"{self.no_entry}\n{text}"
        return text

    def prepare(self, source: Path, workdir: Path, problem: Problem, box: Box | None = None) -> Prepared:
        """Compile once per (sources, toolchain version) in a box, then copy the artifacts into the box's folder.

        Without a sandbox the compiler could read any file the judge can, which no key covers: such a
        build is never cached."""
        started = time.perf_counter()
        try:
            # A byte order mark (Windows editors write one) is no part of the code: after the prelude the
            # judge puts first, g++ and go would find it mid-file ("stray '#' in program"), javac anywhere.
            text = source.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as exc:
            return Prepared(ok=False, message=f"the source is not UTF-8 text: {exc}", source=source)
        files = self.sources(text, problem)
        box = box or detect()
        if not isinstance(box, BwrapBox):
            return self._private(files, text, box, workdir, source, started)
        harness = [p.read_text() for p in self.harness_files]
        key = content_hash(self.name, BUILD_FORMAT, str(ARTIFACT_CAP), self.toolchain().version or "", *harness,
                           "\0".join(self.compile_argv(Path("build"))),
                           "\0".join(f"{k}={v}" for k, v in sorted(self.compile_env().items())),
                           *(f"{name}\0{body}" for name, body in sorted(files.items())))
        build = CACHE_ROOT / self.name / key[:32]
        fresh = False
        if (build / ".done").exists():
            cache.touch(build)
        else:
            message = self._build(build, files, text, box)
            if message is not None:
                return Prepared(ok=False, message=message, source=source)
            fresh = True
        try:
            prepared = self._take(build, None, workdir, source, started, _manifest_of(build))
        except FileNotFoundError:
            # Another judge pruned the entry between its build and this copy: build privately, keep nothing.
            _remove(workdir, self.artifacts)
            return self._private(files, text, box, workdir, source, started)
        except DamagedBuild:
            # A file of the entry is not what the compiler wrote (a disk fault, a truncated copy, a hand):
            # run as it was, it was the student's RE or CE, and stored so. Dropped, and built again privately.
            _discard(build)
            _remove(workdir, self.artifacts)
            return self._private(files, text, box, workdir, source, started)
        if fresh:  # counted after the copy, so a prune it starts cannot take the entry from under it
            cache.wrote(cache.size_of(build))
        return prepared

    def _private(self, files: dict[str, str], text: str, box: Box, workdir: Path, source: Path,
                 started: float) -> Prepared:
        """Compile in a temporary folder, take the result, keep nothing."""
        build = scratch.folder("build")
        try:
            message, _ = self._compile(build, files, text, box)
            return self._take(build, message, workdir, source, started)
        finally:
            shutil.rmtree(build, ignore_errors=True)

    def _take(self, build: Path, message: str | None, workdir: Path, source: Path, started: float,
              manifest: dict[str, str] | None = None) -> Prepared:
        """The build's compile error, or its artifacts copied into the box's folder; with the entry's
        `manifest`, DamagedBuild unless what was copied (or the error read) is what the compiler left."""
        failed = build / "compile_error.txt"
        if message is None and failed.exists():
            message = failed.read_text()
            if manifest is not None and manifest != _files_digest(build, ("compile_error.txt",)):
                raise DamagedBuild(build)
        if message is not None:
            return Prepared(ok=False, message=message, source=source)
        for name in self.artifacts:
            src, dst = build / name, workdir / name
            if src.is_dir():
                shutil.copytree(src, dst)
            else:
                shutil.copy2(src, dst)
        if manifest is not None and manifest != _files_digest(workdir, self.artifacts):
            raise DamagedBuild(build)  # checked on the copies: what the box runs
        return Prepared(ok=True, source=source, artifact=workdir / self.artifacts[0],
                        artifacts=tuple(workdir / name for name in self.artifacts),
                        mounts=(HARNESS_DIR, *self.runtime_mounts()), compile_ms=(time.perf_counter() - started) * 1000)

    def _build(self, build: Path, files: dict[str, str], text: str, box: Box) -> str | None:
        """Compile in a private folder, then move it into place (two graders may race on one key).

        Returns a compile error that is not kept (a time-out, which load may cause), else None."""
        build.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=build.parent))
        message, keep = self._compile(tmp, files, text, box)
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
            return message
        if message is not None:
            (tmp / "compile_error.txt").write_text(message)
        kept = ("compile_error.txt",) if message is not None else self.artifacts
        (tmp / ".done").write_text(json.dumps(_files_digest(tmp, kept), sort_keys=True))
        try:
            os.rename(tmp, build)
        except OSError:  # another grader finished the same build first: theirs is as good
            shutil.rmtree(tmp, ignore_errors=True)
        return None

    def _compile(self, folder: Path, files: dict[str, str], text: str, box: Box) -> tuple[str | None, bool]:
        """Write the files into `folder`, compile them there, leave only the artifacts.

        Returns (the compile error or None, whether that outcome may be kept in the cache)."""
        for name, body in files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)  # a package's folders (javafx/util/)
            (folder / name).write_text(body, encoding="utf-8")
        argv, env = self.compile_argv(folder), self.compile_env()
        if isinstance(box, BwrapBox):
            limits = ToolLimits(wall=self.compile_timeout, cpu=self.compile_timeout,
                                memory=COMPILE_MEMORY + ToolLimits.tmp_size, file_size=COMPILE_FILE_SIZE,
                                address_space=self.compile_memory_mb << 20 if self.compile_memory_mb else None,
                                output=COMPILE_OUTPUT)
            mounts = [Mount(p) for p in self.compile_mounts()]
            end = run_tool(box, argv, folder, mounts, env, limits, self.compile_needs_proc)
            code, output, oom, cpu_s = end.code, end.output.decode("utf-8", "replace"), end.oom_kills > 0, end.cpu_s
        else:
            code, output = run_limited(argv, folder, env, self.compile_timeout, self.compile_memory_mb)
            oom, cpu_s = False, None
        # The sources and the compiler's scratch (Go's build cache when unboxed) are not kept.
        _remove(folder, [p.name for p in folder.iterdir() if p.name not in self.artifacts])
        lowered, source = output.lower(), text.lower()

        def says(phrases: tuple[str, ...]) -> bool:
            # A phrase the submission's own text holds may be the compiler quoting it (an `#error`).
            return code != 0 and any(p in lowered and p not in source for p in phrases)

        if code is None:
            return f"compilation took longer than {self.compile_timeout:g} s", False
        # A process of the compiler hit RLIMIT_CPU: what the box's cgroup counted says so, not the output
        # alone, which a `static_assert` message built of pieces ("CPU time" " limit exceeded") can hold.
        if says(("cpu time limit exceeded",)) and (cpu_s is None or cpu_s >= self.compile_timeout * 0.95):
            return f"compilation took longer than {self.compile_timeout:g} s of CPU time", False
        too_large = f"the compiled program is larger than {ARTIFACT_CAP >> 20} MiB"
        if code != 0:
            _remove(folder, self.artifacts)  # what a failed compiler left half-written is no use
            if says(TOO_LARGE):
                return too_large, True
            if oom:
                return f"compilation used more than {COMPILE_MEMORY >> 20} MiB of memory", True
            return self.explain_compile_error(output), True
        missing = [name for name in self.artifacts if not (folder / name).exists()]
        if missing:
            return f"the compiler made no {missing[0]}", True
        if sum(_bytes(folder / name) for name in self.artifacts) > ARTIFACT_CAP:
            _remove(folder, self.artifacts)
            return too_large, True
        return None, True


class DamagedBuild(Exception):
    """A compile cache entry whose files are not those its manifest names."""


def _files_digest(folder: Path, names: tuple[str, ...]) -> dict[str, str]:
    """The sha256 of every file under these names of `folder` (files, or folders walked), by relative path."""
    import hashlib  # here, not on every command's way to its first box (judge/digest.py)

    digests = {}
    for name in names:
        top = folder / name
        paths = sorted(p for p in top.rglob("*") if p.is_file()) if top.is_dir() else [top]
        for path in paths:
            digest = hashlib.sha256()
            with path.open("rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    digest.update(chunk)
            digests[str(path.relative_to(folder))] = digest.hexdigest()
    return digests


def _manifest_of(build: Path) -> dict[str, str] | None:
    """What an entry's `.done` says its files are; an empty dict (never equal to a digest) when unreadable."""
    try:
        data = json.loads((build / ".done").read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and all(isinstance(v, str) for v in data.values()) else {}


def _discard(build: Path) -> None:
    """Take a cache entry out of use at once (renamed, so no other judge takes it meanwhile), then delete it."""
    gone = build.with_name(f".gone-{build.name}-{os.getpid()}")
    try:
        os.rename(build, gone)
    except OSError:
        return  # already gone, or taken out by another judge
    shutil.rmtree(gone, ignore_errors=True)


def _remove(folder: Path, names: list[str] | tuple[str, ...]) -> None:
    """Delete these files or folders of `folder` (links themselves, never what they point to)."""
    for name in names:
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()


def _bytes(path: Path) -> int:
    """The bytes of a file, or of every file under a folder (links not followed)."""
    if path.is_symlink() or not path.is_dir():
        return path.lstat().st_size
    return sum(Path(folder, name).lstat().st_size for folder, _, names in os.walk(path) for name in names)


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
    stdout = proc.stdout
    assert stdout is not None  # stdout=PIPE

    def drain() -> None:  # keep reading past the cap so a chatty compiler never blocks on a full pipe
        kept = 0
        for chunk in iter(lambda: stdout.read(65536), b""):
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
    stdout.close()
    return proc.returncode, b"".join(chunks).decode("utf-8", "replace")


def cpp_like_type(scalar: str, depth: int, names: dict[str, str], array: str) -> str:
    """A neutral type in a static language: `names` maps scalars, `array` wraps one level ({} = element)."""
    text = names[scalar]
    for _ in range(depth):
        text = array.format(text)
    return text


def content_hash(*parts: bytes | str) -> str:
    """A sha256 over source text, toolchain versions and harness text, for compile caches."""
    import hashlib  # here, not on every command's way to its first box (judge/digest.py)

    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()


def dumps(config: dict[str, Any]) -> str:
    """The config as one JSON argument."""
    return json.dumps(config, separators=(",", ":"))
