"""First-order mutants of a Python solution: one small syntactic change each, deduplicated.

Why our own mutator: mutmut (3.x), cosmic-ray and mutatest are built to run a project's pytest
suite against mutants written into its files (mutmut's trampolines, cosmic-ray's session database,
mutatest's rewritten bytecode cache); none offers the operators as a stable library call that turns
one source text into mutant texts, and none has the two operators that matter most here (swapped
paired names such as `m`/`n`, deleted list elements such as a direction of `_DIRS`). So this is an
`ast` walk: every site gets its replacements, each mutant changes one node, and its text is the
original with that node's span replaced, so its diff against the original is one or two lines.

The operators (OPERATORS), on code outside annotations, docstrings and `if __name__ == ...` blocks:
- relational: a comparison operator replaced by each other of its family (`<` by `<=`, `>`, `>=`,
  `==`, `!=`; `in` by `not in`; `is` by `is not`);
- arithmetic: `+` and `-` swapped, `*` to `//`, `//` and `/` to `*`, `%` to `//`, `**` to `*`
  (also in augmented assignments), shifts and bit operators swapped;
- constant: every integer or float literal (negative ones included) plus 1 and minus 1;
- delete-statement: a statement replaced by `pass` (not a definition, an import, or `pass`);
- delete-element: one element dropped from a list, tuple or set display;
- negate: the test of an `if`, `while`, conditional expression or comprehension negated;
- letter: a one-character string replaced by each other one-character string of the program;
- swap-names: one occurrence of a name replaced by its pair: names unpacked together (`i, j =`,
  `for di, dj in`) or differing by a conventional pair (`m`/`n`, `i`/`j`, `r`/`c`, `x`/`y`, `a`/`b`,
  `row`/`col`, `h`/`w`) at one place (`dr`/`dc`, `rows`/`cols`).
Two mutants are the same when their syntax trees are; a mutant equal to the original, or that does
not compile, is dropped.
"""

from __future__ import annotations

import ast
import copy
import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

OPERATORS = ("relational", "arithmetic", "constant", "delete-statement", "delete-element", "negate", "letter",
             "swap-names")

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
_COMPARE_FAMILIES = (_ORDER, (ast.In, ast.NotIn), (ast.Is, ast.IsNot))
_ARITHMETIC: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub,), ast.Sub: (ast.Add,), ast.Mult: (ast.FloorDiv,), ast.FloorDiv: (ast.Mult,),
    ast.Div: (ast.Mult,), ast.Mod: (ast.FloorDiv,), ast.Pow: (ast.Mult,), ast.LShift: (ast.RShift,),
    ast.RShift: (ast.LShift,), ast.BitAnd: (ast.BitOr,), ast.BitOr: (ast.BitAnd,), ast.BitXor: (ast.BitOr,),
}
_SYMBOLS: dict[type, str] = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
    ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
    ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>",
    ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
}
#: Conventional pairs of names (or parts of names) that a slip of the pen swaps.
NAME_PAIRS = (("m", "n"), ("i", "j"), ("r", "c"), ("x", "y"), ("a", "b"), ("row", "col"), ("h", "w"))
#: Statements never deleted: deleting them only breaks the program's structure (CE or NameError).
_KEPT_STATEMENTS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Pass,
                    ast.Global, ast.Nonlocal)

Path = tuple[tuple[str, int | None], ...]  # from the module to a node: (field, index in a list or None)


@dataclass(frozen=True)
class Mutant:
    """One first-order mutant: which operator changed what, where, and the whole mutated source."""

    number: int          # 1-based, in the order of the sites in the source
    operator: str
    line: int
    change: str          # e.g. "`<` -> `<=`"
    source: str

    def diff(self, original: str, name: str = "solution.py") -> list[str]:
        """The unified diff from the original source, one line a list item."""
        return [line.rstrip("\n") for line in difflib.unified_diff(
            original.splitlines(keepends=True), self.source.splitlines(keepends=True),
            fromfile=f"a/{name}", tofile=f"b/{name} (mutant {self.number})", n=1)]


@dataclass(frozen=True)
class _Site:
    path: Path
    operator: str
    change: str
    replacement: ast.AST


def mutants(source: str, filename: str = "solution.py") -> list[Mutant]:
    """Every distinct first-order mutant of `source` (SyntaxError if the source itself does not parse)."""
    tree = ast.parse(source, filename)
    original = ast.dump(tree)
    raw = source.encode("utf-8")
    seen = {original}
    found: list[Mutant] = []
    for site in _sites(tree):
        mutated = _replaced(tree, site.path, site.replacement)
        key = ast.dump(mutated)
        if key in seen:
            continue
        seen.add(key)
        text = _spliced(raw, _at(tree, site.path), site.replacement)
        if text is None or not _parses_to(text, key):  # a span not replaceable in place: the whole program again
            text = ast.unparse(mutated) + "\n"
        try:
            compile(text, filename, "exec")
        except (SyntaxError, ValueError):
            continue
        node = _at(tree, site.path)
        found.append(Mutant(len(found) + 1, site.operator, getattr(node, "lineno", 0), site.change, text))
    return found


def _parses_to(text: str, dump: str) -> bool:
    try:
        return ast.dump(ast.parse(text)) == dump
    except SyntaxError:
        return False


# ------------------------------------------------------------------ sites

def _sites(tree: ast.Module) -> Iterator[_Site]:
    letters = sorted({n.value for n, _ in _walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                      and len(n.value) == 1})
    pairs = _paired_names(tree)
    for node, path in _walk(tree):
        yield from _relational(node, path)
        yield from _arithmetic(node, path)
        yield from _constant(node, path, tree)
        yield from _delete_statement(node, path)
        yield from _delete_element(node, path)
        yield from _negate(node, path)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) == 1:
            for other in letters:
                if other != node.value:
                    yield _Site(path, "letter", f"{node.value!r} -> {other!r}", ast.Constant(other))
        if isinstance(node, ast.Name):
            for other in sorted(pairs.get(node.id, ())):
                yield _Site(path, "swap-names", f"`{node.id}` -> `{other}`", ast.Name(other, node.ctx))


def _walk(tree: ast.AST) -> Iterator[tuple[ast.AST, Path]]:
    """Every node that may be mutated, with its path; not annotations, docstrings or `__main__` blocks."""
    def visit(node: ast.AST, path: Path) -> Iterator[tuple[ast.AST, Path]]:
        yield node, path
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "type_comment"):
                continue
            if isinstance(value, list):
                for k, child in enumerate(value):
                    if isinstance(child, ast.AST) and not _skipped(child, k, name):
                        yield from visit(child, path + ((name, k),))
            elif isinstance(value, ast.AST):
                yield from visit(value, path + ((name, None),))
    return visit(tree, ())


def _skipped(node: ast.AST, index: int, field: str) -> bool:
    if field == "body" and index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
            and isinstance(node.value.value, str):
        return True  # a docstring
    if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name) \
            and node.test.left.id == "__name__":
        return True  # the judge runs solutions as __solution__: such a block never runs
    return False


def _relational(node: ast.AST, path: Path) -> Iterator[_Site]:
    if not isinstance(node, ast.Compare):
        return
    for k, op in enumerate(node.ops):
        family = next((f for f in _COMPARE_FAMILIES if type(op) in f), ())
        for other in family:
            if other is not type(op):
                changed = copy.deepcopy(node)
                changed.ops[k] = other()
                yield _Site(path, "relational", f"`{_SYMBOLS[type(op)]}` -> `{_SYMBOLS[other]}`", changed)


def _arithmetic(node: ast.AST, path: Path) -> Iterator[_Site]:
    if not isinstance(node, (ast.BinOp, ast.AugAssign)):
        return
    for other in _ARITHMETIC.get(type(node.op), ()):
        changed = copy.deepcopy(node)
        changed.op = other()
        yield _Site(path, "arithmetic", f"`{_SYMBOLS[type(node.op)]}` -> `{_SYMBOLS[other]}`", changed)


def _number_of(node: ast.AST) -> float | None:
    """The value of an int or float literal (a negative one too); None for anything else (bools included)."""
    sign = 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        sign, node = -1, node.operand
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return sign * node.value
    return None


def _number(value: float) -> ast.expr:
    """A literal as the parser makes it: a negative number is a minus applied to a positive one."""
    return ast.UnaryOp(ast.USub(), ast.Constant(-value)) if value < 0 else ast.Constant(value)


def _constant(node: ast.AST, path: Path, tree: ast.Module) -> Iterator[_Site]:
    value = _number_of(node)
    if value is None:
        return
    if path and path[-1] == ("operand", None) and _number_of(_at(tree, path[:-1])) is not None:
        return  # the operand of `-1`: the minus and the literal are mutated together, as one number
    for delta in (1, -1):
        yield _Site(path, "constant", f"{value!r} -> {value + delta!r}", _number(value + delta))


def _delete_statement(node: ast.AST, path: Path) -> Iterator[_Site]:
    if isinstance(node, ast.stmt) and not isinstance(node, _KEPT_STATEMENTS) and path and path[-1][1] is not None:
        yield _Site(path, "delete-statement", f"`{_first_line(node)}` deleted", ast.Pass())


def _first_line(node: ast.AST) -> str:
    text = ast.unparse(node).splitlines()[0]
    return text if len(text) <= 60 else text[:57] + "..."


def _delete_element(node: ast.AST, path: Path) -> Iterator[_Site]:
    if not isinstance(node, (ast.List, ast.Tuple, ast.Set)) or not node.elts:
        return
    if isinstance(node, (ast.List, ast.Tuple)) and not isinstance(node.ctx, ast.Load):
        return
    if isinstance(node, ast.Set) and len(node.elts) < 2:
        return  # `{}` would be a dict
    for k, element in enumerate(node.elts):
        changed = copy.deepcopy(node)
        del changed.elts[k]
        yield _Site(path, "delete-element", f"element `{_first_line(element)}` deleted", changed)


def _negate(node: ast.AST, path: Path) -> Iterator[_Site]:
    tests: list[tuple[Path, ast.expr]] = []
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):
        tests.append((path + (("test", None),), node.test))
    elif isinstance(node, ast.comprehension):
        tests += [(path + (("ifs", k),), t) for k, t in enumerate(node.ifs)]
    for where, test in tests:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            yield _Site(where, "negate", f"`{_first_line(test)}` -> `{_first_line(test.operand)}`",
                        copy.deepcopy(test.operand))
        else:
            negated = ast.UnaryOp(ast.Not(), copy.deepcopy(test))
            yield _Site(where, "negate", f"`{_first_line(test)}` negated", negated)


def _paired_names(tree: ast.Module) -> dict[str, set[str]]:
    """Each name's partners: names unpacked together, or names that differ by a conventional pair."""
    names = {n.id for n, _ in _walk(tree) if isinstance(n, ast.Name)}
    pairs: dict[str, set[str]] = {}

    def pair(a: str, b: str) -> None:
        if a != b and a in names and b in names:
            pairs.setdefault(a, set()).add(b)
            pairs.setdefault(b, set()).add(a)

    for node, _ in _walk(tree):
        if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Store):
            together = [e.id for e in node.elts if isinstance(e, ast.Name)]
            for a in together:
                for b in together:
                    pair(a, b)
    for name in names:
        for left, right in NAME_PAIRS:
            for old, new in ((left, right), (right, left)):
                start = name.find(old)
                while start >= 0:
                    pair(name, name[:start] + new + name[start + len(old):])
                    start = name.find(old, start + 1)
    return pairs


# ------------------------------------------------------------------ applying a site

def _at(tree: ast.AST, path: Path) -> Any:
    node: Any = tree
    for name, index in path:
        node = getattr(node, name)
        if index is not None:
            node = node[index]
    return node


def _replaced(tree: ast.Module, path: Path, replacement: ast.AST) -> ast.Module:
    mutated = copy.deepcopy(tree)
    parent = _at(mutated, path[:-1])
    name, index = path[-1]
    if index is None:
        setattr(parent, name, copy.deepcopy(replacement))
    else:
        getattr(parent, name)[index] = copy.deepcopy(replacement)
    return mutated


def _spliced(raw: bytes, node: ast.AST, replacement: ast.AST) -> str | None:
    """The source with `node`'s span (UTF-8 offsets, as ast gives them) replaced by `replacement`."""
    span = [getattr(node, name, None) for name in ("lineno", "col_offset", "end_lineno", "end_col_offset")]
    if not all(isinstance(x, int) for x in span):
        return None
    first, column, last, end_column = cast("list[int]", span)
    offsets = [0]
    for line in raw.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    begin, finish = offsets[first - 1] + column, offsets[last - 1] + end_column
    text = "pass" if isinstance(replacement, ast.Pass) else ast.unparse(replacement)
    try:
        return (raw[:begin] + text.encode("utf-8") + raw[finish:]).decode("utf-8")
    except UnicodeDecodeError:
        return None
