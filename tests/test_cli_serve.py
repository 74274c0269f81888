"""`judge serve`'s own checks before it starts: each a one-line error and exit 2."""

from __future__ import annotations

import socket

from helpers import run_judge


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_judge("serve", "--port", port, "--db", tmp_path / "s.sqlite3", timeout=180)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"judge: error: --host 127.0.0.1 --port {port}: cannot listen there: Address already in use"]


def test_bad_numbers_are_refused(tmp_path):
    done = run_judge("serve", "--workers", "0", "--db", tmp_path / "s.sqlite3", timeout=180)
    assert done.returncode == 2 and "--workers must be at least 1" in done.stderr
    done = run_judge("serve", "--port", "70000", timeout=180)
    assert done.returncode == 2 and "--port must be between 0 and 65535" in done.stderr
