"""One submission to grade, as a JSON job that crosses the broker, and its result as JSON coming back.

The contract between the side that sends (`judge grade --broker`, `judge serve`) and the workers:

    Job(...).to_json() -> str  --broker-->  Job.from_json(text) -> grade_job(job, problem) -> dict
    result_from_json(dict) -> SubmissionResult  (what the store records and the reports show)

A job carries the source itself, never a path the worker would read; it names the problem by id and the
cases by their test-set hash (fixed + random), and the worker grades it against its own copy of the
package, refusing a hash it does not have (JobError). Both directions are plain JSON built and parsed
here, strictly: the broker's own serializer only ever sees a string, so nothing a submission returns
(an answer shaped like kombu's tagged objects) is ever decoded as anything but data.
"""

from __future__ import annotations

import base64
import binascii
import json
import tempfile
import threading
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from judge import defaults, languages
from judge.errors import JobError, SubmissionError
from judge.grading.grade import Options, grade_one
from judge.grading.session import wait_closed
from judge.problems.cases import Case, load_cases
from judge.problems.problem import PROBLEM_ID, Problem
from judge.results import serialize, visibility
from judge.results.serialize import result_to_json
from judge.sandbox import scratch
from judge.sandbox.box import Box, detect
from judge.verdict import SubmissionResult

#: The version of the job's JSON; a worker refuses any other (a newer sender needs a newer worker).
#: 2: the package's fingerprint (`package`).
JOB_VERSION = 2
#: The largest source a job carries (the broker holds every queued job in memory).
MAX_SOURCE_BYTES = 4 << 20
#: How the source is carried: as text, or as base64 when the file is not UTF-8 (it then gets the CE a
#: local run gives it, with the same message).
ENCODINGS = ("utf-8", "base64")


@dataclass(frozen=True)
class Job:
    """One submission and how to grade it: everything a worker needs besides its own problem package."""

    problem: str                 # the problem's id: the worker loads the package of that name
    tests: str                   # test_set_hash() of every case (fixed, then random): the worker's must match
    package: str                 # Problem.grading_fingerprint (problem.yaml, checker): the worker's must match
    language: str                # a key of judge.languages.LANGUAGES
    name: str                    # the submission's name as people see it (its path where it was given)
    source: str                  # the file's text (or its base64 when encoding is "base64")
    author: str = ""
    path: str = ""               # its absolute path where it was sent from ("" when it came from no file)
    fuzz: int = defaults.RANDOM_CASES
    seed: int = defaults.SEED
    keep_going: bool = False     # run every case even after a TLE or MLE
    first_failure_ends: bool = False  # skip every case after the first failing one (an ICPC contest's)
    encoding: str = "utf-8"

    @classmethod
    def for_file(cls, path: Path, name: str, problem: str, tests: str, package: str, *, author: str = "",
                 fuzz: int = defaults.RANDOM_CASES, seed: int = defaults.SEED, keep_going: bool = False) -> Job:
        """The job of a submission file (its language from its name, its bytes carried exactly); JobError,
        before reading it, for a file over MAX_SOURCE_BYTES (the broker would hold it in memory)."""
        size = Path(path).stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise JobError(f"its source is {size} bytes, over the {MAX_SOURCE_BYTES >> 20} MiB a grading job "
                           f"carries: not sent to the broker")
        data = Path(path).read_bytes()
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = base64.b64encode(data).decode("ascii"), "base64"
        return cls(problem=problem, tests=tests, package=package, language=languages.for_path(Path(path)).name,
                   name=name, source=text, author=author, path=str(Path(path).resolve()), fuzz=fuzz, seed=seed,
                   keep_going=keep_going, encoding=encoding)

    def source_bytes(self) -> bytes:
        """The submission's bytes, exactly as the file held them."""
        if self.encoding == "base64":
            return base64.b64decode(self.source, validate=True)
        return self.source.encode("utf-8")

    @property
    def file_name(self) -> str:
        """The name the worker gives the file: the last part of `name`, whose extension names the language."""
        return self.name.replace("\\", "/").rsplit("/", 1)[-1]

    def to_json(self) -> str:
        """The job as the broker carries it."""
        return json.dumps({"version": JOB_VERSION, **asdict(self)}, ensure_ascii=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Job:
        """A job from its JSON; JobError saying what is wrong with anything that is not exactly one."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise JobError(f"a grading job is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise JobError(f"a grading job must be a JSON object, not {type(data).__name__}")
        if data.get("version") != JOB_VERSION:
            raise JobError(f"a grading job of version {data.get('version')!r:.20}: this worker takes version "
                           f"{JOB_VERSION} (update the judge on both sides)")
        kinds = {f.name: f.type for f in fields(cls)}
        unknown = sorted(set(data) - set(kinds) - {"version"})
        if unknown:
            raise JobError(f"a grading job with unknown fields: {', '.join(unknown)[:200]}")
        values: dict[str, Any] = {}
        for name, kind in kinds.items():
            if name not in data:
                if name in ("problem", "tests", "package", "language", "name", "source"):
                    raise JobError(f"a grading job without `{name}`")
                continue
            value = data[name]
            wanted = {"str": str, "int": int, "bool": bool}[str(kind)]
            if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
                raise JobError(f"a grading job's `{name}` must be {str(kind)}, got {type(value).__name__}")
            values[name] = value
        job = cls(**values)
        job.check()
        return job

    def check(self) -> None:
        """JobError unless every field makes sense (a worker must never act on a bad job)."""
        if not PROBLEM_ID.fullmatch(self.problem):
            raise JobError(f"a grading job's problem {self.problem!r:.80} is not a problem id")
        if self.language not in languages.LANGUAGES:
            raise JobError(f"a grading job in unknown language {self.language!r:.40}")
        if self.encoding not in ENCODINGS:
            raise JobError(f"a grading job's encoding must be one of {', '.join(ENCODINGS)}")
        if not 0 <= self.fuzz <= defaults.MAX_RANDOM_CASES:
            raise JobError(f"a grading job's fuzz must be 0 to {defaults.MAX_RANDOM_CASES:,}")
        if len(self.source) > MAX_SOURCE_BYTES * 4 // 3 + 4:
            raise JobError(f"a grading job's source is over {MAX_SOURCE_BYTES >> 20} MiB")
        file = self.file_name
        if not file or file in (".", "..") or "\0" in file or len(file.encode("utf-8", "replace")) > 255:
            raise JobError(f"a grading job's name {self.name!r:.80} ends in no usable file name")
        try:
            named = languages.for_path(Path(file)).name
        except SubmissionError:
            named = None
        if named != self.language:
            raise JobError(f"a grading job's file {file!r:.80} is not a {self.language} file")
        if self.encoding == "base64":
            try:
                self.source_bytes()
            except (binascii.Error, ValueError):
                raise JobError("a grading job's base64 source does not decode") from None


@dataclass(frozen=True)
class CaseSet:
    """A problem's cases for one (fuzz, seed): the fixed ones, then the random ones, and their hash."""

    cases: list[Case]
    fixed: int
    tests: str


_cases_lock = threading.Lock()
_case_sets: dict[tuple[str, int, int], CaseSet] = {}


def case_set(problem: Problem, fuzz: int, seed: int, box: Box | None = None, tests: str | None = None) -> CaseSet:
    """The cases a job of (fuzz, seed) is graded on, kept per process; read again from the package when
    `tests` (the hash a job asks for) is not the kept one's, since the package may have changed."""
    key = (str(problem.root), fuzz, seed)
    with _cases_lock:  # one draw per process even when several jobs of a new seed arrive at once
        kept = _case_sets.get(key)
        if kept is not None and (tests is None or kept.tests == tests):
            return kept
        fixed = load_cases(problem)
        drawn: list[Case] = []
        if fuzz:
            from judge.grading import fuzz as random  # hypothesis is a heavy import: only for random cases

            drawn = random.random_cases(problem, fuzz, seed, Options(box=box or detect()))
        cases = fixed + drawn
        _case_sets[key] = kept = CaseSet(cases, len(fixed), visibility.graded_set_hash(problem, cases))
        return kept


def grade_job(job: Job, problem: Problem, box: Box | None = None) -> dict[str, Any]:
    """Grade one job here, as a local `judge grade` grades a file (grade.grade_one, in the box), and
    return its result as JSON-safe data: one element of `grade --json`'s "results", every case with
    its `got`. JobError when the job is for another problem or for cases this package does not have."""
    if job.problem != problem.id:
        raise JobError(f"a grading job for problem {job.problem!r:.60} sent to a worker loading {problem.id!r}")
    if job.package != problem.grading_fingerprint:
        raise JobError(f"problem {problem.id}: this worker's package differs from the sender's (problem.yaml "
                       f"or the checker): give both the same version of {problem.root.name}/")
    box = box or detect()
    scratch.sweep_due()  # a job killed at its hard time limit left its folder (scratch.py)
    cases = case_set(problem, job.fuzz, job.seed, box, job.tests)
    if cases.tests != job.tests:
        raise JobError(f"problem {problem.id}: no cases here with test-set hash {job.tests[:16]:.16}... "
                       f"(this worker's package gives {cases.tests[:16]} with --fuzz {job.fuzz} --seed {job.seed}): "
                       f"the package differs from the sender's; copy the same package to every worker")
    with tempfile.TemporaryDirectory(prefix=scratch.prefix("job")) as folder:
        source = Path(folder) / job.file_name
        source.write_bytes(job.source_bytes())
        options = Options(jobs=1, skip_after_limit=not job.keep_going, box=box,
                          first_failure_ends=job.first_failure_ends)
        try:
            result = grade_one(problem, cases.cases, source, options)
        finally:  # a prefork child can exit without joining the thread that ends the box
            wait_closed()
    result = replace(result, submission=job.name, path=job.path or job.name)
    return result_to_json(result)


def result_from_json(data: Any) -> SubmissionResult:
    """The judge's result record from result_to_json's data (what the store records); JobError when malformed."""
    try:
        return serialize.result_from_json(data)
    except ValueError as exc:
        raise JobError(f"a worker's result is malformed: {exc}") from None
