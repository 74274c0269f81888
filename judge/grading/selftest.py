"""Each language's self-test: its trivial solution compiled and served through the real path."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.languages.base import Language
from judge.problems.problem import Limits, Param, Problem, Signature
from judge.sandbox import scratch

#: The self-test's own problem, no package's: `base` plus the characters in `words`. It crosses an
#: array of strings and a long past 2^32 both ways, the types a harness most often gets wrong.
SIGNATURE = Signature(function="countChars", params=(Param("words", "string[]"), Param("base", "long")),
                      returns="long", class_name="Solution")
ARGS = [["ab", "", "cde"], 2 ** 40]
EXPECTED = 2 ** 40 + 5


@dataclass(frozen=True)
class SelfTest:
    """How a language's self-test went."""

    ok: bool
    message: str = ""


def selftest_problem() -> Problem:
    """A problem with no files: just the signature and generous limits."""
    return Problem(id="selftest", title="self-test", root=Path(tempfile.gettempdir()),
                   limits=Limits(time=5.0, wall_time=20.0, memory_mb=256, output_mb=1.0),
                   signature=SIGNATURE, parts={})


def run_selftest(language: Language) -> SelfTest:
    """Compile and serve the language's trivial solution once; never raises."""
    from judge.grading.grade import execute  # grade imports the registry, which imports this module

    tool = language.toolchain()
    if not tool.ok:
        return SelfTest(False, tool.message)
    folder = scratch.folder("selftest")
    try:
        source = folder / f"selftest{language.selftest_extension}"
        source.write_text(language.selftest_source)
        result = execute(selftest_problem(), source, [ARGS], language=language)
        if result.judge_error or result.compile_error is not None:
            return SelfTest(False, result.judge_error or f"compile error: {result.compile_error}")
        outcome = result.outcomes[0] if result.outcomes else None
        if outcome is None:
            return SelfTest(False, "no answer")
        if outcome.verdict is not None:
            return SelfTest(False, f"{outcome.verdict.value}: {outcome.message}")
        if outcome.value != EXPECTED:
            return SelfTest(False, f"wrong answer {outcome.value!r}")
        return SelfTest(True, f"{outcome.wall_ms:.0f} ms")
    except Exception as exc:  # a self-test reports, it does not crash the listing
        return SelfTest(False, f"{type(exc).__name__}: {exc}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
