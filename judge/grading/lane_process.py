"""A grading lane's process seen from the judge: started (early, even before the problem is known),
sent frames, ended. The lane's own side, and how lanes share submissions, are judge/grading/lanes.py.

Light on purpose: `judge grade` imports it as it starts, to start the other lanes' processes before
its own imports (judge/cli/main.py).
"""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.problems.problem import Problem
    from judge.sandbox.box import Box

_SIZE = struct.Struct("!I")
#: What the judge's package root must be on a child's path for it to import judge.grading.lanes.
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
#: The child's program: judge.grading.lanes run as __main__, with the working folder taken off the
#: path first (`-m` and `-c` put it there; Python 3.10 has no -P), its dataclasses' code from the
#: cache as the command's is, a lane's own table (judge/codecache.py). A `re.py` or `json.py` in the folder
#: the judge is run from (a hand-in folder) was imported by the lane, which died: its submissions JE.
_BOOT = ("import os, sys\n"
         "if sys.path and sys.path[0] in ('', os.getcwd()): del sys.path[0]\n"
         "from judge import codecache\n"
         "codecache.install('lane')\n"
         "import runpy\n"
         "runpy.run_module('judge.grading.lanes', run_name='__main__', alter_sys=True)\n")

#: A submission given to a lane: its index in the run and its path; None: no more.
Item = tuple[int, Path] | None


def write_frame(stream: IO[bytes], data: bytes) -> None:
    """One frame: the bytes with their length before them."""
    stream.write(_SIZE.pack(len(data)) + data)
    stream.flush()


def read_frame(stream: IO[bytes]) -> bytes:
    """The next frame's bytes; EOFError when the other side is gone."""
    head = stream.read(_SIZE.size)
    if len(head) < _SIZE.size:
        raise EOFError
    size = _SIZE.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return data


def send(stream: IO[bytes], value: object) -> None:
    """To a child: the judge's own values as one pickle."""
    import pickle  # here and below: only lanes in processes need it, never `--jobs 1`

    write_frame(stream, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def receive(stream: IO[bytes]) -> Any:
    """In a child, from its judge: the next value; EOFError when the judge is gone."""
    import pickle

    return pickle.loads(read_frame(stream))


class Child:
    """One lane in a process of its own, seen from the judge."""

    def __init__(self) -> None:
        """Start the process; it imports the judge and then waits for its setup (`begin`)."""
        env = dict(os.environ)
        # -S with the judge's own module path: the child imports what the judge imports, without the
        # `site` start (the .pth files of site-packages: 20 ms of its 0.1 s start here), which would
        # otherwise run on the cores the first boxes are using.
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(p for p in (_PACKAGE_ROOT, *sys.path) if p))
        env["JUDGE_LANE_PARENT"] = str(os.getpid())
        self.proc = subprocess.Popen([sys.executable, "-S", "-c", _BOOT], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env)
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both PIPE
        self.to_child, self.from_child = self.proc.stdin, self.proc.stdout
        self.held: list[int] = []       # what it was sent and has not answered
        self.early: Path | None = None  # the submission it started ahead, before its setup (`start_early`)
        self.problem: Problem | None = None

    def start_early(self, problem: Problem, source: Path, box: Box | None = None) -> None:
        """Have it start `source`'s server now, for the problem it will be given (the same object), in
        `box`: the judge's own, which passed its self-test (the child then runs none of its own)."""
        self.early, self.problem = Path(source), problem
        try:
            send(self.to_child, ("early", problem, self.early, box))
        except (BrokenPipeError, ValueError):
            pass

    def begin(self, setup: dict[str, Any]) -> None:
        """Send it the problem, the cases and the options."""
        try:
            send(self.to_child, setup)
        except (BrokenPipeError, ValueError):  # it died: its reader reports what it is given
            pass

    def give(self, item: Item) -> None:
        """Send it a submission (or None: no more)."""
        if item is not None:
            self.held.append(item[0])
        try:
            send(self.to_child, item)
        except (BrokenPipeError, ValueError):  # it died: its reader reports what it held
            pass

    def interrupt(self) -> None:
        """Ctrl-C for this lane: it stops at its next case and ends its boxes."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)

    def release(self) -> None:
        """Not needed after all: tell it so without waiting (it ends once its imports are done)."""
        try:
            self.to_child.close()
        except OSError:
            pass

    def close(self, timeout: float = 30.0) -> None:
        """Wait for it to end (it ends once told there is nothing more, or interrupted); kill it if it hangs."""
        try:
            self.to_child.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.from_child.close()


_SPARE: list[Child] = []
_SPARE_LOCK = threading.Lock()


def spawn(count: int) -> None:
    """Start `count` child lanes now, before the problem is known (`judge grade` of several
    submissions, as its command starts): each one's interpreter and imports (0.1 s of CPU) then run
    on a core the judge's own start leaves idle, instead of beside its first cases."""
    with _SPARE_LOCK:
        _SPARE.extend(Child() for _ in range(count - len(_SPARE)))


def prepare(problem: Problem, sources: Sequence[Path], jobs: int, box: Box | None = None) -> None:
    """Start the child lanes of the next grade() of `sources` now (or take those spawn() started),
    each with the server of the submission it will most likely grade first (sources[1],
    sources[2], ...): they boot that box while the caller loads the cases. A spare lane no grade()
    needs is let go (it ends on its own); unused ones end with the judge."""
    wanted = min(jobs, len(sources)) - 1
    with _SPARE_LOCK:
        for extra in _SPARE[max(wanted, 0):]:
            extra.release()
        del _SPARE[max(wanted, 0):]
        _SPARE.extend(Child() for _ in range(wanted - len(_SPARE)))
        for k, lane in enumerate(_SPARE, start=1):
            if lane.early is None:
                lane.start_early(problem, sources[k], box)


def take_children(count: int) -> list[Child]:
    """`count` child lanes: the spares still alive first, new ones for the rest."""
    with _SPARE_LOCK:
        taken = [child for child in _SPARE[:count] if child.proc.poll() is None]
        del _SPARE[:count]
    return taken + [Child() for _ in range(count - len(taken))]
