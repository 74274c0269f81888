"""The end of a judge process (judge/shutdown.py): at once, yet with nothing of its own left undone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """import atexit, sys, threading, time
from judge import shutdown
def late():
    time.sleep(0.3)
    open(sys.argv[1] + ".thread", "w").close()
class Finalized:
    def __del__(self):
        sys.stderr.write("finalized")
kept = Finalized()
atexit.register(lambda: open(sys.argv[1] + ".atexit", "w").close())
threading.Thread(target=late).start()
threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
sys.stdout.write("unflushed")
shutdown.end(3)
"""


def test_the_process_ends_with_its_output_its_threads_and_its_handlers_done_and_no_teardown(tmp_path: Path):
    """Its buffered output is written, its non-daemon threads (a box's teardown) finish and its atexit
    handlers run; a daemon thread does not hold it, and the interpreter's teardown of every object (a
    lane's 9 ms of CPU) is skipped: no __del__ runs."""
    mark = tmp_path / "mark"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(mark)], capture_output=True, text=True, timeout=30,
                          cwd=Path(__file__).resolve().parent.parent)
    assert (done.returncode, done.stdout, done.stderr) == (3, "unflushed", "")
    assert mark.with_suffix(".thread").exists() and mark.with_suffix(".atexit").exists()
