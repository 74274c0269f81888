"""The JSON documents: the real commands' output against the versioned schema, and records to JSON and back."""

import copy
import json
import shutil

import jsonschema
import pytest

from helpers import ROOT, SHIPPED, SUBMISSIONS, copy_problem, judge
from judge.problems import values
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.results import serialize
from judge.results.records import Comparison
from judge.verdict import CaseResult, SubmissionResult, Verdict

SCHEMA = json.loads(serialize.SCHEMA_PATH.read_text())
#: Every graded document's verdicts: AC, WA, RE, CE, TLE (with SKIPPED after it), MLE; two languages.
GRADED = [SUBMISSIONS / "accepted" / "bfs_class.py", SUBMISSIONS / "accepted" / "bfs.cpp",
          SUBMISSIONS / "wrong_answer" / "four_way.py", SUBMISSIONS / "runtime_error" / "crash.py",
          SUBMISSIONS / "compile_error" / "syntax_error.py", SUBMISSIONS / "time_limit" / "infinite_loop.py",
          SUBMISSIONS / "memory_limit" / "hog.py"]
STORAGE_NAMES = {"grp", "idx", "submission_id", "id", "run_id", "cached_from", "cache_key"}


def validator(kind: str | None = None) -> jsonschema.Draft202012Validator:
    """The schema, or one of its documents (`grade_document`, ...), with formats checked."""
    schema = SCHEMA if kind is None else {**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{kind}"}]}
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def assert_valid(document, kind: str) -> None:
    """Valid as that document and as a document of the schema at all; no storage name anywhere."""
    errors = [f"{list(e.absolute_path)}: {e.message[:300]}" for e in validator(kind).iter_errors(document)]
    assert errors == [], errors[:5]
    validator().validate(document)
    assert not STORAGE_NAMES & keys_of(document)


def keys_of(value) -> set:
    """Every object key at any depth."""
    if isinstance(value, dict):
        return set(value).union(*(keys_of(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_of(v) for v in value))
    return set()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A store and the `judge grade --json` documents of a fresh run, then of the same run from the cache."""
    db = tmp_path_factory.mktemp("serialize") / "r.sqlite3"
    docs = []
    for _ in range(2):
        out = judge("grade", "minesweeper", *GRADED, "--fuzz", "3", "--json", "--db", db)
        assert out.returncode == 1, out.stderr
        docs.append(json.loads(out.stdout))
    return db, docs


def test_the_schema_and_the_code_agree():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$defs"]["schema_version"]["const"] == serialize.SCHEMA_VERSION
    assert SCHEMA["$defs"]["verdict"]["enum"] == [v.value for v in Verdict]


def test_grade_json_fresh_and_cached(graded):
    _, (fresh, cached) = graded
    for doc in (fresh, cached):
        assert_valid(doc, "grade_document")
        assert doc["schema_version"] == serialize.SCHEMA_VERSION
    assert [r["cached"] for r in fresh["results"]] == [False] * len(GRADED)
    assert [r["cached"] for r in cached["results"]] == [True] * len(GRADED)
    verdicts = {r["verdict"] for r in fresh["results"]}
    assert verdicts == {"AC", "WA", "RE", "CE", "TLE", "MLE"}
    skipped = {c["verdict"] for r in fresh["results"] for c in r["cases"]}
    assert "SKIPPED" in skipped
    # a result read back from the store says the same, with its diff as a list as when fresh
    wa = [next(r for r in doc["results"] if r["verdict"] == "WA") for doc in (fresh, cached)]
    first = [next(c for c in r["cases"] if c["name"] == r["first_failure"]) for r in wa]
    assert first[0]["diff"] and first[0]["diff"] == first[1]["diff"]
    assert [c["answer"] for c in wa[0]["cases"]] == [c["answer"] for c in wa[1]["cases"]]


def test_grade_json_without_the_store():
    out = judge("grade", "minesweeper", GRADED[0], GRADED[2], "--fuzz", "0", "--json", "--no-store")
    doc = json.loads(out.stdout)
    assert_valid(doc, "grade_document")
    assert doc["random"] == {"count": 0, "seed": 529, "hash": doc["random"]["hash"]}


def test_similarity_json():
    out = judge("similarity", "minesweeper", SUBMISSIONS / "accepted", "--format", "json", "--threshold", "0")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert_valid(doc, "similarity_document")
    assert doc["schema_version"] == serialize.SCHEMA_VERSION and doc["pairs"] and doc["compared"] >= len(doc["pairs"])
    assert all(f["first_line"] <= f["last_line"] for p in doc["pairs"] for side in "ab" for f in p[side]["fragments"])


def test_grade_json_of_a_scalar_answer_reads_back():
    """Coin Change's int answers and int[]/int inputs: valid against the schema, and read back the same."""
    folder = ROOT / "submissions" / "coin_change"
    out = judge("grade", "coin_change", folder / "accepted" / "dp_class.py",
                folder / "wrong_answer" / "greedy_largest_first.py", "--fuzz", "2", "--json", "--no-store")
    doc = json.loads(out.stdout)
    assert out.returncode == 1 and [r["verdict"] for r in doc["results"]] == ["AC", "WA"], out.stderr
    assert_valid(doc, "grade_document")
    greedy = doc["results"][1]
    wrong = next(c for c in greedy["cases"] if c["name"] == greedy["first_failure"] == "greedy-trap-1-3-4")
    assert wrong["diff"] == ["expected 2, got 3"] and wrong["answer"] == values.fingerprint(3)
    results = serialize.results_from_document(json.loads(json.dumps(doc)))
    assert [serialize.submission_to_json(r) for r in results] == doc["results"]


def test_compare_json():
    out = judge("compare", "minesweeper", GRADED[0], GRADED[2], SUBMISSIONS / "wrong_answer" / "mine_noop.py",
                "--fuzz", "2", "--json")
    doc = json.loads(out.stdout)
    assert_valid(doc, "compare_document")
    assert len(doc["groups"]) == 3 and doc["cases"] == len(load_cases(load_problem("minesweeper"))) + 2


def test_verify_json(tmp_path):
    package = copy_problem(tmp_path)
    for verdict, source in (("accepted", GRADED[0]), ("wrong_answer", GRADED[2]), ("accepted", GRADED[2])):
        folder = tmp_path / "submissions" / "minesweeper" / verdict
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, folder / source.name)
    out = judge("verify", package, "--json")
    assert out.returncode == 1, out.stderr  # four_way.py filed as accepted
    doc = json.loads(out.stdout)
    assert_valid(doc, "verify_document")
    pairs = sorted((s["expected"], s["verdict"]) for s in doc["submissions"])
    assert pairs == [("AC", "AC"), ("AC", "WA"), ("WA", "WA")]


def test_leaderboard_json_and_gradescope(graded):
    db, _ = graded
    board = json.loads(judge("leaderboard", "minesweeper", "--db", db, "--format", "json", "--show-secret").stdout)
    assert_valid(board, "leaderboard_document")
    entries = {e["author"]: e for e in board["entries"]}
    assert entries["four_way.py"]["first_failure"]["diff"] and entries["four_way.py"]["first_failure"]["got"]
    # students' view (the default): the secret first failure by name and verdict only
    shown = json.loads(judge("leaderboard", "minesweeper", "--db", db, "--format", "json").stdout)
    assert_valid(shown, "leaderboard_document")
    first = next(e for e in shown["entries"] if e["author"] == "four_way.py")["first_failure"]
    assert first["group"] == "secret" and first["verdict"] == "WA" and first["name"]
    assert (first["diff"], first["got"], first["args"], first["expected"]) == ([], None, None, None)
    assert first["output"] == first["message"] == ""
    assert all(isinstance(c["diff"], list) for e in board["entries"] for c in e["cases"])
    assert {c["group"] for c in entries["bfs_class.py"]["cases"]} == {"sample", "secret", "random"}
    out = judge("leaderboard", "minesweeper", "--db", db, "--format", "gradescope", "--author", "four_way.py")
    gradescope = json.loads(out.stdout)
    assert_valid(gradescope, "gradescope_document")
    assert gradescope["extra_data"]["entry"]["author"] == "four_way.py"
    assert gradescope["extra_data"]["schema_version"] == serialize.SCHEMA_VERSION


def test_the_schema_rejects_storage_names_string_diffs_and_unknown_verdicts(graded):
    _, (doc, _) = graded
    case = doc["results"][0]["cases"][0]
    broken = []
    for change in (lambda c: c.update(grp=c.pop("group")), lambda c: c.update(idx=0),
                   lambda c: c.update(diff="a\nb"), lambda c: c.update(verdict="OK")):
        bad = copy.deepcopy(doc)
        change(bad["results"][0]["cases"][0])
        broken.append(bad)
    old = {k: v for k, v in doc.items() if k != "schema_version"}
    for bad in broken + [old]:
        assert not validator("grade_document").is_valid(bad)
        assert not validator().is_valid(bad)
    assert validator("grade_document").is_valid(doc) and case["diff"] == []


def test_results_read_back_from_json_serialize_the_same(graded):
    _, docs = graded
    for doc in docs:
        results = serialize.results_from_document(json.loads(json.dumps(doc)))
        assert [serialize.submission_to_json(r) for r in results] == doc["results"]
        assert all(r.recording is not None and r.recording.author for r in results)
        assert {r.verdict for r in results} >= {Verdict.AC, Verdict.TLE}


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(schema_version=0), "schema version"),
    (lambda d: d["results"][0].update(verdict="ac"), "not a verdict"),
    (lambda d: d["results"][0]["cases"][0].update(diff="a"), "diff"),
    (lambda d: d["results"][0]["cases"][0].update(diff=[1]), "diff"),
    (lambda d: d["results"][0]["cases"][0].update(memory_kb=True), "memory_kb"),
    (lambda d: d["results"][0].update(cases={}), "cases"),
    (lambda d: d["results"].append("x"), "expected an object"),
])
def test_reading_json_is_strict(graded, change, message):
    _, (doc, _) = graded
    bad = copy.deepcopy(doc)
    change(bad)
    with pytest.raises(ValueError, match=message):
        serialize.results_from_document(bad)


@pytest.mark.parametrize("name", SHIPPED)
def test_grade_document_shape(name):
    problem = load_problem(name)
    case = load_cases(problem)[1]
    wrong = CaseResult(case.name, case.group, Verdict.WA, 3.0, 2.0, 1000, "got None",
                       ("got None: the answer was not returned",))
    result = SubmissionResult("sub.py", "/x/sub.py", "python", Verdict.WA, (wrong,), sha256="0" * 64)
    doc = serialize.grade_document(problem.id, problem.title, [result], Comparison(["sub.py"], [], [["sub.py"]], [[0]]),
                                   sandbox="none", sandbox_detail="none", isolated=False, cases=1, random_count=0,
                                   seed=None, random_hash="0" * 64)
    assert doc["problem"] == name and doc["schema_version"] == serialize.SCHEMA_VERSION
    data = doc["results"][0]
    assert {"submission", "language", "verdict", "passed", "total", "cases"} <= set(data)
    assert data["cases"][0]["diff"] == ["got None: the answer was not returned"]
    assert {"name", "verdict", "time_ms"} <= set(data["cases"][0])
    assert "author" not in data  # no recording facts: not graded through the store
    assert not validator("grade_document").is_valid(doc)  # ... which `judge grade` always has


def test_dumps_writes_the_values_json_writes_each_deep_value_on_one_line():
    """Indented at the top, one line per case (json's C encoder), and the same JSON values as json.dumps,
    hostile strings (a lone surrogate, a control character) and keys that are not strings included."""
    case = {"name": "c1", "verdict": "WA", "diff": ["row 0: '\x1b[2J' vs 'B'"], "output": "\ud800", "cpu_ms": 1.5}
    document = {"schema_version": 5, "results": [{"submission": "a", "cases": [case, {**case, "name": "c2"}]}],
                "empty": {}, "none": [], 3: {True: None}, "deep": [[[[[1, [2]]]]]]}
    text = serialize.dumps(document)
    assert json.loads(text) == json.loads(json.dumps(document))
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == '  "schema_version": 5,'
    assert sum('"name": "c1"' in line for line in lines) == 1  # the whole case on its line
    assert any(line.strip().startswith('{"name": "c2", "verdict": "WA"') for line in lines)
    assert text.isascii() and "\\ud800" in text and "\\u001b" in text
    assert '"3": {\n' in text and '"true": null' in text


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d["cases"][0].update(time_ms=float("nan")), "time_ms: expected a number"),
    (lambda d: d["cases"][0].update(cpu_ms=float("inf")), "cpu_ms: expected a number"),
    (lambda d: d["cases"][0].update(cpu_ms=-1e9), "cpu_ms: expected a time"),
    (lambda d: d["cases"][0].update(memory_kb=-5), "memory_kb"),
    (lambda d: d["cases"][0].update(verdict="WA"), "verdict AC, but its cases' is WA"),
    (lambda d: d["cases"][0].update(answer="a" * (serialize.MAX_ANSWER_CHARS + 1)), "answer: 201 characters"),
    (lambda d: d["cases"][0].update(diff=["d", 3]), "expected a list of strings"),
])
def test_a_result_read_back_must_be_one_a_judge_could_have_made(change, why):
    """Red-team round 9: a worker's result with NaN or negative times or an AC over wrong cases (shown as
    `AC 78/106`, exit 0) was taken as it came."""
    case = CaseResult("c1", "secret", Verdict.AC, 1.0, cpu_ms=0.5, memory_kb=100)
    data = serialize.result_to_json(SubmissionResult("a.py", "/a.py", "python", Verdict.AC, (case, case)))
    assert serialize.result_from_json(copy.deepcopy(data)).verdict is Verdict.AC
    change(data)
    with pytest.raises(ValueError, match=why):
        serialize.result_from_json(data)



def test_long_texts_read_back_are_cut_not_refused():
    """A worker's 20 MB message was printed whole; a lane's own result of a package checker's long
    explanation must still be read (refused, it would be JE where a serial run gives WA): cut."""
    case = CaseResult("c1", "secret", Verdict.WA, 1.0, message="m" * 100_000, diff=("d" * 20_000,) * 20_001,
                      output="o" * 5000)
    data = serialize.result_to_json(SubmissionResult("a.py", "/a.py", "python", Verdict.WA, (case,),
                                                     message="x" * 70_000))
    back = serialize.result_from_json(data)
    got = back.cases[0]
    assert got.verdict is Verdict.WA and len(got.diff) == serialize.MAX_DIFF_LINES
    assert got.message.startswith("m" * serialize.MAX_MESSAGE_CHARS) and got.message.endswith("not kept)")
    assert len(got.diff[0]) < serialize.MAX_DIFF_LINE_CHARS + 50 and len(got.output) < serialize.MAX_OUTPUT_CHARS + 50
    assert len(back.message) < serialize.MAX_MESSAGE_CHARS + 50
