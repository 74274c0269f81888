"""Cases x submissions -> results. No CLI and no database here: results come back as values."""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypedDict

from judge import files, languages
from judge.errors import UsageError
from judge.grading.session import Outcome, Session
from judge.grading.warm import Warm
from judge.languages.base import Language
from judge.problems import checkers, values
from judge.problems.cases import Case
from judge.problems.problem import Problem, package_code
from judge.sandbox import protocol
from judge.sandbox.box import Box
from judge.sandbox.protocol import Known
from judge.sandbox.runner import Arguments, encode_args
from judge.verdict import NOT_KEPT, CaseResult, SubmissionResult, Verdict, overall

#: Verdicts after which the rest of a submission's cases are skipped (each would cost a full limit).
LIMITS = {Verdict.TLE, Verdict.MLE}
#: A wrong answer is kept (to show it, and for the comparison of answers) only up to this much canonical
#: JSON and this many values in it; a larger one is known by its fingerprint alone. A 50x50 board is 12 KB
#: and 2,551 values; a box answering every case with 1 MiB of nested one-element lists made the judge hold
#: 2.7 GB per submission.
KEPT_ANSWER_BYTES = 256 * 1024
KEPT_ANSWER_VALUES = 50_000
#: A checker's explanations kept for a case: so many lines, each cut at so many characters.
MAX_EXPLANATIONS, MAX_EXPLANATION_CHARS = 200, 2000


@dataclass(frozen=True)
class Options:
    """How to grade: parallelism, the box, and what to do after a time-out."""

    jobs: int = 1
    skip_after_limit: bool = True   # the rest of a submission's cases are SKIPPED after its first TLE/MLE
    #: The rest are SKIPPED after its first failing case of any verdict (an ICPC contest's lazy evaluation,
    #: as DOMjudge does it: the verdict is that case's; a submission cannot hold a worker for every case).
    first_failure_ends: bool = False
    box: Box | None = None
    warm: Warm | None = None        # a submission's server already starting (warm.py), taken over by execute()
    #: Wait for each answer polling at first rather than sleeping (runner.POLL_SECONDS), where grade()
    #: finds one lane and a core to spare; the commands ask for it, lanes and workers never do.
    poll: bool = False


@dataclass
class Execution:
    """A submission run over a list of inputs; `compile_error` set when it never ran."""

    language: str
    outcomes: list[Outcome | None] = field(default_factory=list)  # None: skipped
    compile_error: str | None = None
    judge_error: str | None = None


class _Measures(TypedDict):
    """The fields of a CaseResult taken from its execution, whatever the verdict."""

    time_ms: float
    cpu_ms: float | None
    memory_kb: int | None
    output: str


class _Answered(_Measures):
    answer: str  # the answer's fingerprint


class _Submitted(TypedDict):
    """The fields of a SubmissionResult that name the submission, whatever the verdict."""

    submission: str
    path: str
    language: str
    sha256: str


#: Folders of a hand-in never walked for submissions (besides hidden ones: .git, .venv).
SKIPPED_FOLDERS = ("__pycache__", "node_modules")


def find_submissions(paths: Sequence[str | Path], passed_over: Callable[[Path, str], None] | None = None) -> list[Path]:
    """Submission files from files and folders (recursively), in a stable order. Symbolic links are
    not submissions: one in a hand-in (a zip, a git clone) could name any file the judge can read, a
    secret case say, which its compile error would then quote; a folder's are passed over, each one
    with a submission's extension told to `passed_over` with why (a student missing from the table is
    no surprise), as is what cannot be read: a folder nested past the system's path limit (a hand-in
    made so stopped the whole run with exit 3, red-team round 31), a file the judge could not open."""
    found: list[Path] = []
    extensions = languages.all_extensions()
    for raw in paths:
        path = Path(raw)
        try:
            if not path.exists():
                raise UsageError(f"{path}: no such file or folder")
            is_file, is_dir, is_link = path.is_file(), path.is_dir(), path.is_symlink()
        except OSError as exc:  # a name past the path limit (ENAMETOOLONG), a folder the judge may not enter
            raise UsageError(f"{short_path(path)}: cannot be read ({exc.strerror or exc})") from None
        if is_file:
            if is_link:
                raise UsageError(f"{path}: a symbolic link, not a submission file (give the file it names)")
            languages.for_path(path)  # an unknown language is an error when named directly
            if _too_long(path):
                raise UsageError(f"{short_path(path)}: its path is longer than the system's limit "
                                 f"({PATH_MAX} bytes): move it to a shorter one")
            found.append(path)
            continue
        if not is_dir:  # a FIFO or a device: it was "no submissions in this folder"
            raise UsageError(f"{path}: not a regular file nor a folder")
        skipped: list[tuple[Path, str]] = []
        inside = []
        for p in _walk(path, skipped):
            if p.suffix.lower() not in extensions:
                continue
            try:
                if p.is_symlink():  # a link to a student's file; a linked folder is one of _walk's
                    what = "folder" if p.is_dir() else "file"
                    skipped.append((p, _LINK.format(what=what)))
                elif not p.is_file():  # a FIFO named a.py: told, as a link is
                    if not p.is_dir():
                        skipped.append((p, "not a regular file (a FIFO, a device), passed over"))
                elif _too_long(p):
                    skipped.append((p, f"its path is longer than the system's limit ({PATH_MAX} bytes), "
                                       f"passed over"))
                else:
                    inside.append(p)
            except OSError as exc:
                skipped.append((p, f"cannot be read ({exc.strerror or exc}), passed over"))
        if passed_over is not None:
            for where, why in sorted(skipped):
                passed_over(where, why)
        if not inside:
            raise UsageError(f"{path}: no submissions in this folder "
                             f"(known extensions: {', '.join(sorted(extensions))})")
        found += sorted(inside)
    unique: dict[Path, Path] = {}
    for p in found:
        unique.setdefault(p.resolve(), p)
    return list(unique.values())


#: Why a link in a hand-in folder is passed over (a file or a folder it names).
_LINK = "a symbolic link, passed over (a link is not a submission: hand in the {what} it names)"
#: The longest path the system opens (Linux: 4096 bytes with its final NUL).
PATH_MAX = 4096


def _too_long(path: Path) -> bool:
    """Whether the file's absolute path is past what open() takes: every later step opens it by that path."""
    return len(os.fsencode(os.path.abspath(path))) >= PATH_MAX


def short_path(path: Path) -> str:
    """A path for a message: its start and end when it is long (one past the path limit fills a screen)."""
    text = str(path)
    return text if len(text) <= 200 else f"{text[:80]}...{text[-80:]} ({len(text)} characters)"


def _walk(folder: Path, skipped: list[tuple[Path, str]]) -> list[Path]:
    """Every entry under `folder` but hidden ones and SKIPPED_FOLDERS, sorted; a linked folder is noted in
    `skipped` and not entered (its files are not the hand-in's), and so is a folder that cannot be read."""
    entries: list[Path] = []

    def unreadable(exc: OSError) -> None:
        where = Path(exc.filename) if exc.filename else folder
        skipped.append((where, f"cannot be read ({exc.strerror or exc}), passed over: what it holds is not graded"))

    for top, dirs, names in os.walk(folder, onerror=unreadable):
        here = Path(top)
        kept = []
        for name in sorted(dirs):
            if name.startswith(".") or name in SKIPPED_FOLDERS:
                continue
            if os.path.islink(here / name):  # os.walk lists a linked folder among the folders, never enters it
                skipped.append((here / name, _LINK.format(what="folder")))
            else:
                kept.append(name)
        dirs[:] = kept
        entries += (here / name for name in names if not name.startswith("."))
    return sorted(entries)


def display_name(path: Path) -> str:
    """The path as a person gave it, relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def execute(problem: Problem, source: Path, inputs: Sequence[list[Any]], options: Options | None = None,
            language: Language | None = None, each: Callable[[int, Outcome], bool | None] | None = None,
            meanwhile: Callable[[Callable[[], bool] | None], Sequence[Arguments] | None] | None = None,
            known: Callable[[int], Known | None] | None = None, fresh: Collection[int] = ()) -> Execution:
    """Run one submission on every input in order, in a fresh case state each, in the box. Each input
    is sent as soon as the previous one is answered; `each(i, outcome)` is called meanwhile (the outcome
    is then kept without its answer's value, which `each` has seen) and says whether the case failed
    (without it, a case fails when it has no answer), for `options.first_failure_ends`. While
    the server starts, `meanwhile(spoke)` runs and the requests are encoded (unless it returns them, encoded
    or not; `spoke()`: whether the server has said it is ready, or None when it is not being watched).
    `known(i)`: the answer input i is expected to get, recognised by its bytes (protocol.Known). `fresh`:
    the inputs that get a server of their own, which has seen none of the inputs before them."""
    options = options or Options()
    language = language or languages.for_path(source)
    result = Execution(language.name)
    requests: list[Arguments] = list(inputs)

    def prepare(spoke: Callable[[], bool] | None = None) -> None:
        encoded = meanwhile(spoke) if meanwhile is not None else None
        requests[:] = encoded if encoded is not None else [encode_args(args) for args in inputs]

    started, early = None, options.warm is not None and options.warm.serves(problem, source, options.box)
    if early and options.warm is not None:
        prepare()  # while the server started ahead may still be booting
        started = options.warm.take(options.box)
    session = started or Session(problem, source, language, options.box)
    done = False
    try:
        session.prepare()
        if not session.ok:
            result.compile_error, result.judge_error = session.compile_error, session.judge_error
            return result
        session.begin(None if early else prepare)
        stopped = False
        for i, args in enumerate(requests):
            if stopped:
                result.outcomes.append(None)
                continue
            if i in fresh:
                session.fresh()
            following = requests[i + 1] if i + 1 < len(requests) and i + 1 not in fresh else None
            outcome = session.run(args, following, known(i) if known is not None else None, options.poll)
            if session.compile_error is not None:
                result.compile_error = session.compile_error
                return result
            stopped = outcome.verdict in LIMITS and options.skip_after_limit
            failed = outcome.verdict is not None
            if each is not None:
                failed = bool(each(i, outcome))
                # Checked: what a result keeps of the answer is in `each`'s result now, and the decoded
                # answer need not live until the submission's end (1 MiB answers held 2.7 GB by then).
                outcome = outcome.without_value()
            result.outcomes.append(outcome)
            stopped = stopped or (failed and options.first_failure_ends)
        done = True
    finally:
        if started is not None and options.warm is not None:
            options.warm.retire(session)  # its teardown runs on the thread that started it, beside the report
        elif done:
            session.close_soon()  # the same, on a thread of its own
        else:  # a compile error, an interrupt: ended here
            session.close()
    return result


def check(problem: Problem, case: Case, outcome: Outcome | None, expected_answer: str | None = None) -> CaseResult:
    """Judge one execution against the case's expected answer with the problem's checker;
    `expected_answer`: that answer's fingerprint, when already known."""
    if outcome is None:
        return CaseResult(case.name, case.group, Verdict.SKIPPED,
                          message="not run after an earlier case failed", answer=Verdict.SKIPPED.value)
    base: _Measures = dict(time_ms=outcome.wall_ms, cpu_ms=outcome.cpu_ms, memory_kb=outcome.memory_kb,
                           output=outcome.output)
    if outcome.verdict is not None:  # no answer, or one of the wrong type: the checker never sees it
        if outcome.verdict is not Verdict.WA:
            return CaseResult(case.name, case.group, outcome.verdict, message=outcome.message,
                              answer=outcome.verdict.value, **base)
        shown, fingerprint, note = _kept(outcome.value)
        message = outcome.message + note
        return CaseResult(case.name, case.group, outcome.verdict, message=message, diff=(message,),
                          got=shown, answer=fingerprint, **base)
    # Every answer keeps a fingerprint (not the board itself) so submissions can be compared later; the
    # expected answer's, worked out once per grade, serves every answer equal to it.
    same = expected_answer is not None and (outcome.known or (
        values.equal_means_same(problem.signature.returns) and outcome.value == case.expected))
    if same and expected_answer is not None:
        if checkers.accepts_only_equal(problem.checker):
            # The expected answer itself, for a checker that accepts exactly that: nothing to ask it, nor to
            # copy for it (a checker.py is called on copies: a 50x50 board's three copies are about 0.1 ms).
            return CaseResult(case.name, case.group, Verdict.AC, **base, answer=expected_answer)
        # A known answer's value is the case's own expected one (protocol.Known): a result keeps a copy.
        kept, fingerprint, note = outcome.value, expected_answer, ""
    else:
        kept, fingerprint, note = _kept(outcome.value)
    answered = _Answered(**base, answer=fingerprint)
    try:
        judged = judge_answer(problem, case.expected, outcome, case.args)
        ok, explanations = _judgement(judged)
    # The checker is the package's code: its failure is the judge's (sys.exit() in it ended the whole
    # run at once, with its code and no word: exit 0 for a WA, round 28).
    except (Exception, SystemExit) as exc:
        return CaseResult(case.name, case.group, Verdict.JE, message=f"the checker failed: {type(exc).__name__}: "
                          f"{exc}", got=checkers.fresh(kept) if outcome.known else kept, **answered)
    if ok:
        return CaseResult(case.name, case.group, Verdict.AC, **answered)
    if outcome.known:
        kept = checkers.fresh(kept)
    # Second, under the checker's first line (which stays the case's message): a list of every wrong
    # square cut short would hide it, and where it is the cause it is the one line that says so.
    explanations = explanations[:1] + _unchanged(problem, case, outcome.value) + explanations[1:]
    first = (explanations[0] if explanations else "wrong answer") + note
    return CaseResult(case.name, case.group, Verdict.WA, message=first, diff=explanations, got=kept, **answered)


def _judgement(judged: Any) -> tuple[bool, tuple[str, ...]]:
    """A checker's (ok, explanations), as loosely as checkers write it (a list for the pair, a numpy bool,
    None for no explanations: the review of round 28); TypeError for what cannot be one (a bare 'yes', an
    int for the explanations)."""
    if isinstance(judged, (str, bytes)) or not isinstance(judged, Sequence) or len(judged) != 2:
        raise TypeError(f"compare() returned {judged!r:.80}, not (a bool, a list of strings)")
    ok, explanations = judged
    explanations = () if explanations is None else explanations
    if isinstance(ok, (str, bytes, Collection)) or isinstance(explanations, (str, bytes)) \
            or not isinstance(explanations, Iterable):
        raise TypeError(f"compare() returned {judged!r:.80}, not (a bool, a list of strings)")
    # A verdict, not a score: (0.5, []) and (nan, []) were AC, partial credit taken for full (red-team
    # round 31). A bool, numpy's, or an int 0 or 1 (`int(got == expected)`, which checkers write).
    if not (type(ok) is bool or (type(ok) is int and ok in (0, 1))
            or (type(ok).__module__ == "numpy" and type(ok).__name__ in ("bool_", "bool"))):
        raise TypeError(f"compare() returned {ok!r:.40} as its verdict, not True or False "
                        f"(a checker says right or wrong; the judge has no partial credit per case)")
    # Each line cut short, and so many at most: one checker's 10 MB line per case grew the store by 700 MB for
    # one submission (round 29); nobody reads past these.
    shown = [str(e) for e in itertools.islice(explanations, MAX_EXPLANATIONS)]
    return bool(ok), tuple(e if len(e) <= MAX_EXPLANATION_CHARS else e[:MAX_EXPLANATION_CHARS] + "..." for e in shown)


def _unchanged(problem: Problem, case: Case, value: Any) -> tuple[str, ...]:
    """Why a wrong answer equal to the in-place argument as given may be: an entry point that returned
    nothing is judged on that argument, and a solution that changed a copy of it left it as it was."""
    name = problem.signature.inplace
    if name is None or name not in case.args or value != case.args[name]:
        return ()
    # Worded as a possibility: the judge cannot tell an entry point that returned nothing from one that
    # returned the argument untouched (a mine click that forgot its 'X', round 28).
    return (f"the answer is `{name}` unchanged, exactly as it was given (if the entry point returns nothing, it is "
            f"judged on `{name}` as it left it, and a solution that changed only a copy of it changed nothing)",)


def _kept(value: Any) -> tuple[Any, str, str]:
    """(the answer as a result keeps it: itself, or None when past KEPT_ANSWER_*; its fingerprint; what
    a message adds when it is not kept)."""
    text = values.canonical(value)
    if len(text) <= KEPT_ANSWER_BYTES and text.count(b",") + text.count(b"[") < KEPT_ANSWER_VALUES:
        return value, values.digest(text), ""
    return None, values.digest(text), NOT_KEPT.format(size=len(text))


def judge_answer(problem: Problem, expected: Any, outcome: Outcome, args: Any) -> tuple[bool, Sequence[str]]:
    """The checker's judgement of an answer; one in doubles (JavaScript) against the expected one as doubles hold it."""
    value, answer_type = outcome.value, problem.signature.answer_type
    if not outcome.doubles or answer_type is None:
        with package_code():
            return problem.checker.compare(expected, value, args)
    held = values.as_doubles(expected, answer_type), values.as_doubles(value, answer_type)
    with package_code():
        ok, explanations = problem.checker.compare(*held, args)
    if not ok and held != (expected, value):  # say why the numbers shown are not the case's own
        explanations = [*explanations, "(integers past 2^53 are compared as the nearest doubles, which is "
                                       "what JavaScript holds)"]
    return ok, explanations


#: How many items CaseData.fill() works out between two looks at whether the server has spoken.
FILL_STEP = 32


class CaseData:
    """What every submission graded on the same cases sends and is compared with, worked out once, by
    the first submission to start, while its server boots: each case's request, the fingerprint of
    its expected answer (most answers are that one), and that answer as a protocol.Known, so that an
    answer sent as its exact bytes is not decoded again. What the boot leaves no time for is worked
    out as each case needs it, while the box runs the case before: the judge's work on a case, when it
    outran a small case's run, was late for the box's answer (1,106 cases: three in four, a Known
    left to each case)."""

    def __init__(self, problem: Problem, cases: Sequence[Case]):
        self.problem, self.cases = problem, cases
        self.lock = threading.Lock()
        self.stopped = threading.Event()  # set on Ctrl-C: each submission stops at its next case
        self.requests: list[Arguments] = []        # encoded, or the arguments until then
        self.expected: list[str | None] = []       # None: not worked out yet (so for the two below)
        self.encodings: list[bytes | None] = []
        self.knowns: list[Known | None | bool] = []   # False: not worked out yet
        self.done = 0   # how far fill() has got: the requests, the fingerprints, then the Knowns
        self.fresh_before: frozenset[int] | None = None
        self._arguments: list[list[Any]] | None = None

    def arguments(self) -> list[list[Any]]:
        """Each case's arguments in signature order, made once (two threads may both make them: the same lists)."""
        if self._arguments is None:
            self._arguments = [c.arg_list(self.problem) for c in self.cases]
        return self._arguments

    def fill(self, spoke: Callable[[], bool] | None = None) -> list[Arguments]:
        """The requests encoded, then each expected answer's fingerprint, then its Known, until the server
        has spoken (`spoke()`, looked at every FILL_STEP) or all are done; another submission's thread
        may be at it: then wait. A request left as its arguments is encoded as it is sent."""
        n = len(self.cases)
        with self.lock:
            if len(self.requests) != n:
                self.requests = list(self.arguments())
                self.expected, self.encodings, self.knowns = [None] * n, [None] * n, [False] * n
            while self.done < 3 * n:
                if spoke is not None and self.done % FILL_STEP == 0 and spoke():
                    break
                if self.done < n:
                    args = self.requests[self.done]
                    if not isinstance(args, bytes):
                        self.requests[self.done] = encode_args(args)
                elif self.done < 2 * n:
                    self.answer(self.done - n)
                else:
                    self.known(self.done - 2 * n)
                self.done += 1
        return self.requests

    def answer(self, i: int) -> str:
        """Case i's expected answer's fingerprint (of its canonical text, both worked out unless done)."""
        fingerprint = self.expected[i]
        if fingerprint is None:  # two threads may both work it out: the same value either way
            text = self.encodings[i] = values.canonical(self.cases[i].expected)
            fingerprint = self.expected[i] = values.digest(text)
        return fingerprint

    def fresh(self) -> frozenset[int]:
        """The cases that get a server of their own (fresh_servers), worked out once."""
        with self.lock:
            if self.fresh_before is None:
                self.fresh_before = fresh_servers(self.problem, self.cases)
            return self.fresh_before

    def known(self, i: int) -> Known | None:
        """Case i's expected answer as a Known (None where its bytes could not be told apart)."""
        if i >= len(self.knowns):
            return None
        known = self.knowns[i]
        if known is False:  # two threads may both work it out: the same value either way
            self.answer(i)
            text = self.encodings[i]
            assert text is not None  # answer() made it
            known = self.knowns[i] = _known(self.problem, self.cases[i].expected, text)
        return known if isinstance(known, Known) else None


def fresh_servers(problem: Problem, cases: Sequence[Case]) -> frozenset[int]:
    """The cases that start a server of their own, by the package's visibility (visibility.fresh_servers)."""
    from judge.results import visibility

    return visibility.fresh_servers(visibility.grading_policy(problem), [c.group for c in cases])


def _known(problem: Problem, expected: Any, text: bytes) -> Known | None:
    """The expected answer `expected`, whose canonical text is `text`, as the protocol recognises it;
    None when an answer sent as that text would not be taken as it is (checked once, as an answer would be)."""
    returns = problem.signature.answer_type or problem.signature.returns
    if not protocol.knowable(text):
        return None
    # A value of the type is made of exact lists, numbers and strings, and its canonical text (ASCII, as
    # knowable() asks) decodes to an equal value of the same types: the case's own, with no decoding
    # (1,106 boards: 18 ms of the judge's time beside the box, while it ran a case, and the judge was
    # late for three answers in four). Anything else (a tuple, say) is what decoding its text gives.
    value = expected if not values.mismatch(expected, returns) else json.loads(text)
    if value is not expected and values.mismatch(value, returns):
        return None
    return Known(text, lambda: value)


def grade_one(problem: Problem, cases: Sequence[Case], source: Path, options: Options | None = None,
              shared: CaseData | None = None) -> SubmissionResult:
    """Grade one submission on every case (`shared`: the cases' data, when other submissions use it too)."""
    source = Path(source)
    name = display_name(source)
    digest = files.source_digest(source)
    language = languages.for_path(source)
    checked: dict[int, CaseResult] = {}
    data = shared or CaseData(problem, cases)

    def each(i: int, outcome: Outcome) -> bool:  # while the box runs the next case; whether it failed
        if data.stopped.is_set():
            raise Stopped
        checked[i] = check(problem, cases[i], outcome, data.answer(i) if i < len(data.expected) else None)
        return not checked[i].passed

    try:
        execution = execute(problem, source, data.arguments(), options, language, each, data.fill,
                            data.known, data.fresh())
    except Exception as exc:  # a bug of the judge must not take the other submissions down
        execution = Execution(language.name, judge_error=f"{type(exc).__name__}: {exc}")
    common: _Submitted = dict(submission=name, path=str(source.resolve()), language=language.name, sha256=digest)
    if execution.judge_error:
        return judge_error_result(cases, source, execution.judge_error, language.name, digest)
    if execution.compile_error is not None:
        results = tuple(CaseResult(c.name, c.group, Verdict.CE, message=execution.compile_error,
                                   answer=Verdict.CE.value) for c in cases)
        return SubmissionResult(verdict=Verdict.CE, cases=results, message=execution.compile_error, **common)
    results = tuple(checked[i] if i in checked else check(problem, case, outcome)
                    for i, (case, outcome) in enumerate(zip(cases, execution.outcomes, strict=True)))
    return SubmissionResult(verdict=overall(results), cases=results, **common)


def judge_error_result(cases: Sequence[Case], source: Path, message: str, language: str | None = None,
                       digest: str | None = None) -> SubmissionResult:
    """A submission the judge failed to grade: JE on every case, with why (`digest`: its sha256, when known)."""
    source = Path(source)
    if digest is None:
        try:
            digest = files.source_digest(source)
        except OSError:
            digest = ""
    results = tuple(CaseResult(c.name, c.group, Verdict.JE, message=message, answer=Verdict.JE.value) for c in cases)
    return SubmissionResult(verdict=Verdict.JE, cases=results, message=message, submission=display_name(source),
                            path=str(source.resolve()), language=language or languages.for_path(source).name,
                            sha256=digest)


class Stopped(BaseException):
    """Raised in a grading thread after Ctrl-C: not an Exception, so no submission is judged JE for it."""


def grade(problem: Problem, cases: Sequence[Case], sources: Sequence[Path], options: Options | None = None,
          progress: Callable[[SubmissionResult], None] | None = None) -> list[SubmissionResult]:
    """Grade every submission, `options.jobs` at a time; results in the order given.

    On KeyboardInterrupt no submission starts, those being graded stop at their next case (their box
    closed, nothing reported for them), and the interrupt goes on up: `progress` has had every
    submission that finished."""
    options = options or Options()
    jobs = max(1, min(options.jobs, len(sources) or 1))
    shared = CaseData(problem, cases)
    if jobs > 1:  # lanes in processes of their own: one interpreter lock for all would slow every lane
        from judge.grading import lanes

        return lanes.grade(problem, cases, sources, replace(options, poll=False), jobs, progress, shared)
    # One submission on a machine of several cores: the judge's thread and the box each have a core, and
    # a judge that polls a moment for each answer instead of sleeping wakes no core on either side
    # (1,106 small cases: 245 to 222 ms here). Lanes side by side would only take each other's CPU, and
    # so does polling where a lane starts its next submission's server meanwhile (warm.Warm): 20
    # submissions one at a time took 2.21 s polling, 2.14 s not (median of 5, interleaved).
    options = replace(options, poll=options.poll and (os.cpu_count() or 1) > 1 and len(sources) == 1)
    from judge.grading.lanes import run_lane  # lanes imports this module

    results: list[SubmissionResult] = []
    queue = iter(enumerate(map(Path, sources)))

    def report(index: int, result: SubmissionResult) -> None:
        results.append(result)
        if progress:
            progress(result)

    try:
        run_lane(problem, cases, options, shared, lambda: next(queue, None), report, options.warm)
    except Stopped:
        pass
    return results
