"""Python's harness, run as the judge runs it where the box has a cgroup (`measured`): its worker
answers the judge directly, and looks a moment for the next request after one marked `"poll": true`."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from judge.languages.python import Python

SOLUTION = "class Solution:\n    def updateBoard(self, board, click):\n        return board\n"
BOARD = [["E", "M"], ["E", "E"]]


class Harness:
    """python_server.py started outside any box, on two pipes, the judge's side of each in hand."""

    def __init__(self, folder: Path, solution: str = SOLUTION, measured: bool = True, ready: bool = True):
        source = folder / "solution.py"
        source.write_text(solution)
        req_r, self.req_w = os.pipe()
        self.resp_r, resp_w = os.pipe()
        config = {"request_fd": req_r, "response_fd": resp_w, "source": str(source), "function": "updateBoard",
                  "class": "Solution", "cpu_limit": 5, "memory_bytes": 1 << 30, "output_bytes": 1 << 20,
                  "measured": measured}
        self.proc = subprocess.Popen([sys.executable, "-I", "-S", str(Python.harness), json.dumps(config)],
                                     pass_fds=(req_r, resp_w))
        os.close(req_r)
        os.close(resp_w)
        self.buffer = b""
        self.said = json.loads(self.line())  # its first line: `ready`, unless told otherwise
        assert (self.said == {"status": "ready"}) is ready, self.said

    def line(self) -> bytes:
        while b"\n" not in self.buffer:
            chunk = os.read(self.resp_r, 1 << 16)
            assert chunk, "the server ended"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def ask(self, ident: int, poll: bool) -> dict:
        os.write(self.req_w, b'{"id": %d, %s"args": %s}\n' % (ident, b'"poll": true, ' if poll else b"",
                                                            json.dumps([BOARD, [0, 0]]).encode()))
        return json.loads(self.line())

    def worker_cpu_ns(self) -> int:
        """The CPU time so far of the worker, the server's one child (from the kernel)."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        assert len(children) == 1, children
        return int(Path(f"/proc/{children[0]}/schedstat").read_text().split()[0])

    def close(self) -> None:
        os.close(self.req_w)
        self.proc.wait(10)
        os.close(self.resp_r)


@pytest.fixture
def harness(tmp_path):
    if not Path("/proc/self/task").exists():
        pytest.skip("needs /proc")
    server = Harness(tmp_path)
    yield server
    server.close()


def test_a_polled_request_is_answered_and_the_next_is_read_though_it_comes_after_the_look(harness):
    """The worker looks for the next request for a moment only: one sent 50 ms later still gets its answer."""
    assert harness.ask(1, poll=True) == {"status": "ok", "value": BOARD, "id": 1}
    time.sleep(0.05)
    assert harness.ask(2, poll=True) == {"status": "ok", "value": BOARD, "id": 2}
    assert harness.ask(3, poll=False) == {"status": "ok", "value": BOARD, "id": 3}


@pytest.mark.parametrize("poll", [False, True])
def test_the_look_for_the_next_request_is_short_and_only_after_a_polled_one(harness, poll):
    """While no request comes, a worker after a polled request spends at most a few ms looking (the
    box is charged for it); after an ordinary one it sleeps at once, once it has set the next case's
    limits (some 20-110 us: a look would be SPIN_SECONDS, 300 us, more)."""
    harness.ask(1, poll=poll)
    before = harness.worker_cpu_ns()
    time.sleep(0.2)
    spent_ms = (harness.worker_cpu_ns() - before) / 1e6
    assert spent_ms < (5.0 if poll else 0.25), spent_ms


GLOBALS = """import builtins, gc
class Solution:
    def updateBoard(self, board, click):
        g = globals()
        seen = [__name__, repr(__doc__), repr(__spec__), repr(__loader__), repr(__package__),
                __file__.rsplit("/", 1)[-1], deque.__name__, List is typing.List, pow is builtins.pow, "left" in g,
                sorted(k for k in g if k.startswith("__")), gc.isenabled()]
        g["left"] = 1
        return seen
"""


def test_each_case_has_a_fresh_modules_globals_with_the_platforms_names(tmp_path):
    """A case's globals are a module's (its name, __file__ and the rest as a script has them), with the
    implicit imports (`pow` the builtin), and nothing an earlier case left in them: they are filled
    from the prelude in one copy per case (call()). The cycle collector, off while the server starts,
    is on again for the submission."""
    server = Harness(tmp_path, GLOBALS)
    try:
        for ident in (1, 2):
            answer = server.ask(ident, poll=False)
            assert answer["status"] == "ok", answer
            assert answer["value"] == ["__solution__", "None", "None", "None", "None", "solution.py", "deque", True,
                                       True, False, ["__builtins__", "__doc__", "__file__", "__loader__", "__name__",
                                                     "__package__", "__spec__"], True], answer
    finally:
        server.close()


PROCESS = """import ctypes
class Solution:
    def updateBoard(self, board, click):
        libc, signal = ctypes.CDLL(None), ctypes.c_int()
        libc.prctl(2, ctypes.byref(signal), 0, 0, 0)  # PR_GET_PDEATHSIG
        return [libc.prctl(3, 0, 0, 0, 0), signal.value]  # PR_GET_DUMPABLE
"""


def test_the_server_is_not_dumpable_and_its_worker_dies_with_it(tmp_path):
    """The zygote makes itself non-dumpable (its pipes cannot be reopened through /proc; the worker it
    forks inherits that) and the worker dies with it (SIGKILL on its parent's end): both set with
    prctl through ctypes' C core, not the ctypes package."""
    server = Harness(tmp_path, PROCESS)
    try:
        answer = server.ask(1, poll=False)
        assert answer == {"status": "ok", "value": [0, 9], "id": 1}, answer
    finally:
        server.close()


THREADS = """import sys, threading
class Solution:
    def updateBoard(self, board, click):
        loaded = [m in sys.modules for m in ("_datetime", "_random", "copy", "string")]
        seen, errors = [], []
        def use():
            try:
                seen.append((copy.deepcopy(board) == board, string.digits, datetime.date(2024, 2, 29).day,
                             0 <= random.random() < 1))
            except Exception as exc:  # AttributeError: a module seen half loaded
                errors.append(repr(exc))
        threading.stack_size(1 << 20)
        threads = [threading.Thread(target=use) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return [loaded, errors, len(seen)]
"""


def test_the_implicit_modules_are_loaded_before_any_case(tmp_path):
    """A review of red-team round 25: copy, datetime, random and string bound unloaded (LazyLoader) loaded
    in the first case that used them, without a lock on Python 3.11: threads of that case saw them half
    loaded (AttributeError in 10-12 runs of 20). They are loaded with the others before any case."""
    server = Harness(tmp_path, THREADS)
    try:
        answer = server.ask(1, poll=False)
        assert answer["status"] == "ok" and answer["value"] == [[True] * 4, [], 4], answer
    finally:
        server.close()


RT_SIGNAL = """import os
class Solution:
    def updateBoard(self, board, click):
        if click == [0, 0]:
            os.kill(os.getpid(), 40)  # a real-time signal, which Python's signal.Signals has no name for
        return board
"""


@pytest.mark.parametrize("measured", [True, False])
def test_a_case_killed_by_a_signal_without_a_name_is_that_signal_and_the_server_serves_on(tmp_path, measured):
    """Red-team round 25: Signals(40) raised in the zygote as it described the end, and the zygote died
    (every case RE "ended without answering", with the harness's traceback, each in a new box)."""
    server = Harness(tmp_path, RT_SIGNAL, measured=measured)
    try:
        answer = server.ask(1, poll=False)
        assert (answer["status"], answer["signal"], answer["id"]) == ("signal", "SIG40", 1), answer
        os.write(server.req_w, b'{"id": 2, "args": %s}\n' % json.dumps([BOARD, [1, 0]]).encode())
        answer = json.loads(server.line())
        assert (answer["status"], answer["value"], answer["id"]) == ("ok", BOARD, 2), answer
    finally:
        server.close()


def test_source_too_deep_for_the_compiler_is_a_compile_error(tmp_path):
    """Red-team round 25: 100,000 terms of `1+1+...` raise RecursionError in compile(), which the zygote
    did not catch: it died before `ready` (RE, with its own traceback as the output) instead of CE."""
    server = Harness(tmp_path, "x = " + "1+" * 100_000 + "1\n", ready=False)
    try:
        assert server.said["status"] == "compile_error", server.said
        assert server.said["message"].startswith("RecursionError: "), server.said
    finally:
        server.close()


def _harness_module():
    """python_server.py loaded as a module (it runs nothing on import), for its pure functions."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("python_server_under_test", Python.harness)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    was = gc.isenabled()
    try:
        spec.loader.exec_module(module)  # its first lines turn the collector off, as the box's process wants
    finally:
        if was:
            gc.enable()
    return module


class _Str(str):
    """A str subclass whose methods lie: JSON writes its text, never calling them."""

    def __str__(self) -> str:
        return "lie"

    def __repr__(self) -> str:
        return "lie"


_CELLS = st.one_of(st.sampled_from(["E", "B", "M", "X", "1", "8", "", "ab", " "]), st.text(max_size=3),
                   st.builds(_Str, st.text(max_size=2)), st.integers(), st.booleans(), st.none(), st.floats())
_ROWS = st.one_of(st.lists(_CELLS, max_size=4), _CELLS, st.tuples(_CELLS))
_VALUES = st.one_of(st.lists(_CELLS, max_size=5), st.lists(_ROWS, max_size=5), _CELLS)


@settings(max_examples=600, deadline=None)
@given(value=_VALUES, ident=st.one_of(st.none(), st.integers(min_value=1, max_value=10**18), st.booleans()))
def test_an_answer_of_plain_strings_is_written_byte_for_byte_as_json_writes_it(value, ident):
    """The fast writer of a board's answer (one string per row, not per cell) is taken only where its
    bytes are ENCODER's: the judge recognises an expected answer by its bytes, and decodes the rest strictly."""
    module = HARNESS_MODULE
    outcome = {"status": "ok", "value": value, **({"id": ident} if ident is not None else {})}
    fast = module._plain_answer(outcome)
    if fast is None:
        return
    assert fast == module.ENCODER.encode(outcome)
    assert json.loads(fast)["value"] == value


def test_the_fast_writer_takes_a_board_and_leaves_what_needs_escaping_to_json():
    """What it must take (else no gain) and what it must leave (else a wrong or unsafe line)."""
    module = HARNESS_MODULE
    board = [["E", "1", "B"], ["M", "X", "2"]]
    assert module._plain_answer({"status": "ok", "value": board, "id": 7}) == \
        '{"status":"ok","value":[["E","1","B"],["M","X","2"]],"id":7}'
    assert module._plain_answer({"status": "ok", "value": ["a", ""]}) == '{"status":"ok","value":["a",""]}'
    for value in ([['"', "E"]], [["\\"]], [["\n"]], [["é"]], [["\ud800"]], [[], ["E"]], [], [["E"], "E"],
                  [[["E"]]], [("E",)], [["E", 1]], [[True]]):
        assert module._plain_answer({"status": "ok", "value": value, "id": 1}) is None, value
    assert module._plain_answer({"status": "ok", "value": board, "id": True}) is None
    assert module._plain_answer({"status": "exception", "value": board}) is None


def test_a_board_the_harness_writes_fast_is_decoded_as_sent(tmp_path):
    """End to end: a solution's board with a quote and a non-ASCII cell comes back exactly (ENCODER's
    line), and a plain one too (the fast one)."""
    solution = ("class Solution:\n    def updateBoard(self, board, click):\n"
                "        return [['\"', 'é'], ['E', 'M']] if click[0] else board\n")
    server = Harness(tmp_path, solution)
    try:
        assert server.ask(1, poll=False) == {"status": "ok", "value": BOARD, "id": 1}
        os.write(server.req_w, b'{"id": 2, "args": %s}\n' % json.dumps([BOARD, [1, 0]]).encode())
        line = server.line()
        assert json.loads(line) == {"status": "ok", "value": [['"', "é"], ["E", "M"]], "id": 2}
        assert b"\\u00e9" in line and b'\\"' in line
    finally:
        server.close()


HARNESS_MODULE = _harness_module()
