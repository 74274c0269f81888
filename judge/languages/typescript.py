"""TypeScript: transpiled once by the project's `typescript` package, then served as JavaScript."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, REPO_ROOT, Compiled, Prepared, Toolchain
from judge.languages.javascript import LANGUAGE as JAVASCRIPT
from judge.problems.problem import Problem

TS_PACKAGE = REPO_ROOT / "node_modules" / "typescript"


class TypeScript(Compiled):
    """node + typescript (npm, project-local node_modules); the JavaScript server runs the output."""

    name = "typescript"
    title = "TypeScript"
    extensions = (".ts",)
    install_hint = "run setup.sh (npm ci installs typescript into ./node_modules; needs node and npm)"
    version_command = ("node", "--version")
    harness = HARNESS_DIR / "ts_compile.js"
    harness_files = (harness,)
    artifacts = ("solution.js",)
    compile_memory_mb = None   # V8 reserves address space; --max-old-space-size bounds it instead
    numbers_are_doubles = True  # as on the platform: a long past 2^53 is the nearest double
    selftest_extension = ".ts"
    selftest_source = """function countChars(words: string[], base: number): number {
    return words.reduce((n, w) => n + w.length, base);
}
"""

    def find_toolchain(self) -> Toolchain:
        """node and the typescript package: both must be there."""
        node = super().find_toolchain()
        if not node.ok:
            return node
        try:
            version = json.loads((TS_PACKAGE / "package.json").read_text())["version"]
        except (OSError, ValueError, KeyError):
            return Toolchain(self.name, node.command, None, False, f"typescript not found in {TS_PACKAGE.parent}; "
                                                                   f"{self.install_hint}")
        return Toolchain(self.name, node.command, f"typescript {version} on node {node.version}", True)

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """The submission as written (TypeScript needs no implicit imports), and the transpiling script:
        the compile box sees no judge folder, only its build folder."""
        return {"solution.ts": text, "ts_compile.js": self.harness.read_text()}

    def compile_argv(self, build: Path) -> list[str]:
        """transpileModule through a small script (tsc's CLI would also type-check, 10x slower)."""
        return [self.executable() or "node", "--max-old-space-size=512", "ts_compile.js",
                os.path.realpath(TS_PACKAGE), "solution.ts", "solution.js"]

    def compile_mounts(self) -> tuple[Path, ...]:
        """node's own folder when outside the system folders, and the typescript package (read-only)."""
        return (*super().compile_mounts(), Path(os.path.realpath(TS_PACKAGE)))

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The JavaScript server."""
        return JAVASCRIPT.server_argv(prepared, config)


LANGUAGE = TypeScript()
