"""What `judge serve` asks of a client's connection before it gives it a request's worth of work.

uvicorn gives a connection all the time it likes to send a request: a client that opens thousands of
connections and trickles their headers a byte at a time (slowloris) held them all (red-team round 8:
20,000 held for minutes, the server out of descriptors, an honest request timing out). Here a
connection must deliver a whole request, headers and body, within REQUEST_SECONDS of its opening or
of its last answer, else it is closed, as nginx's client_header_timeout and client_body_timeout do.
A request being answered (a slow page, a submission being stored) is not timed: only what the
client sends is. And the log, which a client can make the server write to (every refused accept
while descriptors are short, with its traceback), takes at most LOG_BURST records of one kind a
minute.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from judge.service.limits import address_block

#: Seconds a client has to send a whole request (a source of the contest's limit, on a slow link, included).
REQUEST_SECONDS = 20.0
#: Records of one kind (logger and message) the log takes a minute; the rest are counted, then said.
LOG_BURST = 5
#: Connections open at once from one client address (a classroom behind one NAT, each page keeping one or
#: two); a reverse proxy on this machine (a loopback address) is not counted, its own limits apply.
PER_CLIENT = 256
#: Descriptors kept free of connections, for the store, the workers' pipes and the log.
SPARE_FILES = 256


def connection_cap() -> int:
    """Connections open at once in all: the descriptors the process may open, less SPARE_FILES (red-team
    round 16: 24,000 trickling connections from one address ran the server out of descriptors, its log
    full of `accept() ... Too many open files`, honest requests timing out)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, (soft if soft != resource.RLIM_INFINITY else 1 << 20) - SPARE_FILES)


def raise_file_limit(most: int = 65536) -> None:
    """Take the descriptors the hard limit allows (up to `most`): the soft limit is often 1,024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


class TimedProtocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline on each request's arrival and caps on open connections."""

    #: Connections open now, in all and by client address (one event loop: no lock needed).
    open_total = 0
    open_by_client: dict[str, int] = {}
    cap: int | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: its first request is due within REQUEST_SECONDS; closed at once when the
        server or its client already holds as many as it may."""
        super().connection_made(transport)
        self._arrival: asyncio.TimerHandle | None = None
        self._client = _client(transport)
        cls = TimedProtocol
        if cls.cap is None:
            cls.cap = connection_cap()
        held = cls.open_by_client.get(self._client, 0) if self._client is not None else 0
        if cls.open_total >= cls.cap or held >= PER_CLIENT:
            self._client, self._counted = None, False
            self.transport.close()  # its descriptor is free again at once, not held for REQUEST_SECONDS
            return
        self._counted = True
        cls.open_total += 1
        if self._client is not None:
            cls.open_by_client[self._client] = held + 1
        self._expect()

    def handle_events(self) -> None:
        """uvicorn's handling; once a whole request is in, its deadline is off."""
        super().handle_events()
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._stop_clock()

    def on_response_complete(self) -> None:
        """An answer went out: the next request is due within REQUEST_SECONDS (a pipelined one may be in)."""
        if not self.transport.is_closing():
            self._expect()
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: no deadline left to keep, one fewer open."""
        self._stop_clock()
        if getattr(self, "_counted", False):
            self._counted = False
            cls = TimedProtocol
            cls.open_total -= 1
            if self._client is not None:
                left = cls.open_by_client.get(self._client, 1) - 1
                if left > 0:
                    cls.open_by_client[self._client] = left
                else:
                    cls.open_by_client.pop(self._client, None)
        super().connection_lost(exc)

    def _expect(self) -> None:
        self._stop_clock()
        self._arrival = self.loop.call_later(REQUEST_SECONDS, self._late)

    def _stop_clock(self) -> None:
        if getattr(self, "_arrival", None) is not None:
            assert self._arrival is not None
            self._arrival.cancel()
            self._arrival = None

    def _late(self) -> None:
        self._arrival = None
        if not self.transport.is_closing():
            self.transport.close()  # the app, if it was reading the body, sees the client disconnect


def _client(transport: asyncio.BaseTransport) -> str | None:
    """The peer, counted against PER_CLIENT (an IPv4 address, an IPv6 /64); None for a loopback peer (a
    local reverse proxy, whose clients are many) or one not known."""
    peer = transport.get_extra_info("peername")
    host = peer[0] if isinstance(peer, tuple) and peer else None
    if not isinstance(host, str):
        return None
    # One IPv6 client holds a whole /64 (its addresses are its to choose): its share is the /64's.
    exact = address_block(host, 32, 128)
    if exact is None:
        return host
    if exact.network_address.is_loopback:
        return None
    return str(exact.network_address) if exact.version == 4 else str(address_block(host, 32, 64))


class Burst(logging.Filter):
    """At most LOG_BURST records of each kind (logger and message template) a minute; the first one
    after a quiet spell says how many were left out."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[str, Any], list[float | int]] = {}   # kind -> [window start, taken, left out]

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the record is written."""
        kind = (record.name, record.msg if isinstance(record.msg, str) else type(record.msg).__name__)
        now = time.monotonic()
        window = self.seen.get(kind)
        if window is None or now - window[0] >= 60:
            left_out = int(window[2]) if window is not None else 0
            self.seen[kind] = [now, 1, 0]
            if len(self.seen) > 1000:  # kinds are few; a flood of distinct messages must not grow this
                self.seen = {kind: self.seen[kind]}
            if left_out:
                record.msg = f"{record.msg} ({left_out} more like it in the minute before were not logged)"
            return True
        if window[1] < LOG_BURST:
            window[1] += 1
            return True
        window[2] += 1
        return False


def quiet_floods() -> None:
    """Put a Burst on the loggers a client can make write: the event loop's and uvicorn's."""
    for name in ("asyncio", "uvicorn", "uvicorn.error"):
        logging.getLogger(name).addFilter(Burst())
