"""What a submission controls is shown escaped (judge/results/text.py): in the terminal report, the
CLI's errors, `--json`, and the leaderboard's terminal, CSV, Markdown and JUnit exports. The hostile
submissions (tests/attacks/spoof_*.py) are graded for real, under hostile file names and authors."""

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

from helpers import ROOT, run_judge
from judge.results.text import csv_cell, markdown_cell, terminal

ATTACKS = ROOT / "tests" / "attacks"
#: Characters that must never reach a reader raw: ESC, CSI (C1), BEL, and a bidi override.
RAW = ("\x1b", "\x9b", "\x07", "\u202e")
#: An author whose name clears the screen and reverses what follows it.
ESCAPING_AUTHOR = "\x1b[2J\x1b[HMallory\u202e"
#: An author whose name is a spreadsheet formula and splits a Markdown row.
FORMULA_AUTHOR = '=HYPERLINK("http://x","y")|x'


def test_terminal_escapes_controls_and_bidi_but_keeps_letters():
    assert terminal("Zoë 日本語 Ελένη") == "Zoë 日本語 Ελένη"
    assert terminal("\x1b[2J") == "\\x1b[2J"
    assert terminal("a\u202eb\u2066c") == "a\\u202eb\\u2066c"
    assert terminal("\x00\x7f\x85\x9b") == "\\x00\\x7f\\x85\\x9b"
    assert terminal("one\ntwo\tthree\r") == "one\\ntwo\\tthree\\r"
    assert terminal("lone \ud800") == "lone \\ud800"  # printable, unlike the raw surrogate
    assert terminal(terminal("\x1b")) == "\\x1b"        # escaping twice changes nothing more
    # Invisible where no script needs them (red-team round 15: "Ali\u200bce" and "Alice", two rows alike);
    # the zero-width non-joiner and joiner, which Persian and the Indic scripts write with, stay.
    assert terminal("Ali\u200bce \ufeffx a\u2060b s\u00adh") == "Ali\\u200bce \\ufeffx a\\u2060b s\\xadh"
    assert terminal("می\u200cخواهم क्\u200dष") == "می\u200cخواهم क्\u200dष"
    # Red-team round 26: "Ada Lovelace" + a tag character looked like "Ada Lovelace"; so did fillers,
    # variation selectors and the line separator. Past U+FFFF the escape names all the digits.
    assert terminal("Ada Lovelace\U000e0020") == "Ada Lovelace\\U000e0020"
    assert terminal("a\u3164b\u115fc\ufe0fd\u2028e\u034ff\u180eg") == \
        "a\\u3164b\\u115fc\\ufe0fd\\u2028e\\u034ff\\u180eg"
    # Round 27: the Mongolian free variation selectors and the shorthand format controls passed. Every
    # Default_Ignorable_Code_Point of Unicode 15's DerivedCoreProperties.txt is escaped now, but the two
    # joiners (the ranges as that file lists them, unassigned ones included).
    ignorable = [(0xAD, 0xAD), (0x34F, 0x34F), (0x61C, 0x61C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                 (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                 (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                 (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)]
    kept = [chr(c) for low, high in ignorable for c in range(low, high + 1)
            if c not in (0x200C, 0x200D) and terminal(chr(c)) == chr(c)]
    assert not kept, [hex(ord(c)) for c in kept]
    assert terminal("ali\u180bce") == "ali\\u180bce" and terminal("a\U0001bca0") == "a\\U0001bca0"


def test_csv_cell_neutralises_formulas():
    for formula in ('=HYPERLINK("http://x","y")', "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1"):
        cell = csv_cell(formula)
        assert cell.startswith("'") and not any(ch in cell for ch in "\t\r"), cell
    assert csv_cell("Zoë") == "Zoë" and csv_cell(3) == 3 and csv_cell("a-b") == "a-b"


def test_markdown_cell_keeps_a_row_one_row():
    cell = markdown_cell("a|b`c\\d\ne<f>[g]")
    assert "\n" not in cell and len(re.findall(r"(?<!\\)\|", cell)) == 0
    assert cell == "a\\|b\\`c\\\\d\\\\ne\\<f\\>\\[g\\]"
    assert markdown_cell("Zoë") == "Zoë"
    assert markdown_cell("bfs_class *x* ~y~") == "bfs\\_class \\*x\\* \\~y\\~"  # no emphasis, no strikethrough
    # an entity would render as the bidi control it names, which the judge otherwise shows escaped
    assert markdown_cell("Mallory &#x202E;1 :knar") == "Mallory \\&#x202E;1 :knar"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The two spoofing attacks, under escaping file names and authors, graded into a store."""
    folder = tmp_path_factory.mktemp("spoof")
    files = []
    for name, author, filename in (("spoof_report", ESCAPING_AUTHOR, "spoof\x1b[2J\u202e.py"),
                                   ("spoof_board", FORMULA_AUTHOR, "board|`x`.py")):
        path = folder / filename
        path.write_text((ATTACKS / f"{name}.py").read_text().replace("@@AUTHOR@@", author))
        files.append(path)
    db = folder / "results.sqlite3"
    report = run_judge("grade", "minesweeper", *files, "--db", db, "--fuzz", "0")
    as_json = run_judge("grade", "minesweeper", *files, "--no-store", "--fuzz", "0", "--json")
    exports = {fmt: run_judge("leaderboard", "minesweeper", "--db", db, "--format", fmt)
               for fmt in ("terminal", "markdown", "csv", "junit", "html")}
    return files, report, as_json, exports


def test_terminal_report_shows_escapes_never_obeys_them(hostile):
    files, report, _, _ = hostile
    assert report.returncode == 1, report.stderr
    for ch in RAW:
        assert ch not in report.stdout and ch not in report.stderr, repr(ch)
    lines = report.stdout.splitlines()
    # The file name, the author, the printed screen-clear and the exception are there, escaped.
    assert "spoof\\x1b[2J\\u202e.py" in report.stdout
    assert terminal(ESCAPING_AUTHOR) in report.stdout
    assert any(line.strip() == "| \\x1b[2J\\x1b[Hsubmission   language    verdict    passed" for line in lines)
    # Its message's lines joined on one line (none lost), every control escaped: a fake report it holds
    # is quoted, never drawn.
    crash = next(line for line in lines if line.startswith("   RE: ValueError: "))
    assert crash.startswith("   RE: ValueError: \\x1b[2J\\x1b[Hsubmission   language    verdict    passed / ")
    assert crash.endswith(" / \\u202eCA 1\\u202c\\x07 (line 20 in updateBoard)")
    # The fake summary is only ever quoted, under "it printed:"; the real one is the judge's.
    assert not any(line.startswith("1 submission") for line in lines)
    assert "2 submissions: 1 RE, 1 WA" in lines
    # The board it returned: its control squares drawn as '?', named escaped by the checker.
    assert any(line.split() == ["EEEEE", "B1E1B", "???EE", "xxxxx"] for line in lines), report.stdout
    assert "     (0,0): '\\x1b' is not a board character; expected 'B' (no mine around it, revealed)" in lines
    assert "     (0,2): '\\u202e' (U+202E RIGHT-TO-LEFT OVERRIDE) is not a board character; should still be " \
        "hidden 'E'" in lines


def test_json_report_keeps_the_names_and_escapes_them(hostile):
    files, _, as_json, _ = hostile
    for ch in RAW:
        assert ch not in as_json.stdout, repr(ch)
    doc = json.loads(as_json.stdout)
    assert sorted(r["submission"] for r in doc["results"]) == sorted(str(f) for f in files)
    crash = next(r for r in doc["results"] if r["verdict"] == "RE")
    message = crash["cases"][0]["message"]  # exact, as JSON escapes it
    assert message.startswith("ValueError: \x1b[2J\x1b[H")
    assert message.endswith(" / \u202eCA 1\u202c\x07 (line 20 in updateBoard)")
    assert crash["cases"][0]["output"].startswith("\x1b[2J\x1b[H")


def test_cli_errors_escape_the_paths_they_name(tmp_path):
    missing = tmp_path / "gone\x1b[2J\u202e.py"
    out = run_judge("grade", "minesweeper", missing, "--no-store", "--fuzz", "0")
    assert out.returncode == 2 and "gone\\x1b[2J\\u202e.py" in out.stderr
    assert not any(ch in out.stderr for ch in RAW)


def test_leaderboard_exports_neutralise_names(hostile):
    _, _, _, exports = hostile
    for fmt, out in exports.items():
        assert out.returncode == 0, (fmt, out.stderr)
        for ch in RAW:
            assert ch not in out.stdout, (fmt, repr(ch))
    rows = list(csv.DictReader(io.StringIO(exports["csv"].stdout)))
    authors = {r["author"] for r in rows}
    assert "'" + FORMULA_AUTHOR in authors and terminal(ESCAPING_AUTHOR) in authors
    assert all(not r[k].startswith(("=", "+", "-", "@")) for r in rows for k in r)
    # Markdown: every row has the header's number of columns (unescaped bars), the names intact.
    table = [line for line in exports["markdown"].stdout.splitlines() if line.startswith("|")]
    bars = {len(re.findall(r"(?<!\\)\|", line)) for line in table}
    assert len(table) == 4 and len(bars) == 1, table
    assert markdown_cell(FORMULA_AUTHOR) in exports["markdown"].stdout
    assert terminal(ESCAPING_AUTHOR) in exports["terminal"].stdout
    suites = ET.fromstring(exports["junit"].stdout.split("\n", 1)[1]).findall("testsuite")
    assert len(suites) == 2 and any(terminal(ESCAPING_AUTHOR) in s.get("name") for s in suites)
