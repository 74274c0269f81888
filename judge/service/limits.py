"""Per-participant submission rates: a sliding window of the last minute, in memory.

Kept in the server's memory on purpose: a restart forgets it, which at worst lets one more minute's
worth through; the queued-per-participant limit is counted from the store and survives restarts.
"""

from __future__ import annotations

import math
import threading
import time
from collections import defaultdict, deque

WINDOW_SECONDS = 60.0


class RateLimiter:
    """At most `per_minute` submissions per participant in any 60 seconds (or `window` seconds)."""

    def __init__(self, per_minute: int, window: float = WINDOW_SECONDS):
        self.per_minute, self.window = per_minute, window
        self.seen: dict[str, deque[float]] = defaultdict(deque)
        self.lock = threading.Lock()

    def wait(self, who: str) -> float | None:
        """The seconds `who` must wait before the next one is allowed, or None (nothing counted)."""
        moment = time.monotonic()
        with self.lock:
            window = self.seen.get(who)
            if window is None or len(window) < self.per_minute or window[0] <= moment - self.window:
                return None
            return max(1.0, math.ceil(window[0] + self.window - moment))

    def take(self, who: str) -> float | None:
        """Count one submission of `who` now; None when allowed, else the seconds to wait (Retry-After)."""
        moment = time.monotonic()
        with self.lock:
            window = self.seen[who]
            while window and window[0] <= moment - self.window:
                window.popleft()
            if len(window) >= self.per_minute:
                return max(1.0, math.ceil(window[0] + self.window - moment))
            window.append(moment)
            return None
