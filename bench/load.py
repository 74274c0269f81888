#!/usr/bin/env python3
"""Load test of `judge serve` (bounded, loopback only): simulated participants submit solutions of every
verdict from submissions/minesweeper against a real server with N embedded workers; then the same
with one worker killed (SIGKILL) halfway. Checked: nothing acknowledged is lost, and every verdict
equals a CLI grade (`judge grade --fuzz 0`) of the same file. Printed: submissions, 429s met (each
retried after its Retry-After), p50/p95/max seconds from the server's acknowledgement to its verdict
(the server's own timestamps), and the wall time of each phase. See README, "judge serve".

Usage: python3 bench/load.py [--participants 50] [--submissions 500] [--minutes 3] [--workers 2] [--phases both]

It keeps both cores busy for several minutes: on a shared machine the latencies move with its load.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SUBMISSIONS = REPO / "submissions" / "minesweeper"
ADMIN = "load-test-admin-token-0123456789"


def files() -> list[Path]:
    """Every known submission, taken from each verdict's folder in turn: any stretch of them mixes verdicts."""
    folders = [sorted(p for p in f.rglob("*") if p.is_file() and not p.name.startswith("."))
               for f in sorted(SUBMISSIONS.iterdir()) if f.is_dir()]
    out: list[Path] = []
    while any(folders):
        out += [f.pop(0) for f in folders if f]
    return out


def cli_verdicts(paths: list[Path]) -> dict[str, str]:
    """What `judge grade --fuzz 0` gives each file (by file path)."""
    done = subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", *map(str, paths), "--json",
                           "--fuzz", "0", "--no-store", "--jobs", "2"], cwd=REPO, capture_output=True, text=True)
    document = json.loads(done.stdout)
    return {str(Path(r["path"]).resolve()): r["verdict"] for r in document["results"]}


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """A participant's calls to the server."""

    def __init__(self, url: str, token: str):
        self.url, self.token = url, token

    def call(self, method: str, path: str, body: object = None) -> tuple[int, object, dict[str, str]]:
        data = b"" if body is None and method == "POST" else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Authorization": f"Bearer {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read()), dict(answer.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), {k.lower(): v for k, v in error.headers.items()}


def phase(args: argparse.Namespace, folder: Path, expected: dict[str, str], kill: bool) -> dict[str, object]:
    """One run against a fresh server; its figures."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    people = [f"p{i:02d}" for i in range(1, args.participants + 1)]
    start = datetime.now(timezone.utc) - timedelta(minutes=1)
    contest = {"name": "load", "problems": [str(REPO / "problems" / "minesweeper")], "start": start.isoformat(),
               "end": (start + timedelta(hours=6)).isoformat(), "scoring": "ioi",
               "limits": {"source_kb": 64, "per_minute": 10, "queued": 3},
               "participants": [{"id": p, "name": p, "token": f"{p}-token-0123456789"} for p in people]}
    (folder / "contest.json").write_text(json.dumps(contest))  # JSON is YAML
    db = folder / f"load-{'kill' if kill else 'plain'}.sqlite3"
    log = (folder / f"serve-{port}.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--contest", str(folder / "contest.json"),
                               "--port", str(port), "--db", str(db), "--workers", str(args.workers)],
                              cwd=REPO, env=dict(os.environ, JUDGE_ADMIN_TOKEN=ADMIN), stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)
    admin = Client(url, ADMIN)
    for _ in range(300):
        try:
            admin.call("GET", "/api/contest")
            break
        except OSError:
            time.sleep(0.2)
    pool = files()
    plan = [(people[i % len(people)], pool[i % len(pool)], args.minutes * 60 * i / args.submissions)
            for i in range(args.submissions)]
    acknowledged: dict[int, tuple[str, Path]] = {}
    refusals = Counter()
    lock = threading.Lock()
    began = time.monotonic()
    killed: list[int] = []

    def participant(who: str) -> None:
        client = Client(url, f"{who}-token-0123456789")
        for owner, path, at in plan:
            if owner != who:
                continue
            time.sleep(max(0.0, at - (time.monotonic() - began)))
            while True:
                status, answer, headers = client.call("POST", "/api/submissions", {
                    "problem": "minesweeper", "filename": path.name, "source": path.read_text()})
                if status == 201:
                    assert isinstance(answer, dict)
                    with lock:
                        acknowledged[int(answer["id"])] = (who, path)
                        if kill and not killed and len(acknowledged) >= args.submissions // 2:
                            _, queue, _ = admin.call("GET", "/api/admin/queue")
                            assert isinstance(queue, dict)
                            if queue["workers"]:
                                os.kill(queue["workers"][0], signal.SIGKILL)
                                killed.append(queue["workers"][0])
                    break
                with lock:
                    refusals[status] += 1
                if status != 429:
                    raise SystemExit(f"{who}: {path.name}: {status} {answer}")
                time.sleep(float(headers.get("retry-after", "1")))

    threads = [threading.Thread(target=participant, args=(p,)) for p in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done: dict[int, dict[str, object]] = {}
    while len(done) < len(acknowledged):
        for who in people:
            _, mine, _ = Client(url, f"{who}-token-0123456789").call("GET", "/api/submissions")
            assert isinstance(mine, list)
            done.update({s["id"]: s for s in mine if s["state"] == "done"})
        time.sleep(1)
    wall = time.monotonic() - began
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(30)
    latencies = sorted((datetime.fromisoformat(str(s["graded_at"])) -
                        datetime.fromisoformat(str(s["submitted_at"]))).total_seconds() for s in done.values())
    wrong = [(sid, path.name, done[sid]["verdict"], expected[str(path.resolve())])
             for sid, (_, path) in acknowledged.items() if done[sid]["verdict"] != expected[str(path.resolve())]]
    return {"phase": "one worker killed halfway" if kill else "two workers" if args.workers == 2 else "workers",
            "acknowledged": len(acknowledged), "graded": len(done), "lost": len(acknowledged) - len(done),
            "mismatches": wrong, "refused_429": refusals[429], "killed": killed,
            "p50": statistics.median(latencies), "p95": latencies[int(0.95 * (len(latencies) - 1))],
            "max": latencies[-1], "wall": wall, "verdicts": Counter(str(s["verdict"]) for s in done.values())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", type=int, default=50)
    parser.add_argument("--submissions", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=3.0, help="the submissions are spread over this long")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--phases", choices=["plain", "kill", "both"], default="both")
    args = parser.parse_args()
    pool = files()
    print(f"CLI grade of the {len(pool)} files (the expected verdicts) ...", flush=True)
    expected = cli_verdicts(pool)
    ok = True
    with tempfile.TemporaryDirectory(prefix="judge-load-") as tmp:
        for kill in {"plain": [False], "kill": [True], "both": [False, True]}[args.phases]:
            r = phase(args, Path(tmp), expected, kill)
            ok = ok and not r["lost"] and not r["mismatches"]
            print(f"{r['phase']}: {r['acknowledged']} acknowledged, {r['graded']} graded, {r['lost']} lost, "
                  f"{len(r['mismatches'])} verdicts unlike the CLI's {r['mismatches'][:5]}, "  # type: ignore[index]
                  f"{r['refused_429']} x 429 (retried), killed {r['killed']}; submit->verdict p50 {r['p50']:.1f} s, "
                  f"p95 {r['p95']:.1f} s, max {r['max']:.1f} s; wall {r['wall']:.0f} s; {dict(r['verdicts'])}",
                  flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
