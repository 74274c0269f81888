"""`judge similarity`: a near-copy (renamed variables, functions in another order) ranks first above
independent solutions; each format through the real command; what submissions wrote stays inert."""

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers import SUBMISSIONS, run_judge
from judge.results import similarity

ORIGINAL = '''\
# the original: helpers first, then the entry point
def count_mines(board, row, col):
    total = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] == 'M':
                total += 1
    return total


def reveal(board, row, col):
    stack = [(row, col)]
    while stack:
        r, c = stack.pop()
        if board[r][c] != 'E':
            continue
        mines = count_mines(board, r, c)
        if mines:
            board[r][c] = str(mines)
            continue
        board[r][c] = 'B'
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if 0 <= nr < len(board) and 0 <= nc < len(board[0]) and board[nr][nc] == 'E':
                    stack.append((nr, nc))


def updateBoard(board, click):
    row, col = click
    if board[row][col] == 'M':
        board[row][col] = 'X'  # {payload}
        return board
    reveal(board, row, col)
    return board
'''

# The same program: every name changed, the functions in the opposite order, other comments.
COPY = '''\
def updateBoard(grid, pos):
    x, y = pos
    if grid[x][y] == 'M':
        grid[x][y] = 'X'  # {payload}
        return grid
    flood(grid, x, y)
    return grid


def flood(grid, x, y):
    todo = [(x, y)]
    while todo:
        a, b = todo.pop()
        if grid[a][b] != 'E':
            continue
        near = around(grid, a, b)
        if near:
            grid[a][b] = str(near)
            continue
        grid[a][b] = 'B'
        for p in (-1, 0, 1):
            for q in (-1, 0, 1):
                u, v = a + p, b + q
                if 0 <= u < len(grid) and 0 <= v < len(grid[0]) and grid[u][v] == 'E':
                    todo.append((u, v))


def around(grid, x, y):
    n = 0
    for p in (-1, 0, 1):
        for q in (-1, 0, 1):
            u, v = x + p, y + q
            if 0 <= u < len(grid) and 0 <= v < len(grid[0]) and grid[u][v] == 'M':
                n += 1
    return n
'''

#: Independent solutions of the same problem, and one of another language (compared with nothing).
OTHERS = ["bfs_class.py", "dfs_recursive.py", "global_cache.py", "bfs_public_class.java"]
PAYLOAD = "\x1b[2J\u202e </pre><script>alert(1)</script>"
ESCAPED = "\\x1b[2J\\u202e"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    base = tmp_path_factory.mktemp("similar")
    (base / "alice.py").write_text(ORIGINAL.replace("{payload}", PAYLOAD))
    (base / "bob.py").write_text(COPY.replace("{payload}", PAYLOAD))
    for name in OTHERS:
        (base / name).write_bytes((SUBMISSIONS / "accepted" / name).read_bytes())
    return base


def test_the_near_copy_ranks_first_above_independent_solutions(folder):
    sources = [similarity.read(p, p.name) for p in sorted(folder.iterdir())]
    report = similarity.compare(sources)
    first, *rest = report.pairs
    assert {first.left.name, first.right.name} == {"alice.py", "bob.py"}
    assert first.similarity >= 0.8 and first.left_spans and first.right_spans
    assert all(p.similarity < first.similarity - 0.2 for p in rest), [(p.left.name, p.right.name, p.similarity)
                                                                      for p in rest]
    assert report.compared == 10  # the five Python files' pairs; the Java one alone
    assert [s.name for s in report.alone] == ["bfs_public_class.java"]


def test_terminal_ranks_shows_fragments_and_escapes(folder):
    shown = run_judge("similarity", "minesweeper", folder, "--threshold", "0")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    first_row = next(line for line in lines if line.strip().startswith("1 "))
    assert "alice.py" in first_row and "bob.py" in first_row
    assert "#1 " in shown.stdout and "| def reveal(board, row, col):" in shown.stdout  # a shared fragment
    assert "\x1b" not in shown.stdout and "\u202e" not in shown.stdout and ESCAPED in shown.stdout
    assert "compared with nothing" in shown.stdout and "bfs_public_class.java" in shown.stdout


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.marked, self.in_mark = [], [], False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.in_mark = self.in_mark or tag == "mark"

    def handle_endtag(self, tag):
        self.in_mark = self.in_mark and tag != "mark"

    def handle_data(self, data):
        if self.in_mark:
            self.marked.append(data)


def test_html_marks_shared_code_and_no_source_becomes_markup(folder, tmp_path):
    out = tmp_path / "similar.html"
    made = run_judge("similarity", "minesweeper", folder, "--format", "html", "--output", out)
    assert made.returncode == 0, made.stderr
    page = Page()
    page.feed(out.read_text())
    assert "script" not in page.tags
    assert page.tags.count("section") == 1  # only the near-copy is at or above the default 50%
    assert any("stack.append((nr, nc))" in text for text in page.marked)
    text = out.read_text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and ESCAPED in text and "\u202e" not in text


def test_json_lists_the_pairs_with_fragment_lines(folder):
    made = run_judge("similarity", "minesweeper", folder, "--format", "json", "--threshold", "0.2")
    assert made.returncode == 0, made.stderr
    doc = json.loads(made.stdout)
    first = doc["pairs"][0]
    assert {Path(first["a"]["submission"]).name, Path(first["b"]["submission"]).name} == {"alice.py", "bob.py"}
    assert first["similarity"] >= 0.8 and [Path(n).name for n in doc["alone"]] == ["bfs_public_class.java"]
    fragment = first["a"]["fragments"][0]
    assert 1 <= fragment["first_line"] <= fragment["last_line"] and fragment["start"] < fragment["end"]
    assert [p["similarity"] for p in doc["pairs"]] == sorted((p["similarity"] for p in doc["pairs"]), reverse=True)


def test_a_bad_threshold_or_a_single_submission_is_usage(folder):
    bad = run_judge("similarity", "minesweeper", folder, "--threshold", "1.5")
    assert bad.returncode == 2 and "--threshold" in bad.stderr
    alone = run_judge("similarity", "minesweeper", folder / "alice.py")
    assert alone.returncode == 2 and "at least two" in alone.stderr


def test_javascript_and_typescript_are_compared_with_each_other(tmp_path):
    for name in ("dfs_recursive.js", "dfs_recursive.ts"):
        (tmp_path / name).write_bytes((SUBMISSIONS / "accepted" / name).read_bytes())
    report = similarity.compare([similarity.read(p, p.name) for p in sorted(tmp_path.iterdir())])
    assert report.compared == 1 and report.pairs and not report.alone


def test_undecodable_bytes_do_not_crash(tmp_path):
    (tmp_path / "a.py").write_bytes(b"def f(x):\n    return x  # \xff\xfe\n" * 5)
    (tmp_path / "b.py").write_bytes(b"def g(y):\n    return y\n" * 5)
    run = run_judge("similarity", "minesweeper", tmp_path, "--threshold", "0")
    assert run.returncode == 0, run.stderr
    assert "\\xff" not in run.stdout and "\ufffd" in run.stdout  # replaced, shown as the replacement character


def test_code_hidden_from_a_utf8_reader_is_read_as_its_compiler_reads_it(tmp_path):
    """Red-team round 29: a copy whose line breaks are written as UTF-7 under a `# coding: utf-7` cookie
    (two comment lines, read as UTF-8; CPython runs the whole program), a JavaScript copy whose lines end in
    U+2028 behind a `//` (one comment line to Pygments; V8 runs it all), and a copy with lone CRs paired with
    nothing, even at threshold 0. Each is read as its compiler reads it and pairs with its original."""
    alice = ORIGINAL.replace("{payload}", "plain")
    utf7 = ("# coding: utf-7\n# " + alice.replace("\n", "+AAo-")).encode()
    lone_cr = ("# copy\r" + alice.replace("\n", "\r")).encode()
    js = (SUBMISSIONS / "accepted" / "dfs_recursive.js").read_text()
    hidden_js = ("// copy\u2028" + js.replace("\n", "\u2028")).encode()
    cases = [("alice.py", alice.encode(), "utf7.py", utf7), ("alice.py", alice.encode(), "cr.py", lone_cr),
             ("alice.js", js.encode(), "hidden.js", hidden_js)]
    for original, original_bytes, copy, copy_bytes in cases:
        folder = tmp_path / copy
        folder.mkdir()
        (folder / original).write_bytes(original_bytes)
        (folder / copy).write_bytes(copy_bytes)
        report = similarity.compare([similarity.read(p, p.name) for p in sorted(folder.iterdir())])
        assert report.pairs and report.pairs[0].similarity >= 0.9, (copy, report.pairs)


def test_a_java_copy_with_its_lines_ended_by_unicode_escapes_pairs_with_its_original(tmp_path):
    """The review of round 29: javac reads `\\u000a` as a line end before it splits lines, so a copy with
    every line end written so, behind a first `//`, ran whole and paired with nothing (one comment)."""
    java = (SUBMISSIONS / "accepted" / "bfs_public_class.java").read_text()
    (tmp_path / "A.java").write_text(java)
    (tmp_path / "B.java").write_text("// written by me \\u000a" + java.replace("\n", "\\u000a"))
    report = similarity.compare([similarity.read(p, p.name) for p in sorted(tmp_path.iterdir())])
    assert report.pairs and report.pairs[0].similarity >= 0.9, report.pairs
    assert similarity.as_compiled(b'String s = "\\\\u000a";', "java") == 'String s = "\\\\u000a";'  # an escaped one


def test_a_coding_cookie_that_cannot_decode_with_replacement_is_read_as_utf8(tmp_path):
    """The review of round 29: `# coding: idna` (CPython runs such an ASCII file), `undefined` or `punycode`
    crashed the whole report ("internal error: decoding with 'idna' codec failed")."""
    for codec in ("idna", "undefined", "punycode"):
        (tmp_path / f"{codec}.py").write_bytes(f"# coding: {codec}\n".encode() + ORIGINAL.encode() + b"\xff")
    (tmp_path / "plain.py").write_text(ORIGINAL)
    run = run_judge("similarity", "minesweeper", tmp_path, "--threshold", "0")
    assert run.returncode == 0 and "internal error" not in run.stderr, run.stderr
