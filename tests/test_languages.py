"""The five compiled/scripted languages beside Python, end to end through the real toolchains."""

import copy
import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from judge import languages
from judge.defaults import CACHE_ROOT
from judge.grading.grade import Options, execute
from judge.languages.base import Compiled, run_limited
from judge.languages.cpp import cpp_type, glue as cpp_glue
from judge.languages.go import Go, code_only, glue as go_glue, go_type, prelude
from judge.languages.java import java_type
from judge.languages.python import site_folders as python_site_folders
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox.box import RlimitsBox, detect
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
NEW = ("cpp", "java", "go", "javascript", "typescript")
EXAMPLE = [[list("EEEEE"), list("EEMEE"), list("EEEEE"), list("EEEEE")], [3, 0]]
EXAMPLE_OUT = [list("B1E1B"), list("B1M1B"), list("B111B"), list("BBBBB")]


def judge(*args, env=None, timeout=600):
    """Run the real CLI from the worktree root."""
    return subprocess.run([sys.executable, "-m", "judge", *args], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=timeout)


@pytest.fixture(scope="module")
def problem():
    return load_problem("minesweeper")


def test_the_plugin_table_names_each_module_s_own_language_and_extensions():
    """languages.PLUGINS is what for_path() reads without importing every plugin: it must say what each declares."""
    for name, (module, extensions) in languages.PLUGINS.items():
        language = __import__(module, fromlist=["LANGUAGE"]).LANGUAGE
        assert (language.name, tuple(language.extensions)) == (name, extensions)
    assert list(languages.LANGUAGES) == ["python", "cpp", "java", "go", "javascript", "typescript"]
    assert languages.for_path(Path("a/B.CC")).name == "cpp"
    with pytest.raises(languages.SubmissionError, match=r"unknown language for \.rb"):
        languages.for_path(Path("x.rb"))


def test_a_python_grade_imports_no_other_language_plugin():
    """A Python-only `judge grade` leaves the five other plugins (6-7 ms of imports) unloaded."""
    code = ("import sys, runpy; sys.argv = ['judge', 'grade', 'minesweeper', "
            "'submissions/minesweeper/accepted/bfs_class.py', '--fuzz', '0', '--no-store', '--json']\n"
            "import os; real = os._exit\n"
            "def leave(code):\n"
            "    print(sorted(m for m in sys.modules if m.startswith('judge.languages.')), file=sys.stderr)\n"
            "    real(code)\n"
            "os._exit = leave\n"
            "runpy.run_module('judge', run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    loaded = done.stderr.strip().splitlines()[-1]
    assert "judge.languages.python" in loaded and "judge.languages.base" in loaded
    assert not any(f"judge.languages.{n}'" in loaded for n in ("cpp", "go", "java", "javascript", "typescript"))


def test_languages_command_lists_every_toolchain_and_its_selftest():
    out = judge("languages", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    rows = {r["language"]: r for r in json.loads(out.stdout)}
    assert set(rows) == {"python", *NEW}
    for row in rows.values():
        assert row["selftest"] and row["version"], row
    table = judge("languages")
    assert table.returncode == 0 and "typescript" in table.stdout and "FAILED" not in table.stdout


def test_verify_passes_with_every_language_and_every_required_verdict():
    out = judge("verify", "minesweeper", "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 0 and report["ok"], report["errors"]
    seen = {(s["language"], s["expected"]) for s in report["submissions"]}
    for lang in NEW:
        for verdict in ("AC", "WA", "CE", "RE"):
            assert (lang, verdict) in seen, (lang, verdict)
    # an accepted BFS and a recursive DFS in every language
    accepted = [s["submission"] for s in report["submissions"] if s["expected"] == "AC"]
    for lang_ext in (".cpp", ".java", ".go", ".js", ".ts"):
        names = [Path(a).name for a in accepted if a.endswith(lang_ext)]
        assert any("dfs" in n for n in names) and any("bfs" in n for n in names), names


LONGS = ROOT / "tests" / "data" / "problems" / "max_long"
LONG_SUBMISSIONS = ROOT / "tests" / "data" / "submissions" / "max_long"


def test_long_is_exact_at_its_bounds_in_every_language():
    """2^53 + 1, 2^63 - 1 and -2^63 in and out: exact in Python, C++, Java and Go; JavaScript and TypeScript
    get numbers, as on the platform, and are judged at a double's precision, so a right answer is AC there
    too, and a wrong one WA."""
    out = judge("grade", str(LONGS), str(LONG_SUBMISSIONS), "--fuzz", "20", "--no-store", "--json")
    assert out.returncode == 1, out.stderr
    results = {Path(r["submission"]).name: r for r in json.loads(out.stdout)["results"]}
    accepted = {p.name for p in (LONG_SUBMISSIONS / "accepted").iterdir()}
    assert {Path(n).suffix for n in accepted} == {".py", ".cpp", ".java", ".go", ".js", ".ts"}
    for name in accepted:
        assert results[name]["verdict"] == "AC" and results[name]["passed"] == 27, (name, results[name])
    for name in ("through_double.py", "clamps_to_safe.js"):
        assert results[name]["verdict"] == "WA" and results[name]["first_failure"] == "two-to-the-53-plus-1"
    wrong = next(c for c in results["clamps_to_safe.js"]["cases"] if c["verdict"] == "WA")
    assert wrong["diff"] == ["expected 9007199254740992, got 9007199254740991",
                             "(integers past 2^53 are compared as the nearest doubles, which is what JavaScript holds)"]
    verified = judge("verify", str(LONGS))
    assert verified.returncode == 0 and "verified: OK" in verified.stdout, verified.stdout + verified.stderr


def test_a_void_entry_point_is_judged_on_its_inplace_argument_in_every_language():
    """Rotate Image returns nothing and changes its matrix: every language's harness sends that argument back."""
    package = ROOT / "tests" / "data" / "problems" / "rotate_image"
    out = judge("verify", str(package), "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 0 and report["ok"], report["errors"]
    accepted = {Path(s["submission"]).suffix for s in report["submissions"] if s["verdict"] == "AC"}
    assert accepted == {".py", ".cpp", ".java", ".go", ".js", ".ts"}
    graded = judge("grade", str(package), str(ROOT / "tests" / "data" / "submissions" / "rotate_image"),
                   "--fuzz", "15", "--no-store", "--json")
    verdicts = {Path(r["submission"]).name: (r["verdict"], r["passed"]) for r in json.loads(graded.stdout)["results"]}
    assert verdicts.pop("counterclockwise.py")[0] == "WA"
    assert set(verdicts.values()) == {("AC", 19)}, verdicts


def test_python_names_its_version_as_python_does_without_starting_one():
    """The judge's own interpreter: its version line is the one `python3 --version` prints."""
    printed = subprocess.run([sys.executable, "--version"], capture_output=True, text=True).stdout.strip()
    tool = languages.by_name("python").find_toolchain()
    assert tool.ok and tool.version == printed and tool.command == sys.executable


def test_grade_reports_what_crashed(tmp_path):
    sub = ROOT / "submissions" / "minesweeper" / "runtime_error"
    out = judge("grade", "minesweeper", str(sub / "null_deref.cpp"), str(sub / "index_out_of_bounds.java"),
                str(sub / "index_out_of_range.go"), str(sub / "bounds_checked_late.cpp"), "--json")
    results = {Path(r["submission"]).name: r for r in json.loads(out.stdout)["results"]}
    first = {Path(name).suffix if name != "bounds_checked_late.cpp" else "asan":
             next(c for c in r["cases"] if c["verdict"] != "AC") for name, r in results.items()}
    first = {key: case["message"] for key, case in first.items()} | {"asan output": first["asan"]["output"]}
    # C++ is built with LeetCode's sanitizers: a null pointer's member is UBSan's, a read past the end ASan's
    assert first[".cpp"].startswith("UndefinedBehaviorSanitizer: undefined behaviour")
    # built with -g1: the report's first frame of the submission names its line, as in the other languages
    assert first["asan"] == ("AddressSanitizer: heap-buffer-overflow (its report is the case's output) "
                             "(line 16 in Solution::updateBoard)")
    assert all(r["verdict"] == "RE" for r in results.values())
    assert "ERROR: AddressSanitizer: heap-buffer-overflow" in first["asan output"]
    assert "java.lang.ArrayIndexOutOfBoundsException" in first[".java"] and "line " in first[".java"]
    assert "index out of range" in first[".go"] and "line 4 in updateBoard" in first[".go"]


def test_missing_toolchain_is_a_judge_error_with_how_to_get_it(tmp_path):
    """With no `go` on PATH, a Go submission gets JE and one warning line, not a crash."""
    env = dict(os.environ, PATH=str(tmp_path))
    sub = ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.go"
    out = judge("grade", "minesweeper", str(sub), "--json", env=env)
    assert out.returncode == 1, out.stderr
    result = json.loads(out.stdout)["results"][0]
    assert result["verdict"] == "JE" and "apt-get install golang-go" in result["message"]
    assert out.stderr.count("Go:") == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize("ext,source", [
    (".go", "func updateBoard(board [][]byte, click []int) [][]byte {\n"
            "\tfor len(board) == 1 {\n\t}\n\tboard[click[0]][click[1]] = 'X'\n\treturn board\n}\n"),
    (".java", "class Solution {\n  public char[][] updateBoard(char[][] board, int[] click) {\n"
              "    while (board.length == 1) {}\n    board[click[0]][click[1]] = 'X';\n    return board;\n  }\n}\n"),
    (".js", "function updateBoard(board, click) {\n  while (board.length === 1) {}\n"
            "  board[click[0]][click[1]] = 'X';\n  return board;\n}\n"),
])
def test_a_runaway_case_does_not_spoil_the_next(problem, tmp_path, ext, source):
    """JVM/Go/V8 cannot kill a looping call in place: the server answers TLE and a fresh one serves on."""
    path = tmp_path / f"loop{ext}"
    path.write_text(source)
    run = execute(problem, path, [[[["E"]], [0, 0]], [[["E"], ["M"]], [1, 0]]], Options(skip_after_limit=False))
    first, second = run.outcomes
    assert first.verdict.value == "TLE"
    assert second.verdict is None and second.value == [["E"], ["X"]]


def test_a_javascript_case_is_limited_by_its_cpu_time_not_the_clock(problem, tmp_path):
    """1.2 s waiting in Atomics.wait (no CPU) against a 1 s CPU limit: answered, as a Python sleep is;
    the harness's own check is on the process's CPU time, like the judge's."""
    path = tmp_path / "wait.js"
    path.write_text("function updateBoard(board, click) {\n"
                    "  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1200);\n"
                    "  board[click[0]][click[1]] = 'X';\n  return board;\n}\n")
    outcome = execute(problem, path, [[[["M"]], [0, 0]]]).outcomes[0]
    assert outcome.verdict is None and outcome.value == [["X"]], (outcome.verdict, outcome.message)
    assert outcome.cpu_ms < 500 and outcome.wall_ms >= 1200


def test_javascript_cases_do_not_share_globals(problem, tmp_path):
    path = tmp_path / "counter.js"
    path.write_text("var calls = 0;\nfunction updateBoard(board, click) {\n  calls++;\n"
                    "  board[0][0] = String(calls);\n  return board;\n}\n")
    run = execute(problem, path, [[[["E"]], [0, 0]]] * 3)
    assert [r.value for r in run.outcomes] == [[["1"]]] * 3


def test_javascript_an_answer_over_the_limit_in_bytes_is_ole_as_an_answer(problem, tmp_path):
    """Red-team round 29: the worker counted the answer's UTF-16 units, so 700,000 characters of U+0800
    (2.1 MB of UTF-8) passed its check, flooded the judge's pipe and were OLE "printed more than 1 MiB on
    stdout/stderr" for a case that printed nothing. The limit is on bytes, and it is the answer's."""
    from judge.verdict import Verdict

    path = tmp_path / "wide.js"
    path.write_text("var updateBoard = function(board, click) {\n  board[0][0] = '\\u0800'.repeat(700000);\n"
                    "  return board;\n};\n")
    run = execute(problem, path, [EXAMPLE])
    outcome = run.outcomes[0]
    assert outcome.verdict is Verdict.OLE and outcome.message == "the answer is larger than 1 MiB", outcome


def test_cpp_cases_do_not_share_globals(problem, tmp_path):
    path = tmp_path / "counter.cpp"
    path.write_text("int calls = 0;\nclass Solution {\npublic:\n  vector<vector<char>> updateBoard("
                    "vector<vector<char>>& b, vector<int>& c) {\n    b[0][0] = '0' + ++calls;\n"
                    "    return b;\n  }\n};\n")
    run = execute(problem, path, [[[["E"]], [0, 0]]] * 3)
    assert [r.value for r in run.outcomes] == [[["1"]]] * 3


def test_compiled_once_then_cached(problem, tmp_path):
    """A new source compiles once; preparing it again only copies the cached binary."""
    path = tmp_path / "cached.go"
    path.write_text((ROOT / "submissions/minesweeper/accepted/bfs.go").read_text() + f"\n// {uuid.uuid4()}\n")
    lang = languages.by_name("go")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = lang.prepare(path, tmp_path / "a", problem)
    second = lang.prepare(path, tmp_path / "b", problem)
    assert first.ok and second.ok and (tmp_path / "b" / "solution").is_file()
    assert second.compile_ms < first.compile_ms / 5


def test_typed_glue_comes_from_the_neutral_signature(problem):
    assert cpp_type("char[][]") == "vector<vector<char>>" and cpp_type("long") == "long long"
    assert java_type("bool[]") == "boolean[]" and java_type("string[][]") == "String[][]"
    text = cpp_glue(problem)
    assert "jdg::conv<vector<vector<char>>>::from(args.items.at(0))" in text and "is_void_v" in text


def test_go_imports_only_what_the_code_uses():
    assert prelude("func f() { x := 1 }") == "package main;"
    head = prelude("func f() string { sort.Ints(nil); return strings.Repeat(\"a\", 2) }")
    assert '"sort"' in head and '"strings"' in head and '"fmt"' not in head and "var _ = sort.Ints" in head
    assert "\n" not in head  # one line: the submission's line numbers stay its own
    assert prelude("var list []int\nfunc f() { list = append(list, 1) }") == "package main;"
    # A package-level name of the code's own, used as `name.Method` (compatibility sweep 4: `var heap =
    # &Stack{}` then `heap.Push(x)` was CE "heap already declared through import of package heap").
    assert prelude("var heap = &Stack{}\nfunc f() { heap.Push(1) }") == "package main;"
    assert prelude("type sort struct{}\nfunc f() { sort.Ints(nil) }") == "package main;"
    assert '"container/heap"' in prelude("func f(h *H) { heap.Push(h, 1) }\nfunc g() { var heap int; _ = heap }")
    # ... also in a group or after another name (round 30: `var (\n\tlist *Queue\n\tm, n int\n)` was CE)
    for own in ("var (\n\tlist *Queue\n\tm, n int\n)", "var (\n\tm, n int\n\tlist *Queue\n)", "var (list *Queue)",
                "var m, n, list = 1, 2, &Queue{}", "const (\n\ta = iota\n\tlist\n)",
                "type (\n\tq int\n\tlist struct{ x []int }\n)", "var (\n\tm int; list *Queue\n)"):
        assert prelude(own + "\nfunc f() { list.Push(1) }") == "package main;", own
    # ... but not a name inside a spec's value, nor a local one, nor a group left open
    for other in ("var (\n\tq = f(\n\t\tlist,\n\t)\n)", "var (\n\tq = map[int]int{\n\t\tlist: 1,\n\t}\n)",
                  "func g() {\n\tvar (\n\t\tx int\n\t)\n}\nvar q int",
                  "var (\n\tq = 1 +\n\tlist.New().Len()\n)", "var (\n\tq int\n" + "var (\n" * 3):
        assert '"container/list"' in prelude(other + "\nfunc f() { list.New() }"), other


def test_go_code_with_imports_of_its_own_still_gets_the_implicit_ones_it_uses():
    """Round 28: `import "container/heap"` switched every implicit import off, and the same file's
    `sort.Slice` was CE "undefined: sort". What it imports itself (by path, or the name it binds) is
    not imported again; the blank uses go after the code, as imports must precede declarations."""
    from judge.languages.go import implicit

    assert implicit('import "container/heap"\n\nfunc f(h *H) { heap.Push(h, 1); sort.Slice(nil, nil) }') == \
        ('package main; import ("sort");', "\nvar _ = sort.Ints\n")
    blocked = 'import (\n\t"fmt"\n\ts "sort"\n)\nfunc f() { fmt.Println(); s.Ints(nil); strings.Split("", "") }'
    assert implicit(blocked) == ('package main; import ("strings");', "\nvar _ = strings.Split\n")
    assert implicit('import ("fmt"; "sort")\nfunc f() { fmt.Println(); sort.Ints(nil) }') == ("package main;", "")
    assert implicit('import (\n\t"fmt"\n)\nfunc f() { var wg sync.WaitGroup; wg.Wait(); fmt.Println() }')[0] == \
        'package main; import ("sync");'


def test_go_comments_and_strings_are_not_code():
    """Compatibility sweep 7: a commented-out local test (`/* package main ... import "fmt" ... */`) or a
    comment line starting with "import" switched the implicit imports off: CE `undefined: sort`."""
    tested = 'func f() { sort.Ints(nil) }\n/*\npackage main\n\nimport "fmt"\n*/\n// import order does not matter\n'
    assert '"sort"' in prelude(tested)
    assert prelude('func f() string { return "math.Abs(x) // sort.Ints" + `\nimport "os"` }') == "package main;"
    rune = prelude("func f() rune { return '\"' }\nfunc g() { sort.Ints(nil) }")
    assert rune.startswith('package main; import ("sort")')
    source = 'a := "x\\"y" // c\nb /* d\ne */ `f\ng` + \'\\\'\'\n/* unterminated\nx'
    code = code_only(source)
    assert len(code) == len(source) and code.count("\n") == source.count("\n")
    assert code.split() == ["a", ":=", "b", "+"]


def test_go_a_package_clause_after_a_comment_is_commented_out(problem):
    files = Go().sources("// Solution by me\npackage main\n\nfunc f() { sort.Ints(nil) }\n", problem)
    solution = files["solution.go"]
    assert "/* package main */" in solution and solution.count("package main") == 2 and '"sort"' in solution


def test_go_a_source_of_blank_lines_is_read_in_one_pass(problem):
    """Red-team round 26: `^\\s*import` and `^(\\s*)//go:build` ran from each line's start through every
    blank line after it: 100 KB of newlines held the judge almost two minutes before any compiler ran."""
    text = "func f() { sort.Ints(nil) }\n" + "\n" * 1_000_000 + "\t \n" * 100_000 + "  import \"os\"\n"
    started = time.process_time()
    from judge.languages.go import implicit

    assert implicit(text) == ('package main; import ("sort");', "\nvar _ = sort.Ints\n")  # its own import kept
    assert prelude(text[:-len('  import "os"\n')]).startswith('package main; import ("sort")')
    assert "// go:build" in Go().sources(text + "  //go:build ignore\n", problem)["solution.go"]
    assert time.process_time() - started < 20


def test_go_imports_are_read_in_linear_time():
    """Red-team round 29: a 1 MB `import aaa...` (the spec's name tried again at each letter, each try
    running back through the rest of the word) and 110,000 unclosed `import (` (each read on to the end
    of the file, again for every later one) held the judge for hours before any compiler ran."""
    from judge.languages.go import implicit

    started = time.process_time()
    assert implicit("import " + "a" * 1_000_000 + "\nfunc f() { sort.Ints(nil) }\n")[0] == \
        'package main; import ("sort");'
    assert implicit("func f() { sort.Ints(nil) }\n" + "import (\n" * 110_000)[0] == 'package main; import ("sort");'
    assert time.process_time() - started < 10
    # what a spec says is read as before: a name, a dot or a blank, a raw string
    specs = 'import (\n\tm "math"\n\t. "strings"\n\t_ "embed"\n\ts `sort`\n)\nfunc f() { m.Abs(1); s.Ints(nil) }'
    assert implicit(specs) == ("package main;", "")


def test_go_a_path_in_a_comment_within_an_import_block_is_no_import():
    """The review of round 29: `"fmt" // debugging only; "sort" is imported by the platform` read `sort` as
    imported, so the code's sort.Ints was CE "undefined: sort". Comments are blanked before specs are read."""
    from judge.languages.go import implicit

    for block in ('\t"fmt" // debugging only; "sort" is imported by the platform\n', '\t"fmt"\n\t/* "sort" */\n'):
        assert implicit(f"import (\n{block})\nfunc f() {{ fmt.Println(); sort.Ints(nil) }}") == \
            ('package main; import ("sort");', "\nvar _ = sort.Ints\n"), block
    assert implicit('import (\n\t"fmt"\n\ts "sort" // as s\n)\nfunc f() { fmt.Println(); s.Ints(nil) }') == \
        ("package main;", "")


def test_go_a_major_version_path_binds_the_name_before_it():
    """Red-team round 29: `import "math/rand/v2"` was read as binding `v2`, so its `rand.IntN` made the
    judge import math/rand as well: CE "rand redeclared in this block"."""
    from judge.languages.go import implicit, package_name

    assert implicit('import "math/rand/v2"\n\nvar jitter = rand.IntN(1)\nfunc f() { sort.Ints(nil) }') == \
        ('package main; import ("sort");', "\nvar _ = sort.Ints\n")
    assert [package_name(p) for p in ("math/rand/v2", "example.com/m/v10", "example.com/v1", "v2", "sort")] == \
        ["rand", "m", "v1", "v2", "sort"]


#: Package-level names a solution may well use, each the name of a package the harness imports.
GO_HARNESS_NAMES = """var time int
var json, metrics, syscall, bufio, strings = 0, 0, 0, 0, 0
type reflect struct{ n int }

func debug(format string, a ...interface{}) {}

"""


def test_go_package_level_names_may_be_those_the_harness_imports(problem, tmp_path):
    """Red-team sweep: a helper `func debug(...)` or a counter `var time int` was CE ("debug already
    declared through import of package debug"): the harness, in the same package main, imported
    runtime/debug and time under their own names. Its imports are all named jx... now."""
    path = tmp_path / "helpers.go"
    path.write_text(GO_HARNESS_NAMES + (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.go").read_text())
    case = load_cases(problem)[0]
    run = execute(problem, path, [case.arg_list(problem)])
    assert run.compile_error is None, run.compile_error
    assert run.outcomes[0].verdict is None and run.outcomes[0].value == case.expected, run.outcomes[0]


def test_a_go_func_main_left_in_is_named_first_in_its_compile_error():
    """The go command names the harness's main first (`./server.go:36:6: main redeclared`), the
    solution's own line second: the message now says first what the solution did."""
    output = ("# command-line-arguments\n./server.go:36:6: main redeclared in this block\n"
              "\tsolution.go:40[/build/solution.go:42:6]: other declaration of main\n")
    message = Go().explain_compile_error(output)
    assert message.startswith("the solution declares func main()") and "solution.go:40" in message
    assert not Go().explain_compile_error("./solution.go:3:2: undefined: x\n").startswith("the solution declares")



@pytest.mark.parametrize("main", ["int main() {\n    return 0;\n}", "int main(int argc, char** argv) { return 0; }",
                                  "#define int long long\nsigned main() { return 0; }"])
def test_a_cpp_main_left_in_is_ce_as_on_the_platform_and_said_first(tmp_path, main):
    """Red-team round 31: a C++ solution with a local test's main() was AC (the submission is a library the
    server loads), where LeetCode's driver, defining main() in the same file, makes it CE; Go refused it."""
    problem = load_problem("minesweeper")
    path = tmp_path / "with_main.cpp"
    path.write_text((ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text() + "\n" + main + "\n")
    run = execute(problem, path, [load_cases(problem)[0].arg_list(problem)])
    assert run.compile_error is not None and run.compile_error.startswith("the solution defines main()")
    assert "solution.cpp:" in run.compile_error and "main" in run.compile_error.splitlines()[1]
    inside = tmp_path / "in_a_namespace.cpp"   # not the global main(): the platform takes it, and so does the judge
    inside.write_text((ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text()
                      + "\nnamespace local { int main() { return 0; } }\n")
    assert execute(problem, inside, [load_cases(problem)[0].arg_list(problem)]).compile_error is None


@pytest.mark.parametrize("returns, body, verdict", [
    ("long", "return dp[amount] > amount ? -1 : dp[amount];", "CE"),       # a lossy conversion on LeetCode
    ("Integer", "return dp[amount] > amount ? -1 : dp[amount];", "AC"),    # unboxed, as LeetCode's driver does
])
def test_java_the_return_type_is_checked_as_the_platform_does(returns, body, verdict, tmp_path):
    """Compatibility sweep 4: the glue returned Object, so `public long coinChange` was AC where
    LeetCode, which holds the answer in an `int`, says CE."""
    coin = load_problem("coin_change")
    path = tmp_path / f"Returns{returns}.java"
    path.write_text("class Solution {\n    public " + returns + " coinChange(int[] coins, int amount) {\n"
                    "        int[] dp = new int[amount + 1];\n        Arrays.fill(dp, amount + 1);\n"
                    "        dp[0] = 0;\n"
                    "        for (int a = 1; a <= amount; a++) for (int c : coins) if (c <= a) "
                    "dp[a] = Math.min(dp[a], dp[a - c] + 1);\n        " + body + "\n    }\n}\n")
    run = execute(coin, path, [[[1, 2, 5], 11]])
    if verdict == "CE":
        assert run.compile_error and "return type" in run.compile_error and "lossy conversion" in run.compile_error
    else:
        assert run.compile_error is None and run.outcomes[0].value == 3, run


@pytest.mark.parametrize("returns, made, ok", [
    ("int[]", "order.stream().mapToInt(Integer::intValue).toArray()", True),
    ("List<Integer>", "order", True),                     # any Iterable: LeetCode's List<...> signatures
    ("Integer[]", "order.toArray(new Integer[0])", False),  # CE on LeetCode too
    ("long[]", "order.stream().mapToLong(Integer::longValue).toArray()", False),
    # a List of other elements (compatibility sweep 6: AC or WA where LeetCode says CE)
    ("List<Long>", "order.stream().map(Integer::longValue).collect(Collectors.toList())", False),
    ("List<String>", "order.stream().map(String::valueOf).collect(Collectors.toList())", False),
])
def test_java_an_array_answer_is_the_array_or_an_iterable(returns, made, ok, tmp_path):
    schedule = load_problem("course_schedule")
    path = tmp_path / "Order.java"
    path.write_text("class Solution {\n    public " + returns + " findOrder(int n, int[][] pre) {\n"
                    "        List<Integer> order = new ArrayList<>();\n"
                    "        for (int i = 0; i < n; i++) order.add(i);\n"
                    "        return " + made + ";\n    }\n}\n")
    run = execute(schedule, path, [[2, []]])
    assert (run.compile_error is None) is ok, run.compile_error
    if ok:
        assert list(run.outcomes[0].value) == [0, 1], run.outcomes[0]


def test_go_glue_declares_the_platforms_signature(problem):
    assert go_type("char[][]") == "[][]byte" and go_type("long") == "int64" and go_type("double[]") == "[]float64"
    # Minesweeper names its board `inplace`: an entry point with no result is judged on it (README).
    assert "jxSignature[P0 ~[][]byte, P1 ~[]int, R ~[][]byte](func(P0, P1) R)" in go_glue(problem)
    void = go_glue(problem, "// a note\nfunc updateBoard(board [][]byte, click []int) {\n}\n")
    assert "jxSignature[P0 ~[][]byte, P1 ~[]int](func(P0, P1))" in void
    assert "jxSignature[P0 ~[]int, P1 int, R int](func(P0, P1) R)" in go_glue(load_problem("coin_change"))


def test_go_an_entry_point_of_named_types_the_driver_could_call_is_accepted(problem, tmp_path):
    """Round 28: `type Board [][]byte` and `func updateBoard(board Board, click []int) Board` was CE ("does
    not satisfy func([][]byte, []int) [][]byte"), though the platform's driver's call compiles with it."""
    path = tmp_path / "named.go"
    path.write_text("type Board [][]byte\n\nfunc updateBoard(board Board, click []int) Board {\n"
                    "\tboard[click[0]][click[1]] = 'X'\n\treturn board\n}\n")
    run = execute(problem, path, [[[["M"]], [0, 0]]])
    assert run.compile_error is None and run.outcomes[0].value == [["X"]], (run.compile_error, run.outcomes)


@pytest.mark.parametrize("problem_id, name, source, shown", [
    ("minesweeper", "wrong_types.go",
     "func updateBoard(board [][]string, click []int) [][]string {\n  return board\n}\n",
     "P0 (type [][]string) does not satisfy ~[][]byte"),
    ("coin_change", "no_result.go", "func coinChange(coins []int, amount int) {\n}\n",
     "does not match inferred type func([]int, int) R"),
    ("coin_change", "long_amount.go", "func coinChange(coins []int, amount int64) int {\n  return 0\n}\n",
     "P1 (type int64) does not satisfy int"),
])
def test_a_go_entry_point_of_another_signature_is_a_compile_error(tmp_path, problem_id, name, source, shown):
    """As on the platform, whose driver calls it with its own types: CE naming the types, not a
    panic of reflection at every case (RE). No result is another signature where nothing is in place."""
    path = tmp_path / name
    path.write_text(source)
    problem = load_problem(problem_id)
    run = execute(problem, path, [load_cases(problem)[0].arg_list(problem)])
    assert run.compile_error and run.compile_error.startswith("the entry point is missing, or its signature"), \
        run.compile_error
    assert shown in run.compile_error


@pytest.mark.parametrize("name, problem_id, source, compiles", [
    ("Solution.java", "minesweeper",
     "class Solution {\n  public void updateBoard(char[][] board, int[] click) {\n"
     "    board[click[0]][click[1]] = 'X';\n  }\n}\n", True),
    # Where nothing is judged in place, `void` is another signature: CE, as the platform's driver.
    ("Solution.java", "coin_change",
     "class Solution {\n  public void coinChange(int[] coins, int amount) {\n  }\n}\n", False),
    # A wrong return type is not taken for `void`: the retry is only for javac's error at the glue's call.
    ("Solution.java", "minesweeper",
     "class Solution {\n  public String[][] updateBoard(char[][] board, int[] click) {\n    return null;\n  }\n}\n",
     False),
    # Sweep 8: every C++ `void` entry point was CE ("conversion from 'void' to non-scalar type"): the
    # glue's `if constexpr` was in plain code, where g++ compiles the branch not taken too.
    ("solution.cpp", "minesweeper",
     "class Solution {\npublic:\n  void updateBoard(vector<vector<char>>& board, vector<int>& click) {\n"
     "    board[click[0]][click[1]] = 'X';\n  }\n};\n", True),
    ("solution.cpp", "coin_change",
     "class Solution {\npublic:\n  void coinChange(vector<int>& coins, int amount) {\n  }\n};\n", False),
    ("solution.cpp", "minesweeper",
     "class Solution {\npublic:\n  vector<string> updateBoard(vector<vector<char>>& board, vector<int>& click) {\n"
     "    return {};\n  }\n};\n", False),
])
def test_a_void_entry_point_is_judged_in_place_where_the_signature_allows(tmp_path, name, problem_id, source, compiles):
    """Compatibility sweep 7: `public void updateBoard` was CE with javac's "'void' type not allowed
    here" in the judge's glue, where Python, C++ and JavaScript judge the board it changed."""
    path = tmp_path / name
    path.write_text(source)
    problem = load_problem(problem_id)
    run = execute(problem, path, [load_cases(problem)[0].arg_list(problem)])
    if compiles:
        assert run.compile_error is None, run.compile_error
        outcome = run.outcomes[0]
        assert outcome is not None and outcome.verdict is None  # answered: the board it changed
        assert "X" in [cell for row in outcome.value for cell in row]
    else:
        assert run.compile_error and "no entry point" in run.compile_error, run.compile_error


def test_java_keeps_the_message_and_line_of_an_exception_thrown_many_times(tmp_path):
    """Sweep 8: after a site had thrown often, HotSpot's optimised code threw a preallocated
    ArrayIndexOutOfBoundsException with no message and no stack trace (OmitStackTraceInFastThrow):
    later cases' RE said the type alone, where the README promises its message and the line."""
    coins = load_problem("coin_change")
    path = tmp_path / "Solution.java"
    path.write_text("class Solution {\n"
                    "    static int at(int[] a, int i) { return a[i]; }\n"
                    "    public int coinChange(int[] coins, int amount) {\n"
                    "        int[] a = new int[1];\n"
                    "        for (int k = 0; k < 40000; k++) {\n"
                    "            try { at(a, -2); } catch (ArrayIndexOutOfBoundsException e) { }\n"
                    "        }\n"
                    "        return at(a, -2);\n"
                    "    }\n}\n")
    run = execute(coins, path, [[[1], 1], [[1], 2]])
    assert run.compile_error is None, run.compile_error
    for outcome in run.outcomes:
        assert outcome is not None and outcome.verdict is Verdict.RE
        assert "Index -2 out of bounds for length 1" in outcome.message and "line 2" in outcome.message, outcome.message


def test_java_offers_javafx_pair_and_entry_points_that_throw(tmp_path):
    """LeetCode's Java has javafx.util.Pair; an entry point may declare checked exceptions."""
    schedule = load_problem("course_schedule")
    path = tmp_path / "Solution.java"
    path.write_text("import javafx.util.Pair;\n\nclass Solution {\n"
                    "    public int[] findOrder(int numCourses, int[][] prerequisites) throws Exception {\n"
                    "        Pair<Integer, String> p = new Pair<>(numCourses, \"n\");\n"
                    "        Pair<Integer, String> q = new Pair<>(numCourses, \"n\");\n"
                    "        if (!p.equals(q) || !p.toString().equals(numCourses + \"=n\")\n"
                    "            || p.hashCode() != q.hashCode()) throw new Exception(\"pair\");\n"
                    "        int[] order = new int[p.getKey()];\n"
                    "        for (int i = 0; i < order.length; i++) order[i] = i;\n"
                    "        return order;\n    }\n}\n")
    run = execute(schedule, path, [[3, []]])
    assert run.compile_error is None and run.outcomes[0].value == [0, 1, 2], (run.compile_error, run.outcomes)


def test_python_imports_sortedcontainers_as_on_the_platform_and_nothing_else_of_the_judges(problem, tmp_path):
    """LeetCode's Python lets a solution import sortedcontainers; the judge's other packages (yaml,
    hypothesis...) stay out of reach, even where the box shows the folder they are in."""
    path = tmp_path / "sorted.py"
    path.write_text("from sortedcontainers import SortedList, SortedDict\n\nclass Solution:\n"
                    "    def updateBoard(self, board, click):\n"
                    "        seen = SortedList([3, 1, 2]); seen.add(0)\n"
                    "        board[0][0] = str(list(seen)[1]) + str(len(SortedDict(a=1)))\n"
                    "        return board\n")
    assert execute(problem, path, [[[["E"]], [0, 0]]]).outcomes[0].value == [["11"]]
    path.write_text("import yaml\n\nclass Solution:\n    def updateBoard(self, board, click):\n        return board\n")
    outcome = execute(problem, path, [[[["E"]], [0, 0]]]).outcomes[0]
    assert outcome.verdict.value == "RE" and "No module named 'yaml'" in outcome.message, outcome.message
    # Not by path either: the box shows the interpreter's site-packages holding sortedcontainers alone.
    site = str(python_site_folders()[0])
    path.write_text("import os, sys\n\nclass Solution:\n    def updateBoard(self, board, click):\n"
                    f"        sys.path.append({site!r})\n"
                    f"        print(sorted(os.listdir({site!r})))\n"
                    "        import yaml\n        return board\n")
    outcome = execute(problem, path, [[[["E"]], [0, 0]]]).outcomes[0]
    assert outcome.verdict.value == "RE" and "No module named 'yaml'" in outcome.message, outcome.message
    assert outcome.output.strip() == "['sortedcontainers']", outcome.output


@pytest.mark.parametrize("name", ["globals.js", "globals.ts", "shadowed.js", "required.js", "imported.ts"])
def test_javascript_has_the_platforms_library_globals(problem, name):
    """lodash's _, MinPriorityQueue/MaxPriorityQueue/PriorityQueue (v6), Queue, Deque and structuredClone,
    as LeetCode offers them without a require, each loaded in the case's own context; a submission's own
    `var _` or `class Queue` takes the name; `require` (a TypeScript `import`) gives the same packages, and
    `module.exports` or `export` is harmless. Each file checks what the libraries give, then answers."""
    path = ROOT / "tests" / "data" / "libraries" / name
    run = execute(problem, path, [EXAMPLE, EXAMPLE])
    assert run.compile_error is None and [o.value for o in run.outcomes] == [EXAMPLE_OUT] * 2, \
        [(o.verdict, o.message) for o in run.outcomes]


def test_a_javascript_answer_holding_infinity_says_so(tmp_path):
    """JSON writes Infinity and NaN as null: the WA says what the answer held, not that it was null."""
    coins = load_problem("coin_change")
    path = tmp_path / "infinity.js"
    path.write_text("var coinChange = function(coins, amount) {\n  return amount ? Infinity : NaN;\n};\n")
    first, second = execute(coins, path, [[[2], 3], [[1], 0]]).outcomes
    assert first.verdict.value == "WA" and first.message == "the answer holds Infinity, which JSON writes as null"
    assert second.verdict.value == "WA" and "holds NaN" in second.message


def test_compile_step_is_limited(tmp_path):
    code, output = run_limited(["sh", "-c", "yes error | head -c 1000000; exit 1"], tmp_path, {}, 10, 256)
    assert code == 1 and len(output) <= 64 * 1024
    code, output = run_limited(["sleep", "5"], tmp_path, {}, 0.3, 256)
    assert code is None and "longer than" in output


def test_compile_error_shows_the_compilers_first_lines(problem, tmp_path):
    path = tmp_path / "broken.go"
    path.write_text("func updateBoard(board [][]byte, click []int) [][]byte {\n" + "\tx := 1\n" * 40 + "}\n")
    run = execute(problem, path, [EXAMPLE])
    assert run.compile_error and run.compile_error.count("\n") <= 13 and "solution.go:3" in run.compile_error


@pytest.mark.parametrize("name, text", [
    ("empty.cpp", ""),
    ("misnamed.cpp", "class Solution {\npublic:\n    vector<vector<char>> update(vector<vector<char>>& b, "
                     "vector<int>& c) { return b; }\n};\n"),
    ("Empty.java", "// nothing yet\n"),
])
def test_a_missing_entry_point_is_said_so_in_cpp_and_java(problem, name, text, tmp_path):
    """Compatibility sweep 5: g++ spoke only of the judge's glue ("'jdg_s' was not declared"), and an
    empty Java file gave javac's "bad source file" note, without saying what was missing."""
    path = tmp_path / name
    path.write_text(text + f"// {uuid.uuid4()}\n")
    run = execute(problem, path, [EXAMPLE])
    assert run.compile_error and run.compile_error.startswith("no entry point: expected class Solution"), \
        run.compile_error


def test_errors_only_in_the_glue_name_the_entry_point_even_beside_notes_on_the_solution():
    """Compatibility sweep 7: the old `vector<pair<int,int>>&` signature of Course Schedule gave g++'s
    errors in glue.cpp (each repeated at every use of the call), with notes naming solution.cpp, and
    no word that the signature was not the platform's."""
    error = "glue.cpp:5:59: error: cannot convert 'vector<vector<int>>' to 'vector<pair<int, int>>&'"
    note = "solution.cpp:3:67: note:   initializing argument 2 of 'vector<int> Solution::findOrder(...)'"
    cpp = languages.for_path(Path("x.cpp"))
    assert isinstance(cpp, Compiled)
    text = cpp.explain_compile_error("\n".join([error, note, error, note, "glue.cpp:6:30: error: invalid"]))
    assert text.splitlines() == [cpp.no_entry, error, note, "glue.cpp:6:30: error: invalid"]
    own = "solution.cpp:4:1: error: expected ';' before '}' token"
    assert not cpp.explain_compile_error("\n".join([own, error, note])).startswith(cpp.no_entry)


def test_a_cpp_submissions_macros_and_names_do_not_reach_the_server(problem, tmp_path):
    """The server is a translation unit of its own (round 27): `#define int long long` rewrote its `int
    main` ("'::main' must return 'int'", CE), and a global named as a function its headers declare
    (`int wait[2005];`, an in-degree table) was CE beside <sys/wait.h>. Both now compile and answer as
    the accepted solution does. Since round 28 the submission is a library of its own, so globals named
    as functions the server calls (`setrlimit`, `prctl`, `dlopen`) no longer take those names in the
    server's program, where they crashed it. Round 29: a global `abi` was CE beside the harness's
    <cxxabi.h> (its `namespace abi`); a submission that includes that header itself still compiles."""
    source = (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text()
    for prefix in ("#define int long long\n", "int wait[2005];\n",
                   "int setrlimit[10];\nlong prctl = 3;\nint dlopen = 2;\nint abi = 0;\n",
                   "#include <cxxabi.h>\nstatic int st;\nstatic char* d = abi::__cxa_demangle(\"i\", 0, 0, &st);\n"):
        path = tmp_path / "names.cpp"
        path.write_text(f"{prefix}// {uuid.uuid4()}\n{source}")
        run = execute(problem, path, [EXAMPLE])
        assert run.compile_error is None and run.outcomes[0].value == EXAMPLE_OUT, (prefix, run.compile_error)


def test_python_an_answer_json_cannot_carry_is_named(problem, tmp_path):
    """`math.inf` where a -1 was due: the WA said "got: null" and "not JSON compliant"; it names the value."""
    path = tmp_path / "returns_nan.py"
    path.write_text("class Solution:\n    def updateBoard(self, board, click):\n        return float('nan')\n")
    run = execute(problem, path, [EXAMPLE])
    assert "the answer is nan, a float that JSON cannot carry" in run.outcomes[0].message, run.outcomes[0]


def test_python_an_answer_that_is_not_plain_data_says_what_it_was(problem, tmp_path):
    """Round 27: a deque returned where a list was due showed "got: null" and the encoder's complaint
    alone; the message says what the answer was (its repr, cut short)."""
    path = tmp_path / "returns_deque.py"
    path.write_text("class Solution:\n    def updateBoard(self, board, click):\n        return deque(board)\n")
    outcome = execute(problem, path, [EXAMPLE]).outcomes[0]
    assert outcome.verdict.value == "WA" and "(deque) is not plain data (shown as null)" in outcome.message
    assert "it was deque([['E', 'E', 'E', 'E', 'E']" in outcome.message, outcome.message


def test_python_threads_start_with_a_stack_of_their_own(problem, tmp_path):
    """Round 27: a thread's default stack was the box's 512 MiB RLIMIT_STACK, over the case's address-space
    cap: a plain `threading.Thread(...).start()` was RE "can't start new thread"; and then (the review)
    each thread's own 64 MiB malloc arena left room for three to five. Eight threads of the default stack
    (16 MiB, one arena for all: a ThreadPoolExecutor of 8), all alive at once, and one of a set stack (128 MiB, the
    deep-recursion idiom) run, and recurse 2,500 deep."""
    body = ("import threading\n{setting}\nsys.setrecursionlimit(10 ** 6)\n\nclass Solution:\n"
            "    def updateBoard(self, board, click):\n"
            "        def down(n):\n            return 0 if n == 0 else 1 + down(n - 1)\n"
            "        depth, together = [], threading.Barrier({count})\n"
            "        def work():\n            together.wait()\n            depth.append(down(2500))\n"
            "        threads = [threading.Thread(target=work) for _ in range({count})]\n"
            "        for t in threads:\n            t.start()\n        for t in threads:\n            t.join()\n"
            "        board[0][0] = str(sum(depth))\n        return board\n")
    for setting, count in (("", 8), ("threading.stack_size(2 ** 27)", 1)):
        path = tmp_path / "threads.py"
        path.write_text(body.format(setting=setting, count=count))
        outcome = execute(problem, path, [[[["E"]], [0, 0]]]).outcomes[0]
        assert outcome.value == [[str(2500 * count)]], (setting, outcome.verdict, outcome.message)


def judge_with_cache(cache: Path, *args: str) -> subprocess.CompletedProcess:
    """The real CLI with a cache folder of its own."""
    return judge(*args, env=dict(os.environ, JUDGE_CACHE=str(cache)))


def cache_files(cache: Path) -> dict[str, int]:
    """Every file under a cache folder (relative path -> size), the judge's own ledger left out."""
    return {str(p.relative_to(cache)): p.stat().st_size for p in cache.rglob("*")
            if p.is_file() and not p.name.startswith(".state") and p.name != ".lock"}


def test_a_build_keeps_only_its_program(tmp_path):
    """Compiled in the box: the cache keeps each program and its marker (beside the case files'
    markers, parsed YAML, the test-set hash, the boxes' system call filter, bubblewrap's version and the
    command's compiled dataclass code), no sources and no Go build
    cache of a submission (each Go build has its own, removed after it, so no build sees another's
    artifacts); only the standard library's, built from GOROOT alone (Go 1.20 and later)."""
    subs = ROOT / "submissions" / "minesweeper" / "accepted"
    out = judge_with_cache(tmp_path, "grade", "minesweeper", str(subs / "bfs.go"), str(subs / "bfs.cpp"),
                           str(subs / "bfs_typed.ts"), str(subs / "dfs_recursive.java"), "--fuzz", "0", "--no-store")
    assert out.returncode == 0, out.stdout + out.stderr
    files = [Path(name).parts for name in cache_files(tmp_path)]
    kept = {"go", "cpp", "typescript", "java", "validated", "parsed", "testsets", "seccomp", "sandbox", "code"}
    assert {parts[0] for parts in files} == kept, files
    for parts in files:   # language / key / what the build left
        if parts[:1] == ("go",) and parts[1].startswith("std-"):
            continue  # the go command's own cache of the standard library (go.Go.std_cache)
        assert parts[0] in ("validated", "parsed", "testsets", "seccomp", "sandbox", "code") or \
            parts[2] in {"solution", "solution.so", "solution.js", "solution.lines.json", "classes", ".done"}, parts
    assert not (tmp_path / "go-build").exists() and not (tmp_path / "gopath").exists()


@pytest.mark.parametrize("mib", [100, 400])
def test_an_oversize_program_is_a_compile_error_and_is_not_kept(tmp_path, mib):
    """100 MiB is measured after the build; 400 MiB stops at the box's file-size limit on the way."""
    source = tmp_path / "huge.cpp"
    source.write_text((ROOT / "tests" / "attacks" / "huge_binary.cpp").read_text().replace("@@MIB@@", str(mib)))
    out = judge_with_cache(tmp_path / "cache", "grade", "minesweeper", str(source), "--fuzz", "0", "--no-store",
                           "--json")
    result = json.loads(out.stdout)["results"][0]
    assert result["verdict"] == "CE", result
    assert result["cases"][0]["message"] == "the compiled program is larger than 64 MiB"
    builds = {name: size for name, size in cache_files(tmp_path / "cache").items()
              if Path(name).parts[0] not in ("validated", "parsed", "code")}  # the cases' own entries, the judge's code
    assert sum(builds.values()) < 64 * 1024, builds


def test_a_compile_that_would_run_for_hours_is_stopped(problem, tmp_path):
    """A template bomb with a 10 s compile limit: CE from the judge's clock, and not kept (load may cause a
    time-out, so the next grading tries again)."""
    started = time.time()
    lang = copy.copy(languages.by_name("cpp"))
    lang.compile_timeout = 10.0
    path = tmp_path / "bomb.cpp"
    path.write_text((ROOT / "tests" / "attacks" / "compile_bomb.cpp").read_text() + f"\n// {uuid.uuid4()}\n")
    run = execute(problem, path, [EXAMPLE], language=lang)
    assert run.compile_error == "compilation took longer than 10 s"
    assert time.time() - started < 40
    recent = [p for p in (CACHE_ROOT / "cpp").glob("*/compile_error.txt")
              if p.stat().st_mtime >= started and "took longer" in p.read_text()]
    assert not recent


def test_a_compile_cannot_read_a_terminal_or_claim_a_limit_it_never_met(problem, tmp_path):
    """Red-team round 11: `#include "/dev/ptmx"` (a new terminal's master, whose read never ends) held
    the compile for its whole 60 s; a `static_assert` message built of pieces made the judge say the
    compile ran out of CPU time after 1.4 s, and kept it out of the cache. Now: no terminal in the
    compile box (a quick CE), and a CPU time-out only when the box's cgroup counted one."""
    started = time.time()
    bfs = (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text()
    ptmx = tmp_path / "ptmx.cpp"
    ptmx.write_text(f'#include "/dev/ptmx"\n// {uuid.uuid4()}\n{bfs}')
    run = execute(problem, ptmx, [EXAMPLE])
    assert run.compile_error and "/dev/ptmx: No such file or directory" in run.compile_error, run.compile_error
    assert time.time() - started < 30
    spoof = tmp_path / "spoof.cpp"
    spoof.write_text(f'static_assert(sizeof(int) == 0, "CPU time" " limit exceeded");\n// {uuid.uuid4()}\n{bfs}')
    run = execute(problem, spoof, [EXAMPLE])
    assert run.compile_error and "static assertion failed: CPU time limit exceeded" in run.compile_error, \
        run.compile_error
    kept = [p for p in (CACHE_ROOT / "cpp").glob("*/compile_error.txt")
            if p.stat().st_mtime >= started and "static assertion failed: CPU time" in p.read_text()]
    assert kept


def test_without_a_sandbox_a_build_is_not_cached(problem, tmp_path):
    """Outside a box a compiler may read any file, which no cache key covers: its outcome is not kept."""
    mark = f"jdg_unknown_{uuid.uuid4().hex}"
    path = tmp_path / "broken.cpp"
    path.write_text(f"class Solution {{ public: vector<vector<char>> updateBoard(vector<vector<char>>& b, "
                    f"vector<int>& c) {{ return {mark}; }} }};\n")
    lang = languages.by_name("cpp")
    for box, kept in ((RlimitsBox(), False), (detect(), True)):
        (tmp_path / "w").mkdir()
        prepared = lang.prepare(path, tmp_path / "w", problem, box)
        assert not prepared.ok and mark in prepared.message
        found = [p for p in (CACHE_ROOT / "cpp").glob("*/compile_error.txt") if mark in p.read_text()]
        assert bool(found) is kept, (box.name, found)
        shutil.rmtree(tmp_path / "w")


def test_the_python_harness_runs_from_its_bytecode_only_when_that_is_up_to_date(tmp_path):
    import py_compile

    from judge.languages.python import compiled

    script = tmp_path / "server.py"
    script.write_text("print('one')\n")
    assert compiled(script) == script  # no bytecode yet
    py_compile.compile(str(script), doraise=True)
    cached = tmp_path / "__pycache__" / f"server.{sys.implementation.cache_tag}.pyc"
    assert compiled(script) == cached
    out = subprocess.run([sys.executable, "-I", "-S", "-B", str(compiled(script))], capture_output=True, text=True)
    assert out.stdout == "one\n"
    script.write_text("print('two, edited')\n")  # stale bytecode is never run
    assert compiled(script) == script
    cached.write_bytes(b"\0" * 16)
    assert compiled(script) == script


def test_go_builds_start_from_the_standard_librarys_cache_built_once_per_toolchain():
    """Go 1.20+ ships no compiled standard library: each build copies the cache the judge built once, in
    a compile box, from GOROOT alone, and sees it read-only; Go 1.19 needs none."""
    from judge.languages.go import LANGUAGE as GO
    from judge.sandbox.box import detect

    if not GO.toolchain().ok:
        pytest.skip("no Go here")
    GO.make_std_cache(detect())
    std = GO.std_cache()
    if GO.minor() < 20:
        assert std is None
        return
    assert std is not None and (std / ".done").is_file() and std in GO.compile_mounts()
    assert f'cp -R "{std}" .gocache 2>/dev/null; ' in GO.compile_argv(Path("build"))[2]
    assert "slices" in GO.packages() and GO.minor() >= 21   # setup.sh installs Debian's 1.23


@pytest.mark.parametrize("name", ["bfs.cpp", "bfs.go", "bfs_public_class.java", "bfs_class.py", "bfs_var.js",
                                  "bfs_typed.ts"])
def test_a_source_saved_with_a_byte_order_mark_and_crlf_runs(problem, name, tmp_path):
    """Windows editors save UTF-8 with a BOM and CRLF lines: no part of the code (g++ and go found the
    mark mid-file, after the judge's prelude: "stray '#' in program"; javac refuses it anywhere)."""
    text = (ROOT / "submissions" / "minesweeper" / "accepted" / name).read_text()
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    run = execute(problem, path, [EXAMPLE])
    assert run.outcomes[0].verdict is None and run.outcomes[0].value == EXAMPLE_OUT, run.outcomes[0]


@pytest.mark.parametrize("name", ["bfs_var.js", "bfs_typed.ts"])
def test_node_packages_behind_a_symbolic_link_are_named_where_the_box_shows_them(problem, name, tmp_path, monkeypatch):
    """A checkout whose node_modules is a symbolic link: the box shows each package at its real path,
    and the harness was given the linked one, so every JavaScript and TypeScript case was RE
    ("the harness failed: ENOENT ... lodash.min.js"), blamed on the student."""
    from judge.languages import node_packages

    lodash = node_packages.package("lodash")
    assert lodash is not None
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "node_modules").symlink_to(lodash.parent)
    monkeypatch.setattr(node_packages, "CHECKOUT", checkout)
    node_packages.libraries.cache_clear()
    try:
        assert all(Path(f).is_file() and not Path(f).is_symlink() and Path(f) == Path(f).resolve()
                   for f in node_packages.libraries()["files"].values())
        run = execute(problem, ROOT / "submissions" / "minesweeper" / "accepted" / name, [EXAMPLE])
        assert run.outcomes[0].verdict is None and run.outcomes[0].value == EXAMPLE_OUT, run.outcomes[0]
    finally:
        monkeypatch.undo()
        node_packages.libraries.cache_clear()


def test_python_an_exception_is_mle_only_when_the_address_space_reached_its_cap(problem, tmp_path):
    """A deque's failed allocation is "SystemError: ... returned NULL without setting an exception"
    (was RE; LeetCode says MLE): an exception once the case's address space peaked at its cap is MLE.
    One raised after a large allocation well under the cap stays the solution's own RE."""
    from judge.verdict import Verdict

    hog = tmp_path / "deque_hog.py"
    hog.write_text("class Solution:\n    def updateBoard(self, board, click):\n        q = deque()\n"
                   "        while True:\n            q.append((len(q), len(q)))\n")
    under = tmp_path / "big_then_raise.py"
    under.write_text("class Solution:\n    def updateBoard(self, board, click):\n"
                     "        kept = bytearray(96 << 20)\n        raise ValueError('after %d bytes' % len(kept))\n")
    run = execute(problem, hog, [EXAMPLE])
    assert run.outcomes[0].verdict is Verdict.MLE, run.outcomes[0]
    run = execute(problem, under, [EXAMPLE])
    assert run.outcomes[0].verdict is Verdict.RE and "ValueError: after 100663296 bytes" in run.outcomes[0].message, \
        run.outcomes[0]
    # Round 29: a case that came near its own cap (a table of ~250 MiB, freed, AC) made every later exception
    # of the same worker MLE (VmPeak is the worker's whole life's), and the cases after it were skipped.
    earlier = tmp_path / "big_table_then_a_bug.py"
    earlier.write_text("class Solution:\n    def updateBoard(self, board, click):\n        if click == [3, 0]:\n"
                       "            table = [0] * 32_800_000\n            del table\n            return board\n"
                       "        return [][0]\n")
    run = execute(problem, earlier, [EXAMPLE, [EXAMPLE[0], [0, 0]]])
    assert run.outcomes[0].verdict is None, run.outcomes[0]
    assert run.outcomes[1].verdict is Verdict.RE and "IndexError" in run.outcomes[1].message, run.outcomes[1]


def test_javascript_without_leetcodes_global_libraries_is_a_missing_toolchain(monkeypatch):
    """A solution that uses `Queue` or `_` was RE ("Queue is not defined") where the judge lacked the
    package: now the toolchain says what is missing and how to install it, and such runs are JE."""
    from judge.languages import javascript, node_packages

    real = node_packages.package
    monkeypatch.setattr(node_packages, "package", lambda name: None if name == "lodash" else real(name))
    node_packages.libraries.cache_clear()
    try:
        tool = javascript.LANGUAGE.find_toolchain()
        assert not tool.ok and "lodash" in tool.message and "judge setup" in tool.message
    finally:
        monkeypatch.undo()
        node_packages.libraries.cache_clear()
    assert javascript.LANGUAGE.find_toolchain().ok


def test_a_python_exception_message_of_several_lines_keeps_them_all(problem, tmp_path):
    """Round 16: `ValueError("useful part\\nmore")` was reported as "ValueError: more"."""
    path = tmp_path / "multi.py"
    path.write_text('def updateBoard(board, click):\n    raise ValueError("first: the useful bit\\nsecond part")\n')
    outcome = execute(problem, path, [EXAMPLE]).outcomes[0]
    assert outcome is not None and outcome.message.startswith("ValueError: first: the useful bit / second part")


def test_a_python_message_of_str_subclasses_is_read_with_strs_own_methods(problem, tmp_path):
    """Red-team round 17: an exception whose str() is a str subclass with a raising strip() (or whose
    splitlines() yields ints) was reported as "the harness failed", its type and line lost."""
    path = tmp_path / "sly.py"
    path.write_text("class L(str):\n    def strip(self): raise RuntimeError('from strip')\n"
                    "class S(str):\n    def strip(self): return self\n    def splitlines(self): return [L('q'), 3]\n"
                    "class E(Exception):\n    def __str__(self): return S('x\\ny')\n"
                    "def updateBoard(board, click):\n    raise E()\n")
    outcome = execute(problem, path, [EXAMPLE]).outcomes[0]
    assert outcome is not None and outcome.message.startswith("E: x / y (line 9 in updateBoard)"), outcome.message


def test_go_a_build_constraint_is_a_plain_comment(problem):
    """Red-team round 17: `//go:build ignore` at the top came after the prelude's package clause:
    CE "misplaced compiler directive" on a file the platform compiles as it is."""
    solution = Go().sources("//go:build ignore\n\nfunc f() { sort.Ints(nil) }\n", problem)["solution.go"]
    assert "//go:build" not in solution and "// go:build ignore" in solution and '"sort"' in solution


@pytest.mark.parametrize("language, name, damage", [
    ("cpp", "bfs.cpp", "truncate"), ("java", "dfs_recursive.java", "empty"), ("typescript", "bfs_typed.ts", "empty"),
    ("cpp", "bfs.cpp", "folder"),
])
def test_a_damaged_compile_cache_entry_is_built_again_not_blamed_on_the_submission(problem, tmp_path, language,
                                                                                     name, damage):
    """Reproducibility review: a truncated binary or an emptied class file in the compile cache was the
    student's RE (or CE: "no entry point"), and stored so. Each entry's `.done` now holds the sha256 of
    its files, checked on the copies the box runs; a damaged entry is dropped and built again."""
    path = tmp_path / name
    path.write_text((ROOT / "submissions" / "minesweeper" / "accepted" / name).read_text() + f"\n// {uuid.uuid4()}\n")
    started = time.time()
    assert execute(problem, path, [EXAMPLE]).outcomes[0].verdict is None
    artifact = {"cpp": "solution", "java": "classes", "typescript": "solution.js"}[language]
    # The entry this unique source made: the newest built since (its sources are not kept with it).
    entry = max((d for d in (CACHE_ROOT / language).iterdir() if (d / ".done").exists() and (d / artifact).exists()),
                key=lambda d: (d / ".done").stat().st_mtime)
    assert (entry / ".done").stat().st_mtime >= started - 1
    target = entry / artifact
    if target.is_dir():
        target = next(p for p in target.rglob("*.class"))
    if damage == "truncate":
        with target.open("r+b") as f:
            f.truncate(1000)
    elif damage == "empty":
        target.write_bytes(b"")
    else:
        target.unlink()
        target.mkdir()
    run = execute(problem, path, [EXAMPLE])
    assert run.compile_error is None and run.outcomes[0].verdict is None, (run.compile_error, run.outcomes)
    assert not entry.exists()   # dropped: the next grading builds it into the cache again
    assert execute(problem, path, [EXAMPLE]).outcomes[0].verdict is None
    assert entry.exists()



def test_cpp_is_compiled_as_cpp23_as_on_the_platform(tmp_path):
    """Sweep 9: `string::contains` (C++23, in g++ 12's library) was CE under -std=gnu++20."""
    coins = load_problem("coin_change")
    path = tmp_path / "contains.cpp"
    path.write_text("class Solution {\npublic:\n    int coinChange(vector<int>& coins, int amount) {\n"
                    "        return string(\"ok\").contains('k') ? amount : -1;\n    }\n};\n")
    run = execute(coins, path, [[[1], 3]])
    assert run.compile_error is None, run.compile_error
    assert run.outcomes[0].value == 3


def test_a_typescript_runtime_error_names_the_submissions_own_line(problem, tmp_path):
    """Round 28: a TypeScript RE named the line of the transpiled JavaScript (15 for 9): the printer drops
    interfaces and types, expands enums and puts a one-line `if (...) return x;` on two lines. The
    transpiler's source map now gives each JavaScript line its TypeScript line."""
    path = tmp_path / "lines.ts"
    path.write_text(
        "interface Cell { r: number; c: number }\n"                       # 1: dropped
        "enum Kind { Mine, Empty }\n"                                      # 2: a few lines of JavaScript
        "type Grid = string[][];\n"                                        # 3: dropped
        "function updateBoard(board: Grid, click: number[]): Grid {\n"   # 4
        "    const at: Cell = { r: click[0], c: click[1] };\n"             # 5
        "    if (at.r < 0) return board; if (at.c < 0) return board;\n"  # 6: on four lines
        "    const k: Kind = Kind.Mine;\n"                                 # 7
        "    const none: string[] | null = null;\n"                        # 8
        "    return [none!.slice(k)];\n"                                   # 9: TypeError
        "}\n")
    run = execute(problem, path, [EXAMPLE])
    assert "line 9 in updateBoard" in run.outcomes[0].message, run.outcomes[0].message


def test_a_cpp_library_the_loader_refuses_is_its_words_and_a_huge_global_loads(problem, tmp_path):
    """The review of round 28: an initial-exec thread_local (no room for it in a loaded library's static
    TLS) was MLE, for the loader's "cannot allocate memory"; only segments past the address-space limit
    are memory. A 1 TiB zero-filled global still loads, as it ran in the server's program: its span is
    left out of the case's address-space limit, and the box's cap counts the pages used."""
    source = (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text()
    tls = tmp_path / "tls.cpp"
    used = source.replace("int m = board.size()", "jx_tls[0] = 1; int m = board.size()")
    tls.write_text('__attribute__((tls_model("initial-exec"))) thread_local char jx_tls[1 << 20];\n' + used)
    run = execute(problem, tls, [EXAMPLE])
    assert run.outcomes[0].verdict.value == "RE" and "dlopen: solution.so: cannot allocate memory in static TLS" \
        in run.outcomes[0].message, run.outcomes[0]
    huge = tmp_path / "huge.cpp"
    touched = source.replace("int m = board.size()", "jx_huge[0] = 1; int m = board.size()")
    huge.write_text("static char jx_huge[1ll << 40];\n" + touched)
    run = execute(problem, huge, [EXAMPLE])
    assert run.compile_error is None and run.outcomes[0].value == EXAMPLE_OUT, run.outcomes[0]
