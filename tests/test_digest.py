"""judge/digest.py: SHA-256 without loading OpenSSL on a command's way to its first box, the same digests."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from judge import digest

ROOT = Path(__file__).resolve().parent.parent


def _python(program: str) -> str:
    """What `program` prints, run by a fresh interpreter in the checkout (nothing of this process loaded)."""
    return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          check=True).stdout


def test_the_same_digest_as_hashlibs_small_or_large_in_one_piece_or_several():
    for data in (b"", b"abc", bytes(range(256)) * 4000):
        assert digest.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        assert digest.sha256(data).digest() == hashlib.sha256(data).digest()
    parts = digest.sha256(b"a")
    parts.update(b"bc")
    assert parts.hexdigest() == hashlib.sha256(b"abc").hexdigest()


def test_the_modules_on_grades_way_to_its_first_server_load_no_openssl_and_large_data_does():
    """hashlib (OpenSSL's libcrypto, 2.5-5.5 ms) is not loaded on `judge grade`'s way to its first server;
    a large text is hashed by OpenSSL all the same."""
    program = ("import sys, json\n"
               "import judge.cli.main, judge.sandbox.box, judge.problems.problem, judge.grading.grade, "
               "judge.grading.warm\n"
               "from judge.problems.problem import load_problem\n"
               "load_problem('minesweeper')\n"
               "before = 'hashlib' in sys.modules\n"
               "from judge import digest\n"
               "small = digest.sha256(b'x' * 1000).hexdigest()\n"
               "still = 'hashlib' in sys.modules\n"
               "digest.sha256(b'x' * (digest.SMALL + 1))\n"
               "print(json.dumps([before, still, 'hashlib' in sys.modules, small]))\n")
    out = _python(program)
    before, still, after, small = json.loads(out)
    assert not before and not still and after
    assert small == hashlib.sha256(b"x" * 1000).hexdigest()


def test_small_digests_load_openssl_once_they_add_up_to_a_large_one():
    """The built-in SHA-256 is about 5x slower per byte: past SMALL bytes hashed in all, OpenSSL takes over;
    a one-submission `judge grade` on the peers' 50 cases (about 550 KB) never loads it."""
    program = ("import sys, json\n"
               "from judge import digest\n"
               "piece = b'x' * (digest.SMALL // 8)\n"
               "seen = []\n"
               "for _ in range(9):\n"
               "    digest.sha256(piece)\n"
               "    seen.append('hashlib' in sys.modules)\n"
               "print(json.dumps(seen))\n")
    out = _python(program)
    assert json.loads(out) == [False] * 8 + [True]


def test_a_thread_hashing_while_another_imports_hashlib_gets_the_right_digest():
    """While one thread's first large digest imports hashlib, the module is in sys.modules without its
    constructors: another thread's digest took it from there (the review: AttributeError in 19 runs of 20)."""
    program = ("import sys, threading\n"
               "sys.setswitchinterval(1e-6)\n"
               "from judge import digest\n"
               "assert 'hashlib' not in sys.modules\n"
               "errors, stop = [], threading.Event()\n"
               "def small():\n"
               "    while not stop.is_set():\n"
               "        try:\n"
               "            digest.sha256(b'answer').hexdigest()\n"
               "        except Exception as exc:\n"
               "            errors.append(repr(exc)); return\n"
               "t = threading.Thread(target=small); t.start()\n"
               "digest.sha256(b'x' * (digest.SMALL + 1))\n"
               "stop.set(); t.join()\n"
               "print(errors)\n")
    for _ in range(5):
        assert _python(program).strip() == "[]"
