"""`judge serve`'s connections (judge/service/connections.py): a request must arrive in time, the log takes bursts."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time

import pytest
import uvicorn

from judge.service import connections
from serving import free_port


async def app(scope, receive, send):
    """A tiny ASGI app: reads the whole body, waits if asked (/slow), answers with the body's size."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    if scope["path"] == "/slow":
        await asyncio.sleep(1.0)  # longer than the deadline: answering is not timed, only arriving
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": str(size).encode()})


@pytest.fixture
def port(monkeypatch):
    """A uvicorn server in a thread, with the judge's protocol and a 0.5 s deadline."""
    monkeypatch.setattr(connections, "REQUEST_SECONDS", 0.5)
    chosen = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=chosen, log_level="error",
                                           access_log=False, http=connections.TimedProtocol))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    yield chosen
    server.should_exit = True
    thread.join(10)


def closed_within(conn: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closed the connection within `seconds`, and what it sent before."""
    conn.settimeout(seconds)
    got = b""
    try:
        while True:
            data = conn.recv(4096)
            if not data:
                return True, got
            got += data
    except TimeoutError:
        return False, got


def answer(conn: socket.socket) -> bytes:
    """One whole answer of the app (chunked: it ends with the last chunk)."""
    conn.settimeout(5)
    got = b""
    while not got.endswith(b"0\r\n\r\n"):
        data = conn.recv(4096)
        assert data, got
        got += data
    return got


def test_a_request_that_never_finishes_its_headers_is_disconnected(port):
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        time.sleep(0.3)
        conn.sendall(b"X-Slow: 1\r\n")  # a trickle does not reset the clock
        closed, got = closed_within(conn, 5)
    assert closed and got == b""


def test_a_body_that_trickles_past_the_deadline_is_disconnected(port):
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"x" * 10)
        closed, got = closed_within(conn, 5)
    assert closed and got == b""


def test_honest_requests_answer_even_slowly_and_keep_alive_past_the_deadline(port):
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(b"POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        closed, got = closed_within(conn, 0.9)  # 1 s to answer, past the 0.5 s deadline: not closed
        assert not closed
        closed, got = closed_within(conn, 2)  # kept open after the answer until the next deadline
        assert got.startswith(b"HTTP/1.1 200") and got.endswith(b"\r\n\r\n1\r\n5\r\n0\r\n\r\n") and closed
    with socket.create_connection(("127.0.0.1", port)) as conn:  # a second request in time on one connection
        for _ in range(2):
            conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer(conn).startswith(b"HTTP/1.1 200")
            time.sleep(0.3)


def test_the_log_takes_bursts_of_one_kind_and_says_what_it_left_out(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(connections.time, "monotonic", lambda: clock[0])
    burst = connections.Burst()

    def record(msg: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, msg, None, None)

    kept = [burst.filter(record("socket.accept() out of system resource")) for _ in range(50)]
    assert kept == [True] * connections.LOG_BURST + [False] * (50 - connections.LOG_BURST)
    assert burst.filter(record("another kind"))  # counted apart
    clock[0] += 61
    later = record("socket.accept() out of system resource")
    assert burst.filter(later) and "45 more like it" in later.getMessage()


def _idle(port: int, count: int) -> list[socket.socket]:
    """`count` connections that send nothing (each waits for its deadline)."""
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    time.sleep(0.1)  # accepted and counted
    return held


def test_one_client_holds_at_most_per_client_connections_and_all_at_most_the_cap(port, monkeypatch):
    """Red-team round 16: two clients kept 24,000 trickling connections (each closed at its deadline and
    opened again): the server ran out of descriptors and honest requests timed out. A connection over a
    client's share, or over the server's, is closed at once; a loopback proxy's are counted in all only."""
    monkeypatch.setattr(connections, "PER_CLIENT", 3)
    monkeypatch.setattr(connections, "_client", lambda transport: "10.0.0.1")  # as if from one remote client
    held = _idle(port, 3)
    with socket.create_connection(("127.0.0.1", port)) as extra:
        closed, got = closed_within(extra, 0.3)  # well before the 0.5 s deadline
    assert closed and got == b""
    held.pop().close()
    time.sleep(0.1)
    with socket.create_connection(("127.0.0.1", port)) as again:
        again.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer(again).startswith(b"HTTP/1.1 200")
    for conn in held:
        conn.close()
    time.sleep(0.2)  # the server has seen them go
    monkeypatch.setattr(connections, "_client", lambda transport: None)  # a loopback proxy: no share of its own
    monkeypatch.setattr(connections.TimedProtocol, "cap", connections.TimedProtocol.open_total + 4)
    held = _idle(port, 4)
    with socket.create_connection(("127.0.0.1", port)) as extra:
        closed, _ = closed_within(extra, 0.3)
    assert closed
    for conn in held:
        conn.close()


def test_the_connection_cap_leaves_descriptors_spare():
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connections.connection_cap() == max(64, soft - connections.SPARE_FILES)


@pytest.mark.parametrize("peer, share", [
    (("10.0.0.7", 5000), "10.0.0.7"), (("::ffff:10.0.0.7", 5000, 0, 0), "10.0.0.7"),
    (("2001:db8:1:2:3:4:5:6", 5000, 0, 0), "2001:db8:1:2::/64"),
    (("127.0.0.5", 5000), None), (("::1", 5000, 0, 0), None),
])
def test_a_clients_share_of_connections_is_its_address_or_its_ipv6_64(peer, share):
    """Round 17: an IPv6 client holds a whole /64, so counting each address let it open 256 per address."""

    class Transport:
        def get_extra_info(self, name):
            return peer if name == "peername" else None

    assert connections._client(Transport()) == share
