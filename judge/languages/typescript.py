"""TypeScript: transpiled once by the pinned `typescript` package (node_packages.py finds it: the
checkout's ./node_modules, else the cache's from `judge setup`), then served as JavaScript."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from judge.languages import node_packages
from judge.languages.base import HARNESS_DIR, Compiled, Prepared, Toolchain
from judge.languages.javascript import LANGUAGE as JAVASCRIPT
from judge.problems.problem import Problem


def typescript_package() -> Path | None:
    """The typescript package's real folder (it is mounted in the compile box), or None when not installed."""
    found = node_packages.package("typescript")
    return Path(os.path.realpath(found)) if found is not None else None


class TypeScript(Compiled):
    """node + typescript (npm: the checkout's node_modules or the cache's); the JavaScript server runs the output."""

    name = "typescript"
    title = "TypeScript"
    extensions = (".ts",)
    install_hint = node_packages.HINT
    version_command = ("node", "--version")
    harness = HARNESS_DIR / "ts_compile.js"
    harness_files = (harness,)
    artifacts = ("solution.js", "solution.lines.json")  # the second: each JS line's TS line (ts_compile.js)
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
        package = typescript_package()
        version = node_packages.version(package) if package is not None else None
        if package is None or version is None:
            return Toolchain(self.name, node.command, None, False, f"typescript is not installed; {self.install_hint}")
        return Toolchain(self.name, node.command, f"typescript {version} on node {node.version}", True)

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """The submission as written (TypeScript needs no implicit imports), and the transpiling script:
        the compile box sees no judge folder, only its build folder."""
        return {"solution.ts": text, "ts_compile.js": self.harness.read_text()}

    def compile_argv(self, build: Path) -> list[str]:
        """transpileModule through a small script (tsc's CLI would also type-check, 10x slower)."""
        return [self.executable() or "node", "--max-old-space-size=512", "ts_compile.js",
                str(self._package()), "solution.ts", "solution.js"]

    def compile_mounts(self) -> tuple[Path, ...]:
        """node's own folder when outside the system folders, and the typescript package (read-only)."""
        return (*super().compile_mounts(), self._package())

    def _package(self) -> Path:
        """The package found when the toolchain was looked for (a compile runs only when it was found)."""
        package = typescript_package()
        if package is None:  # removed since: the compile fails with the hint
            return Path(node_packages.cache_folder(), "node_modules", "typescript")
        return package

    def runtime_mounts(self) -> tuple[Path, ...]:
        """What the JavaScript server's box shows: node's folders and the libraries offered as globals."""
        return (*super().runtime_mounts(), *node_packages.library_folders())

    def config(self, problem: Problem, prepared: Prepared) -> dict[str, Any]:
        """The JavaScript server's config (the libraries it offers as globals)."""
        return JAVASCRIPT.config(problem, prepared)

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The JavaScript server."""
        return JAVASCRIPT.server_argv(prepared, config)


LANGUAGE = TypeScript()
