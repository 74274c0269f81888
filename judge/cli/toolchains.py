"""`judge languages`: every language's toolchain and self-test; `judge setup`: what the judge installs itself."""

from __future__ import annotations

import argparse
import json
from typing import Any

from judge import languages
from judge.cli.common import EXIT_NOT_ACCEPTED, EXIT_OK
from judge.grading.selftest import run_selftest
from judge.results.text import table as text_table


def cmd_languages(args: argparse.Namespace) -> int:
    """`judge languages`: exit 0 when every self-test passes, 1 otherwise."""
    rows: list[dict[str, Any]] = []
    for lang in languages.LANGUAGES.values():
        tool = lang.toolchain()
        test = run_selftest(lang)
        rows.append({"language": lang.name, "title": lang.title, "extensions": list(lang.extensions),
                     "toolchain": tool.command, "version": tool.version, "selftest": test.ok,
                     "message": test.message if not test.ok else ""})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        table = [[r["language"], " ".join(r["extensions"]), r["toolchain"] or "-", r["version"] or "-",
                  "ok" if r["selftest"] else f"FAILED: {r['message']}"] for r in rows]
        print(text_table(table, ["language", "files", "toolchain", "version", "self-test"], "simple"))
    return EXIT_OK if all(r["selftest"] for r in rows) else EXIT_NOT_ACCEPTED


def cmd_setup(args: argparse.Namespace) -> int:
    """`judge setup`: install the pinned npm packages (TypeScript's compiler) unless found."""
    from judge.languages import node_packages

    found = node_packages.package("typescript")
    if found is None:
        modules, _ = node_packages.install()
        found = modules / "typescript"
        print(f"judge setup: installed typescript {node_packages.version(found)} into {modules} (npm ci, pinned "
              f"by the package-lock.json shipped with the judge)")
    else:
        print(f"judge setup: typescript {node_packages.version(found)} is already installed in {found.parent}")
    return EXIT_OK
