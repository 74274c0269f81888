"""The end of a judge process (the command, a grading lane): its work done, it ends at once.

What the interpreter's own shutdown would still do (tearing down every module and object one by one:
8-10 ms of a 150 ms `judge grade`, 9 of a grading lane's 60 ms of CPU) has no effect outside the
process: output is flushed, non-daemon threads (a last box's teardown) are waited for and `atexit`
handlers run (temporary folders, the store's connection) before os._exit. A flush that fails (a
closed pipe) is left to the interpreter, which reports it as it always does.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import NoReturn


def end(code: int) -> NoReturn:
    """End the process with `code` once its output is out, its threads done and its exit handlers run."""
    _flush(code)
    current = threading.current_thread()
    for thread in threading.enumerate():
        if thread is not current and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    _flush(code)
    os._exit(code)


def _flush(code: int) -> None:
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
