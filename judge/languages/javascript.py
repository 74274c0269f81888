"""JavaScript (Node.js) as LeetCode runs it: `var f = function` or `function f`; a fresh vm context per case."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from judge.languages import node_packages
from judge.languages.base import HARNESS_DIR, Language, Prepared, Toolchain, dumps
from judge.problems.problem import Problem
from judge.sandbox.box import Box


class JavaScript(Language):
    """node; one process, a worker thread with heap and stack limits, a fresh `vm` context per case."""

    name = "javascript"
    title = "JavaScript"
    extensions = (".js",)
    install_hint = "install Node.js 18+ (Debian: apt-get install nodejs; setup.sh does)"
    version_command = ("node", "--version")
    harness = HARNESS_DIR / "js_server.js"
    numbers_are_doubles = True  # as on the platform: a long past 2^53 is the nearest double
    selftest_extension = ".js"
    selftest_source = """var countChars = function(words, base) {
    return words.reduce((n, w) => n + w.length, base);
};
"""

    def find_toolchain(self) -> Toolchain:
        """node, and the libraries LeetCode offers as globals: without them a solution that uses `_` or
        `Queue` would be RE ("Queue is not defined") for what is the judge's lack, so none is run."""
        node = super().find_toolchain()
        if not node.ok:
            return node
        missing = sorted({pkg for pkg, _ in node_packages.GLOBALS.values()} - set(node_packages.libraries()["mains"]))
        if missing:
            return Toolchain(self.name, node.command, None, False,
                             f"LeetCode's globals' packages are not installed ({', '.join(missing)}); "
                             f"{node_packages.HINT}")
        return node

    def prepare(self, source: Path, workdir: Path, problem: Problem, box: Box | None = None) -> Prepared:
        """Nothing to compile: the server reports a syntax error as CE when it loads the copy."""
        artifact = workdir / "solution.js"
        shutil.copyfile(source, artifact)
        return Prepared(ok=True, source=source, artifact=artifact,
                        mounts=(HARNESS_DIR, *node_packages.library_folders()))

    def config(self, problem: Problem, prepared: Prepared) -> dict[str, Any]:
        """The base config, and the libraries LeetCode offers as globals (node_packages.GLOBALS)."""
        return {**super().config(problem, prepared), "libraries": node_packages.libraries()}

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The main thread only speaks the protocol; the worker gets the case limits (its resourceLimits).
        No `--max-old-space-size`: V8's flag is the whole process's and overrides a worker's own limit
        (64 MiB for the main thread capped the worker's heap at 88 MB: honest code holding 80 MiB was MLE).

        --experimental-vm-modules lets the harness answer a case's `import()` itself (with a string,
        where node would reject it with an error of the harness's realm). The harness freezes the built-ins
        of the realm the cases share an isolate with itself (js_server.js, harden()): node's
        --frozen-intrinsics did it, and made array spreads 4-40x slower in every context (round 32).
        """
        return [self.executable() or "node", "--no-warnings", "--experimental-vm-modules",
                str(self.harness), dumps(config)]


LANGUAGE = JavaScript()
