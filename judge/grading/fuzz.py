"""Random inputs from a problem's hypothesis strategy: seeded cases for grading, and counterexample search.

The package's generator module supplies `inputs()`, a hypothesis strategy of argument dicts keyed by
the signature's parameter names. This module knows nothing of any particular problem.

Determinism (`random_cases`): example i of seed S is drawn by feeding the strategy from its own
`random.Random("judge-fuzz:S:i")` through a hypothesis ConjectureData: no example database, no
global random state, no dependence on the other examples, so the same (S, i) gives the same input on
every run and machine (for the same hypothesis version and generator). Hypothesis' habit of mixing
in constants found in the modules loaded at the time is switched off, because it would make the
boards depend on what else is imported (pytest or the CLI).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge import cache as cache_folder, defaults  # `cache` is random_cases' switch
from judge.errors import ProblemError
from judge.grading.grade import Options, check, judge_answer
from judge.grading.session import Outcome, Session
from judge.languages.python import LANGUAGE as PYTHON
from judge.problems import values
from judge.problems.cases import VALIDATOR_CRASHED, Case, Deferred, DeferredCase, validate_args
from judge.problems.problem import Problem, package_code
from judge.verdict import CaseResult, Verdict

if TYPE_CHECKING:  # hypothesis is imported where it is used: most runs never need it
    from hypothesis.strategies import SearchStrategy

    from judge.languages.base import Language
    from judge.sandbox.box import Box

GROUP = "random"
DEFAULT_COUNT = defaults.RANDOM_CASES
DEFAULT_SEED = defaults.SEED
ATTEMPTS = 20  # fresh draws tried for one example when hypothesis runs out of room on a draw


@functools.cache
def _plain_provider() -> type:
    """Hypothesis' own provider without the constants it collects from loaded modules (see above).

    Made on first use: hypothesis is a heavy import, and a grading run whose random cases are all
    in the cache never needs it."""
    from hypothesis.internal.conjecture.providers import HypothesisProvider

    class PlainProvider(HypothesisProvider):
        def _maybe_draw_constant(self, *args: Any, **kwargs: Any) -> None:
            return None

    return PlainProvider


def strategy(problem: Problem) -> SearchStrategy[Any]:
    """The package's strategy of inputs; ProblemError when the generator has none."""
    module = problem.generator
    if not callable(getattr(module, "inputs", None)):
        raise ProblemError(f"{problem.parts['generator']}: the generator has no function inputs()")
    try:
        inputs = module.inputs()  # the package's: draw_input checks what it draws
    except (Exception, SystemExit) as exc:
        raise ProblemError(f"{problem.parts['generator']}: inputs() failed: {type(exc).__name__}: {exc}") from None
    from hypothesis.strategies import SearchStrategy as Strategy

    if not isinstance(inputs, Strategy):
        raise ProblemError(f"{problem.parts['generator']}: inputs() must return a hypothesis strategy, got "
                           f"{type(inputs).__name__}")
    return inputs


def draw_input(problem: Problem, seed: int, index: int, strat: SearchStrategy[Any] | None = None) -> dict[str, Any]:
    """Example `index` of `seed`: the same dict on every run and machine."""
    from hypothesis.control import BuildContext
    from hypothesis.errors import HypothesisException, StopTest, UnsatisfiedAssumption
    from hypothesis.internal.conjecture.data import ConjectureData

    strat = strat if strat is not None else strategy(problem)
    for attempt in range(ATTEMPTS):
        key = f"judge-fuzz:{seed}:{index}" + (f":{attempt}" if attempt else "")
        data = ConjectureData(random=random.Random(key), provider=_plain_provider())
        try:
            with BuildContext(data, is_final=False, wrapped_test=draw_input), package_code():
                value = data.draw(strat)
        except (StopTest, UnsatisfiedAssumption):  # an overrun or a rejected draw: draw again from the next key
            continue
        except HypothesisException as exc:  # e.g. an invalid strategy: the package's fault, never skipped
            raise ProblemError(f"{problem.parts['generator']}: {type(exc).__name__}: {exc}") from None
        except (Exception, SystemExit) as exc:  # the package's own code (a map, a composite) raised
            raise ProblemError(f"{problem.parts['generator']}: drawing example {index} failed: "
                               f"{type(exc).__name__}: {exc}") from None
        if not isinstance(value, dict):
            raise ProblemError(f"{problem.parts['generator']}: inputs() must give dicts of arguments, got "
                               f"{type(value).__name__}")
        return value
    raise ProblemError(f"{problem.parts['generator']}: no input drawn for seed {seed}, example {index}")


def case_name(seed: int, index: int) -> str:
    """`random-<seed>-<i>`: enough to draw the same input again."""
    return f"{GROUP}-{seed}-{index}"


def random_cases(problem: Problem, count: int, seed: int, options: Options | None = None,
                 cache: bool = True) -> list[Case]:
    """`count` validated random cases of `seed`, expected answers from the reference (one server).

    Drawn once, then kept in the cache under a key of everything they depend on (the generator,
    validator and reference sources, the signature, hypothesis' version, seed and count): a
    re-grade does not draw them again nor run the reference on them, and decodes their values only
    when something reads one (cases.Deferred)."""
    if count <= 0:
        return []
    path = _cache_path(problem, count, seed)
    # The cases' text, and its sha256: their origin for the test-set hash's memo.
    kept, source = read_cached(path, count) if cache else (None, "")
    if kept is None:
        pairs = _draw_cases(problem, count, seed, options)
        text, source = keep_cached(path, [{"args": a, "expected": e} for a, e in pairs])
        kept = Deferred(text, pairs)
    else:
        cache_folder.touch(path)  # used: the last to go when the cache is pruned
    where = problem.parts["generator"]
    return [DeferredCase.of(kept, i, name=case_name(seed, i), group=GROUP, file=where, line=0,
                            description=f"random example {i} of seed {seed}",
                            origin=f"{source}:{GROUP}:{case_name(seed, i)}")
            for i in range(count)]


def read_cached(path: Path, count: int | None = None) -> tuple[Deferred | None, str]:
    """Cases kept by keep_cached() (their values not decoded yet) and the sha256 of their text, when
    the file is whole: its first line gives their count (`count` if given) and that sha256, which
    must match; else (None, '')."""
    try:
        head, _, text = path.read_text().partition("\n")
        said = json.loads(head)
    except (OSError, ValueError):
        return None, ""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    if not isinstance(said, dict) or count is not None and said.get("count") != count or said.get("sha256") != digest:
        return None, ""
    return Deferred(text), digest


def _cache_path(problem: Problem, count: int, seed: int) -> Path:
    from judge.defaults import CACHE_ROOT

    digest = hashlib.sha256()
    for part in ("generator", "validator", "reference"):
        digest.update(problem.parts[part].read_bytes() if problem.parts[part].is_file() else b"")
    digest.update(json.dumps([problem.signature.to_dict(), _hypothesis_version(), seed, count]).encode())
    return CACHE_ROOT / "random" / f"{problem.id}-{seed}-{count}-{digest.hexdigest()[:24]}.json"


def _hypothesis_version() -> str:
    """What names hypothesis' version for the cache key: the text of its version.py, found without
    importing hypothesis or importlib.metadata (10 ms of a re-grade that draws nothing)."""
    import importlib.util

    spec = importlib.util.find_spec("hypothesis")
    if spec is None or spec.origin is None:
        return "none"
    try:
        return hashlib.sha256((Path(spec.origin).parent / "version.py").read_bytes()).hexdigest()
    except OSError:
        return "unknown"


def keep_cached(path: Path, data: list[dict[str, Any]]) -> tuple[str, str]:
    """Keep cases (`{"args", "expected"}` each) in the cache, after a line with their count and the
    sha256 of the rest (read_cached checks it); the text of the cases and that sha256."""
    text = json.dumps(data, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    cache_folder.keep(path, json.dumps({"count": len(data), "sha256": digest}) + "\n" + text)
    return text, digest


def _draw_cases(problem: Problem, count: int, seed: int,
                options: Options | None) -> list[tuple[dict[str, Any], Any]]:
    """Draw, validate and answer `count` inputs of `seed`."""
    strat = strategy(problem)
    params = [p.name for p in problem.signature.params]
    drawn = []
    for i in range(count):
        args = draw_input(problem, seed, i, strat)
        missing = [p for p in params if p not in args]
        if missing:
            raise ProblemError(f"{problem.parts['generator']}: example {i} lacks {', '.join(missing)}")
        args = {p: args[p] for p in params}
        # Of the signature's types first, as a case file's values are (round 32: an int drawn for a string, under a
        # lax validator, was every submission's RE, or the reference's, blamed on reference.py); then valid.
        wrong = [m for p in problem.signature.params if (m := values.mismatch(args[p.name], p.type, p.name))]
        complaints = wrong or validate_args(problem, args)
        if complaints:  # the generator must only make valid inputs; say which one it got wrong
            # default=repr: a value no JSON holds (a set) is what was wrong, and must not crash the message
            shown = "; ".join(f"{name}: {_clip(json.dumps(value, default=repr), 80)}" for name, value in args.items())
            raise ProblemError(f"{problem.parts['generator']}: {case_name(seed, i)} is invalid: {complaints[0]} "
                               f"(the input: {shown})")
        drawn.append(args)
    expected = reference_answers(problem, drawn, [case_name(seed, i) for i in range(count)], options)
    return list(zip(drawn, expected, strict=True))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def reference_answers(problem: Problem, inputs: list[dict[str, Any]], names: list[str],
                      options: Options | None = None) -> list[Any]:
    """The reference's answer to every input, through one server; ProblemError when it fails on one."""
    box = options.box if options else None
    params = [p.name for p in problem.signature.params]
    answers = []
    with Session(problem, problem.reference_path, PYTHON, box) as ref:
        for args, name in zip(inputs, names, strict=True):
            got = ref.run([args[p] for p in params])
            if got.verdict is not None:
                raise ProblemError(f"{problem.reference_path}: the reference gives {got.verdict.value} on {name}: "
                                   f"{got.message}")
            answers.append(got.value)
    return answers


@dataclass
class Found:
    """A minimal input where the submission and the reference disagree, and what each gave."""

    case: Case
    result: CaseResult


@dataclass
class SearchResult:
    """What a counterexample search did."""

    found: Found | None
    examples: int = 0              # distinct inputs run (generation and shrinking)
    failing: int = 0               # of which the submission got wrong
    seconds: float = 0.0
    stopped: str | None = None     # CE or JE: the submission could not be run at all
    stopped_verdict: Verdict | None = None
    notes: list[str] = field(default_factory=list)
    full_waits: int = 0            # runs that timed out under the real limit: each waited it out whole


def search(problem: Problem, source: Path, examples: int = 200, seed: int = DEFAULT_SEED,
           options: Options | None = None, progress: Callable[[int, int], None] | None = None) -> SearchResult:
    """Look for an input where `source` and the reference disagree, and shrink it with hypothesis.

    Shrinking runs the submission under a lower time limit (SHRINK_FACTOR x the reference's slowest
    CPU time so far, at least SHRINK_FLOOR): a solution that is right but too slow would otherwise
    wait out the whole limit at every step. A time-out seen only under that limit is confirmed under
    the real one before it is shown: the smallest failing input whose failure the real limit confirms."""
    from hypothesis import HealthCheck, Phase, Verbosity, find, settings
    from hypothesis.errors import HypothesisException, NoSuchExample

    started = time.perf_counter()
    strat = strategy(problem)
    params = [p.name for p in problem.signature.params]
    box = options.box if options else None
    outcome = SearchResult(found=None)
    # input (JSON) -> (disagrees, the reference's answer, the submission's run, run under the real limit)
    seen: dict[str, tuple[bool, Any, Outcome, bool]] = {}
    trouble: list[str] = []
    slowest = [0.0]  # the reference's slowest CPU seconds on an input so far
    slow = [0]       # time-outs under the shrinking limit

    with contextlib.ExitStack() as stack:
        mine = stack.enter_context(Session(problem, Path(source), box=box))
        ref = stack.enter_context(Session(problem, problem.reference_path, PYTHON, box))
        shrinking: list[Session] = []  # the submission under the lower limit, from the first failure on

        def disagrees(args: dict[str, Any]) -> bool:
            key = json.dumps(args, sort_keys=True)
            if key in seen:  # hypothesis asks again while shrinking: answer from memory
                return seen[key][0]
            if trouble or not mine.ok:
                return False
            complaints = validate_args(problem, args)
            if complaints:
                # A validator that crashed is the validator's fault, not the generator's (round 29)
                blamed = "validator" if complaints[0].startswith(VALIDATOR_CRASHED) else "generator"
                said = "could not check an input" if blamed == "validator" else "made an invalid input"
                trouble.append(f"{problem.parts[blamed]}: {said}: {complaints[0]}")
                return False
            arg_list = [args[p] for p in params]
            expected = ref.run(arg_list)
            if expected.verdict is not None:
                trouble.append(f"{problem.reference_path}: the reference gives {expected.verdict.value}: "
                               f"{expected.message}")
                return False
            slowest[0] = max(slowest[0], (expected.cpu_ms if expected.cpu_ms is not None else expected.wall_ms) / 1000)
            runner = shrinking[0] if shrinking else mine
            attempt = runner.run(arg_list)
            if not mine.ok or not runner.ok:
                return False
            bad = _wrong(problem, args, expected.value, attempt)
            # A failure under the shrinking limit is confirmed under the real one before it is shown: a time-out
            # may not hold there, and a submission can read its limit from its config (round 27: one that
            # answered wrong only under a lower cpu_limit was shown a counterexample it never fails when graded).
            real = runner is mine
            seen[key] = (bad, expected.value, attempt, real)
            outcome.failing += bad
            slow[0] += not real and attempt.verdict is Verdict.TLE
            outcome.full_waits += runner is mine and attempt.verdict is Verdict.TLE
            if bad and not shrinking:
                limit = shrink_limit(problem.limits.time, slowest[0])
                if limit < problem.limits.time:
                    shrinking.append(stack.enter_context(Session(with_time_limit(problem, limit), Path(source),
                                                                 mine.language, box)))
            if progress:
                progress(len(seen), outcome.failing)
            return bad

        rules = settings(max_examples=max(1, examples), database=None, deadline=None, derandomize=False,
                         phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
                         verbosity=Verbosity.quiet, report_multiple_bugs=False)
        minimal = None
        judging = [False]  # whether an exception leaving find() came from judging an input, not from drawing it

        def judged(args: dict[str, Any]) -> bool:
            judging[0] = True
            result = disagrees(args)
            judging[0] = False
            return result

        try:
            minimal = find(strat, judged, settings=rules, random=random.Random(seed))
        except NoSuchExample:
            pass
        except HypothesisException as exc:  # e.g. a flaky time-out while shrinking: keep the smallest seen
            outcome.notes.append(f"hypothesis stopped early ({type(exc).__name__}); showing the smallest failure seen")
            failing = [json.loads(k) for k, v in seen.items() if v[0]]
            minimal = min(failing, key=lambda a: len(json.dumps(a))) if failing else None
        except (Exception, SystemExit) as exc:
            if judging[0]:  # the judge's own failure, judging an input
                raise
            # The package's generator, drawing one: exit 3, or its sys.exit()'s own code without a word (round 29).
            raise ProblemError(f"{problem.parts['generator']}: drawing an example failed: "
                               f"{type(exc).__name__}: {exc}") from None
        if not mine.ok:
            outcome.stopped = mine.compile_error or mine.judge_error or ""
            outcome.stopped_verdict = Verdict.CE if mine.compile_error is not None else Verdict.JE
        if trouble:
            raise ProblemError(trouble[0])
        if minimal is not None and mine.ok:
            waits = [0]
            minimal = _confirmed(problem, mine, seen, json.dumps(minimal, sort_keys=True), waits)
            outcome.full_waits += waits[0]
        if slow[0]:
            limit = shrinking[0].problem.limits.time
            outcome.notes.append(f"shrunk under a {limit:g} s time limit ({SHRINK_FACTOR}x the reference's slowest, at "
                                 f"least {SHRINK_FLOOR:g} s): {slow[0]} time-out(s) there; the one shown is confirmed "
                                 f"under the real {problem.limits.time:g} s")
        if minimal is not None:
            _, expected, attempt, _ = seen[json.dumps(minimal, sort_keys=True)]
            args = {p: minimal[p] for p in params}
            case = Case(name=fuzz_name(args), group="fuzz", args=args, expected=expected,
                        file=problem.parts["generator"], line=0,
                        description=f"found by judge fuzz (seed {seed}) and shrunk by hypothesis")
            outcome.found = Found(case, check(problem, case, attempt))
            if not _fails_alone(problem, Path(source), mine.language, box, args, expected):
                outcome.notes.append(ALONE_NOTE)
    outcome.examples = len(seen)
    outcome.seconds = time.perf_counter() - started
    return outcome


#: Said when the counterexample shown passes in a fresh server (judge fuzz keeps one across its inputs).
ALONE_NOTE = ("run alone, in a fresh server, the submission gets this input right: it fails only after the "
              "inputs run before it, through state kept between calls (a static or global variable). LeetCode "
              "runs a submission's tests in one process too, so the bug is real: reset that state in each call")


def _fails_alone(problem: Problem, source: Path, language: Language, box: Box | None, args: dict[str, Any],
                 expected: Any) -> bool:
    """Whether the submission gets `args` wrong in a server that has run nothing before (a Java static or a
    Go global made the search's shared server fail an input that alone passes)."""
    with Session(problem, source, language, box) as alone:
        attempt = alone.run([args[p.name] for p in problem.signature.params])
        return not alone.ok or _wrong(problem, args, expected, attempt)


#: Shrinking's time limit: this many times the reference's slowest time, at least SHRINK_FLOOR seconds.
SHRINK_FACTOR = 10
SHRINK_FLOOR = 0.1
#: Time-outs under the shrinking limit confirmed one by one, smallest first, before a binary search.
LINEAR_CONFIRMATIONS = 6


def shrink_limit(limit: float, reference_seconds: float) -> float:
    """The CPU limit while shrinking: scaled from the reference's own time, never above the real limit."""
    return min(limit, max(SHRINK_FLOOR, SHRINK_FACTOR * reference_seconds))


def with_time_limit(problem: Problem, seconds: float) -> Problem:
    """The problem with a lower CPU limit, its wall limit scaled alike."""
    limits = problem.limits
    return dataclasses.replace(problem, limits=dataclasses.replace(
        limits, time=seconds, wall_time=limits.wall_time * seconds / limits.time))


def _confirmed(problem: Problem, mine: Session, seen: dict[str, tuple[bool, Any, Outcome, bool]],
               key: str, waits: list[int]) -> dict[str, Any] | None:
    """The smallest failing input whose failure holds under the real limit, starting from hypothesis' minimum.

    Failures under the shrinking limit (time-outs, and anything else: code can read its own limit) are
    run again under the real one: the minimum first; then the failing inputs by size, up from the
    smallest, to the first that holds (after LINEAR_CONFIRMATIONS, a binary search over the rest),
    never past the smallest input already known to fail under the real limit. An input that passes
    costs its own time, one that times out the whole limit: so the scan goes up, with few of those."""
    params = [p.name for p in problem.signature.params]

    def holds(candidate: str) -> bool:
        bad, expected, attempt, real = seen[candidate]
        if real or not bad:
            return bad
        args = json.loads(candidate)
        again = mine.run([args[p] for p in params])
        waits[0] += again.verdict is Verdict.TLE
        bad = _wrong(problem, args, expected, again)
        seen[candidate] = (bad, expected, again, True)
        return bad

    if holds(key):
        return _decoded(key)
    failing = sorted((k for k, v in seen.items() if v[0]), key=len)
    known = [i for i, k in enumerate(failing) if seen[k][3]]
    if not known:
        return None
    lo, hi = 0, known[0]
    while lo < hi and lo < LINEAR_CONFIRMATIONS:
        if holds(failing[lo]):
            return _decoded(failing[lo])
        lo += 1
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(failing[mid]):
            hi = mid
        else:
            lo = mid + 1
    return _decoded(failing[hi])


def _decoded(key: str) -> dict[str, Any]:
    """An input back from its key in `seen` (the JSON of its arguments)."""
    args: dict[str, Any] = json.loads(key)
    return args


def _wrong(problem: Problem, args: dict[str, Any], expected: Any, attempt: Outcome) -> bool:
    if attempt.verdict is not None:
        return True
    try:
        ok, _ = judge_answer(problem, expected, attempt, args)
    except (Exception, SystemExit):  # a crashing checker (or one calling sys.exit) cannot vouch for the answer
        return True
    return not ok


def fuzz_name(args: dict[str, Any]) -> str:
    """`fuzz-<hash>` from the input itself, so the same counterexample always gets the same name."""
    return f"fuzz-{values.fingerprint(args)[:10]}"
