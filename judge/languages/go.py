"""Go as LeetCode compiles it: no package clause and no imports in the submission; one process for all cases."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, Compiled, Prepared, dumps
from judge.problems.problem import Problem

#: The platform's implicit imports, each with a name that keeps the import used (Go rejects an unused one).
PACKAGES = {
    "fmt": "fmt.Sprint", "sort": "sort.Ints", "strings": "strings.Split", "strconv": "strconv.Itoa",
    "math": "math.Abs", "math/bits": "bits.Len", "math/rand": "rand.Intn", "container/heap": "heap.Init",
    "container/list": "list.New", "unicode": "unicode.IsDigit", "bytes": "bytes.Equal",
    "errors": "errors.New", "time": "time.Now",
}


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
                "glue.go": f"package main\n\nvar jxEntry any = {problem.signature.function}\n"}

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
        """Drop the go command's `# command-line-arguments` header line."""
        return super().explain_compile_error("\n".join(s for s in output.splitlines() if not s.startswith("# ")))

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The binary; GOMEMLIMIT is set from the config by the harness itself."""
        return [str(prepared.artifact), dumps(config)]


LANGUAGE = Go()
