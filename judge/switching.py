"""The interpreter's thread switch interval, short while a box starts beside the judge's own work.

Starting a box (the sandbox's self-test, a server) is many short steps between system calls (cgroup
files, pipes, a fork), each of which gives up the GIL. While the judge's main thread imports and
loads beside it, each step waited for the GIL up to the 5 ms switch interval: the self-test took 21
ms instead of 10 and a server's start 12 instead of 3. hurry() shortens the interval until as many
calm() calls have come (starts may overlap; the last one puts the interval back).
"""

from __future__ import annotations

import sys
import threading

#: The switch interval while a box starts (seconds).
HURRIED = 0.0005
_lock = threading.Lock()
_state = {"count": 0, "saved": 0.0}


def hurry() -> None:
    """A box starts now: a short switch interval until the matching calm()."""
    with _lock:
        if _state["count"] == 0:
            _state["saved"] = sys.getswitchinterval()
            sys.setswitchinterval(min(_state["saved"], HURRIED))
        _state["count"] += 1


def calm() -> None:
    """That start is over: the interval as it was once no other start is under way."""
    with _lock:
        if _state["count"] == 0:
            return
        _state["count"] -= 1
        if _state["count"] == 0:
            sys.setswitchinterval(_state["saved"])
