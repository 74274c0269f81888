"""Go as LeetCode compiles it: no package clause and no imports in the submission; one process for all cases."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, Compiled, Prepared, cpp_like_type, dumps
from judge.problems.problem import Problem
from judge.problems.values import parse_type

#: The platform's implicit imports, each with a name that keeps the import used (Go rejects an unused one).
PACKAGES = {
    "fmt": "fmt.Sprint", "sort": "sort.Ints", "strings": "strings.Split", "strconv": "strconv.Itoa",
    "math": "math.Abs", "math/bits": "bits.Len", "math/rand": "rand.Intn", "container/heap": "heap.Init",
    "container/list": "list.New", "unicode": "unicode.IsDigit", "bytes": "bytes.Equal",
    "errors": "errors.New", "time": "time.Now",
}
#: The platform's Go types of the neutral scalars (LeetCode's Go signatures: `long` is int64, `char` a byte).
SCALARS = {"int": "int", "long": "int64", "double": "float64", "bool": "bool", "char": "byte", "string": "string"}


def go_type(neutral: str) -> str:
    """`char[][]` -> `[][]byte`, `long` -> `int64`."""
    return cpp_like_type(*parse_type(neutral), SCALARS, "[]{}")


def glue(problem: Problem) -> str:
    """The entry point for the harness, and its type as the platform declares it: a function with other
    parameter or result types is a compile error, as on the platform, not a panic at the first call."""
    sig = problem.signature
    params = ", ".join(go_type(p.type) for p in sig.params)
    result = "" if sig.returns == "void" else " " + go_type(sig.returns)
    return (f"package main\n\nvar jxEntry any = {sig.function}\n\n"
            f"var _ func({params}){result} = {sig.function}\n")


def prelude(text: str) -> str:
    """`package main` and the imports the code uses (by `pkg.Name`), on one line to keep line numbers.

    Only used packages are imported: an unused one would not compile, and importing every package
    would clash with a package-level name such as `var list []int` in a submission that never uses it.
    """
    if re.search(r"^\s*import\b", text, re.M):
        return "package main;"  # the submission imports for itself
    used = [pkg for pkg, blank in PACKAGES.items()
            if re.search(rf"(?<![\w.]){re.escape(pkg.rsplit('/', 1)[-1])}\.[A-Z]", text)]
    if not used:
        return "package main;"
    imports = "; ".join(f'"{pkg}"' for pkg in used)
    blanks = "; ".join(f"var _ = {PACKAGES[pkg]}" for pkg in used)
    return f"package main; import ({imports}); {blanks};"


class Go(Compiled):
    """The go command (Debian's golang-go); a static binary, one process serving every case."""

    name = "go"
    title = "Go"
    extensions = (".go",)
    install_hint = "install Go 1.19+ (Debian: apt-get install golang-go; setup.sh does)"
    version_command = ("go", "version")
    harness = HARNESS_DIR / "go_server.go"
    harness_files = (harness,)
    artifacts = ("solution",)
    code_before_ready = True   # package init() functions run before main
    selftest_extension = ".go"
    selftest_source = """func countChars(words []string, base int64) int64 {
    for _, w := range words {
        base += int64(len(w))
    }
    return base
}
"""

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """solution.go (with a //line directive so errors and panics name its own lines), harness, glue."""
        # A leading package clause (some paste it) is commented out rather than doubled.
        text = re.sub(r"^(\s*)(package\s+\w+)", r"\1// \2", text, count=1)
        return {"solution.go": prelude(text) + "\n//line solution.go:1\n" + text,
                "server.go": self.harness.read_text(),
                "glue.go": glue(problem)}

    def compile_argv(self, build: Path) -> list[str]:
        """A static binary (no cgo: no C compiler needed), the three files as one package."""
        return [self.executable() or "go", "build", "-o", "solution", "solution.go", "server.go", "glue.go"]

    def compile_env(self) -> dict[str, str]:
        """No cgo, no modules, no toolchain download. The build cache is the go command's default under
        $HOME: the compile box's private /tmp, so no build sees another's artifacts and none is kept.
        That costs nothing here: the standard library comes precompiled with GOROOT (Debian's 1.19), which
        the go command uses as long as no flag changes its build (as -trimpath would, 3-4 s a build)."""
        return {"CGO_ENABLED": "0", "GO111MODULE": "off", "GOTOOLCHAIN": "local"}

    def explain_compile_error(self, output: str) -> str:
        """Drop the go command's `# command-line-arguments` header line; an error only in the glue means
        the entry point is missing or has another signature."""
        text = super().explain_compile_error("\n".join(s for s in output.splitlines() if not s.startswith("# ")))
        if "glue.go" in output and "solution.go" not in output:
            return "the entry point is missing, or its signature is not the platform's\n" + text
        return text

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The binary; GOMEMLIMIT is set from the config by the harness itself."""
        return [str(prepared.artifact), dumps(config)]


LANGUAGE = Go()
