"""Per-participant submission rates: a sliding window of the last minute, in memory; and the address
blocks a client's guesses and connections are counted by.

Kept in the server's memory on purpose: a restart forgets it, which at worst lets one more minute's
worth through; the queued-per-participant limit is counted from the store and survives restarts.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import defaultdict, deque

WINDOW_SECONDS = 60.0
#: Keys a limiter keeps at least before it drops those with nothing left in their window.
PRUNE_FLOOR = 1024


class RateLimiter:
    """At most `per_minute` submissions per participant in any 60 seconds (or `window` seconds)."""

    def __init__(self, per_minute: int, window: float = WINDOW_SECONDS):
        self.per_minute, self.window = per_minute, window
        self.seen: dict[str, deque[float]] = defaultdict(deque)
        self.lock = threading.Lock()
        self.prune_at = PRUNE_FLOOR   # how many keys are kept before those with nothing in the window go

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
            if len(self.seen) > self.prune_at:  # a key for every address ever seen grew without bound (round 29)
                for key in [k for k, w in self.seen.items() if not w or w[-1] <= moment - self.window]:
                    del self.seen[key]
                self.prune_at = max(PRUNE_FLOOR, 2 * len(self.seen))
            return None


def address_block(address: str, v4: int, v6: int) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """The /v4 (IPv4, an IPv4-mapped IPv6 address too) or /v6 (IPv6) block holding `address`, or None for
    text that is no address (a test client's name)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ipaddress.ip_network(f"{ip}/{v4 if ip.version == 4 else v6}", strict=False)
