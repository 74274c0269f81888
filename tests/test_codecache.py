"""judge/codecache.py: dataclasses' generated methods compiled once per machine, the same code as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = """
import dataclasses, json, typing
from judge import codecache
codecache.install()

@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    name: str = "a"
    tags: tuple = ()

p = Point(1, tags=(2,))
try:
    p.x = 3
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({"added": codecache._added[0], "repr": repr(p), "eq": p == Point(1, tags=(2,)),
                  "hash": hash(p) == hash(Point(1, tags=(2,))), "frozen": frozen,
                  "hints": {k: str(v) for k, v in typing.get_type_hints(Point.__init__).items()},
                  "annotations": [type(v).__name__ for v in Point.__init__.__annotations__.values()],
                  "file": str(codecache.path())}))
"""


def run(cache: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=60, cwd=ROOT,
                         env={**os.environ, "JUDGE_CACHE": str(cache)}, check=True).stdout
    return json.loads(out)


def test_a_class_is_the_same_compiled_then_read_back_and_a_damaged_file_is_compiled_again(tmp_path):
    first, second = run(tmp_path), run(tmp_path)
    assert first["added"] > 0 and second["added"] == 0   # the second process compiled nothing
    same = {k: v for k, v in first.items() if k != "added"}
    assert same == {k: v for k, v in second.items() if k != "added"}
    assert same["repr"] == "Point(x=1, name='a', tags=(2,))" and same["eq"] and same["hash"] and same["frozen"]
    # compiled as dataclasses' own exec() would: not under this module's `from __future__ import annotations`
    assert "str" not in same["annotations"] and same["hints"]["x"] == "<class 'int'>"
    file = Path(first["file"])
    assert file.parent.parent == tmp_path and file.exists()
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0xFF
    file.write_bytes(bytes(data))
    third = run(tmp_path)
    assert third["added"] == first["added"] and {k: v for k, v in third.items() if k != "added"} == same


def test_the_command_line_installs_it_before_the_judges_classes_are_made():
    out = subprocess.run([sys.executable, "-c", "import dataclasses, judge.cli.main, judge.verdict; "
                                                "from judge import codecache; "
                                                "print(dataclasses.exec is codecache._exec, len(codecache._used))"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT, check=True).stdout
    installed, used = out.split()
    assert installed == "True" and int(used) >= 20  # judge.verdict's and the CLI's own classes went through it


def test_each_command_reads_and_writes_a_table_of_its_own(tmp_path):
    """One table for every program had grown to 1,721 sources (serve's, the tests'), read whole by each
    `judge grade`: 5.5-8 ms where its own 370 take 1.5."""
    subprocess.run([sys.executable, "-m", "judge", "problems"], capture_output=True, timeout=60, cwd=ROOT, check=True,
                   env={**os.environ, "JUDGE_CACHE": str(tmp_path)})
    tables = {f.name: f.read_bytes() for f in (tmp_path / "code").iterdir()}
    assert [name.rsplit("-", 1)[1] for name in tables] == ["problems"]
    other = run(tmp_path)  # a program that installs no command's table: the one of any other
    assert other["added"] > 0 and Path(other["file"]).name.endswith("-any")
    assert {f.name: f.read_bytes() for f in (tmp_path / "code").iterdir() if f.name in tables} == tables


def test_a_profile_that_is_not_a_name_is_any_other_programs_table(tmp_path):
    """install() takes a command's name; a path in its place never points the table outside code/."""
    program = ("import json, sys\nfrom judge import codecache\ncodecache.install(sys.argv[1])\n"
               "print(json.dumps(str(codecache.path())))")
    for profile in ("../../x", "x/../..", "Grade", "add-case"):
        out = subprocess.run([sys.executable, "-c", program, profile], capture_output=True, text=True, timeout=60,
                             cwd=ROOT, env={**os.environ, "JUDGE_CACHE": str(tmp_path)}, check=True).stdout
        file = Path(json.loads(out))
        assert file.parent == tmp_path / "code"
        assert file.name.endswith("-add-case" if profile == "add-case" else "-any")


def test_a_table_others_may_write_is_not_read(tmp_path):
    """The table is code the judge runs outside any box: a file or folder writable by others is not trusted."""
    first = run(tmp_path)
    file = Path(first["file"])
    file.chmod(0o666)
    assert run(tmp_path)["added"] == first["added"]  # compiled again, the file not read
    file.chmod(0o600)
    file.parent.chmod(0o777)
    assert run(tmp_path)["added"] == first["added"]
    file.parent.chmod(0o755)
    assert run(tmp_path)["added"] == 0
