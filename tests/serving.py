"""A real `judge serve` for the tests: a subprocess on a free loopback port, its contest file, a client."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import yaml

from helpers import ROOT

ADMIN = "admin-token-for-the-tests-0123456789"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def contest_file(folder: Path, problem: Path, **overrides: Any) -> Path:
    """A contest file in `folder`: started 30 minutes ago, ending in 2 hours, the given problem package."""
    start = datetime.now(timezone.utc) - timedelta(minutes=30)
    data: dict[str, Any] = {
        "name": "Test <contest>", "problems": [str(problem)],
        "start": start.isoformat(), "end": (start + timedelta(hours=2, minutes=30)).isoformat(),
        "scoring": "icpc", "registration": "codes",
        "participants": [{"id": "alice", "name": "Alice", "token": "alice-token-0123456789"},
                         {"id": "bob", "name": "Bob", "token": "bob-token-0123456789ab"}],
    }
    data.update(overrides)
    path = folder / "contest.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


#: Bounds for waits that the machine's load stretches (a shared 2-core machine at load 10 grades a Python
#: submission on Minesweeper's cases in tens of seconds, not the ~2 s it takes alone): generous, never hit when
#: things work, and every wait polls its condition, so a fast machine does not wait for them.
START_SECONDS = 180
GRADING_SECONDS = 300
#: A port found free can be taken by another process before the server binds it: start again on a new one.
PORT_TRIES = 5


class Server:
    """`python3 -m judge serve` running; stop() ends it (SIGTERM, then SIGKILL)."""

    def __init__(self, contest: Path | None, db: Path, workers: int = 2, extra: tuple[str, ...] = ()):
        self.db, self.contest, self.workers = db, contest, workers
        for _ in range(PORT_TRIES):
            if self._start(extra):
                return
        raise RuntimeError(f"judge serve found no free port in {PORT_TRIES} tries: {self.log.read_text()}")

    def _start(self, extra: tuple[str, ...]) -> bool:
        """Start on a free port and wait until it answers; False when the port was taken meanwhile."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, JUDGE_ADMIN_TOKEN=ADMIN, PYTHONPATH=str(ROOT))
        argv = [sys.executable, "-m", "judge", "serve", "--port", str(self.port), "--db", str(self.db),
                "--workers", str(self.workers), *extra]
        if self.contest is not None:
            argv += ["--contest", str(self.contest)]
        self.log = self.db.parent / f"serve-{self.port}.log"
        with self.log.open("w") as out:
            self.process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if "address already in use" in self.log.read_text().lower():  # the CLI's check, or uvicorn's bind
                    return False
                raise RuntimeError(f"judge serve exited {self.process.returncode}: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/contest", timeout=10):
                    return True
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"judge serve did not answer in {START_SECONDS} s: {self.log.read_text()}")

    def stop(self, kill: bool = False) -> None:
        """End the server and its workers (the whole process group)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        try:  # the workers too, whatever became of the server
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None, raw: bytes | None = None) -> tuple[int, Any, Any]:
        """One request: (status, decoded JSON or text, headers)."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        if method == "POST" and data is None:
            data = b""
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, text, got = answer.status, answer.read().decode(), answer.headers
        except urllib.error.HTTPError as error:
            status, text, got = error.code, error.read().decode(), error.headers
        try:
            return status, json.loads(text), got
        except ValueError:
            return status, text, got

    def wait_done(self, token: str, sid: int, timeout: float = GRADING_SECONDS) -> dict[str, Any]:
        """Poll one's own submission until it is graded; its document."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, doc, _ = self.call("GET", f"/api/submissions/{sid}", token=token)
            assert status == 200, doc
            if doc["state"] == "done":
                return dict(doc)
            time.sleep(0.2)
        raise AssertionError(f"submission {sid} not graded in {timeout} s: {self.log.read_text()[-2000:]}")
