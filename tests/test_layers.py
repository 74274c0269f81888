"""The house's layers: imports inside judge/ run one way, down (judge/*/__init__.py say which)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

JUDGE = Path(__file__).resolve().parent.parent / "judge"

#: Bottom to top; a module may import its own layer and those below it, never one above.
LAYERS = ["ground", "problems", "sandbox", "languages", "results", "grading", "cluster", "service", "cli"]
GROUND = {"judge", "judge.verdict", "judge.errors", "judge.defaults", "judge.cache", "judge.files", "judge.heap",
          "judge.codecache", "judge.switching", "judge.shutdown", "judge.digest"}


def layer_of(module: str) -> str:
    """The layer of a judge module: its package under judge/, or the ground floor."""
    if module in GROUND or module == "judge.__main__":
        return "ground" if module != "judge.__main__" else "cli"
    return module.split(".")[1]


def module_name(path: Path) -> str:
    """judge/grading/grade.py -> judge.grading.grade."""
    parts = path.relative_to(JUDGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def judge_imports(path: Path) -> list[tuple[int, str]]:
    """Every judge module a file imports, at any depth of its code (lazy imports count too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("judge"):
            found.append((node.lineno, node.module))
            for alias in node.names:  # `from judge.grading import fuzz` imports judge.grading.fuzz
                candidate = f"{node.module}.{alias.name}"
                if (JUDGE.parent / (candidate.replace(".", "/") + ".py")).exists():
                    found.append((node.lineno, candidate))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("judge")]
    return found


MODULES = sorted(p for p in JUDGE.rglob("*.py") if "harness" not in p.parts)


def test_every_module_is_in_a_known_layer():
    for path in MODULES:
        assert layer_of(module_name(path)) in LAYERS, path


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(JUDGE)))
def test_imports_run_down_the_layers(path):
    here = layer_of(module_name(path))
    for line, imported in judge_imports(path):
        there = layer_of(imported)
        assert LAYERS.index(there) <= LAYERS.index(here), (
            f"{path.relative_to(JUDGE.parent)}:{line}: {here} imports {imported} ({there}), a layer above it")


def test_every_layer_says_what_it_may_import():
    for layer in LAYERS[1:]:
        doc = ast.get_docstring(ast.parse((JUDGE / layer / "__init__.py").read_text()))
        assert doc and "import" in doc, layer


def test_the_check_sees_a_wrong_import(tmp_path):
    bad = JUDGE / "problems" / "_layer_probe.py"
    bad.write_text("from judge.grading import grade\n")
    try:
        with pytest.raises(AssertionError, match="a layer above"):
            test_imports_run_down_the_layers(bad)
    finally:
        bad.unlink()


def _shipped_names() -> set[str]:
    """Every shipped package's entry point and `add-case` options (`--<param>`), read from its problem.yaml."""
    import yaml
    names = set()
    for path in (JUDGE.parent / "problems").glob("*/problem.yaml"):
        signature = yaml.safe_load(path.read_text(encoding="utf-8"))["signature"]
        names.add(signature["function"])
        names.update(f"--{p['name']}" for p in signature["params"])
    return names


def test_the_core_knows_no_problem():
    """No source under judge/ (harnesses, self-tests and templates included) names a shipped package's entry
    point or options (Minesweeper's updateBoard, --board, --click; Coin Change's coinChange, --coins,
    --amount; ...): a problem's names come from its package."""
    names = _shipped_names()
    assert {"updateBoard", "--board", "--click", "coinChange", "--coins", "--amount"} <= names
    for path in JUDGE.rglob("*"):
        if path.is_file() and path.suffix in {".py", ".go", ".java", ".cpp", ".js", ".html", ".json"}:
            text = path.read_text(encoding="utf-8")
            assert not [name for name in names if name in text], path
