#!/usr/bin/env python3
"""The cluster's overhead: the same submissions graded by `judge grade --jobs 2` here and by two local
`judge worker --concurrency 1` over a Redis broker, in the same run (see README, "Grading on several
machines").

Usage: python3 bench/cluster.py [--submissions N] [--fuzz N]   (default: 40 and 1000)

Both runs grade the same files on the same cases (fixed + --fuzz random ones), with --no-store and
--no-cache; compiled programs and the random cases are made once before either is timed. Printed: each
wall time, their ratio, the engine's overhead per task (the extra wall time of the cluster run, times
its 2 slots, over the submissions), the sender's CPU per submission, and from those an estimate of the
throughput of 10 and 100 worker machines of 2 slots each. On a shared machine the figures move with
its load: run it twice and compare before trusting a digit.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SUBMISSIONS = REPO / "submissions" / "minesweeper"
#: The folders graded: every language and most verdicts; no time-outs, whose cost is the limit itself.
FOLDERS = ("accepted", "wrong_answer", "runtime_error", "compile_error")
SLOTS = 2


def submissions(count: int) -> list[Path]:
    """`count` submission files, taken in turn from each folder so that every verdict is in."""
    folders = [sorted(p for p in (SUBMISSIONS / f).iterdir() if p.is_file()) for f in FOLDERS]
    chosen: list[Path] = []
    while len(chosen) < count and any(folders):
        for files in folders:
            if files and len(chosen) < count:
                chosen.append(files.pop(0))
    return chosen


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def timed(cmd: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the process itself, exit code)."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main() -> None:
    """Grade locally, then on two workers, and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--submissions", type=int, default=40)
    parser.add_argument("--fuzz", type=int, default=1000)
    args = parser.parse_args()
    files = [str(f) for f in submissions(args.submissions)]
    judge = [sys.executable, "-m", "judge"]
    grade = [*judge, "grade", "minesweeper", *files, "--no-store", "--no-cache", "--fuzz", str(args.fuzz)]

    # made once for both: every compiled program, and the random cases with their expected answers
    subprocess.run([*judge, "grade", "minesweeper", *files, "--no-store", "--fuzz", "0"], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    subprocess.run([*judge, "grade", "minesweeper", files[0], "--no-store", "--fuzz", str(args.fuzz)], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    logs = Path(tempfile.mkdtemp(prefix="judge-bench-cluster-"))
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers = [subprocess.Popen([*judge, "worker", "--broker", url, "--concurrency", "1"], cwd=REPO,
                                stdout=open(logs / f"worker{i}.log", "wb"), stderr=subprocess.STDOUT,  # noqa: SIM115
                                start_new_session=True) for i in range(SLOTS)]
    try:
        deadline = time.monotonic() + 60
        while True:
            listed = subprocess.run([*judge, "workers", "--broker", url, "--json"], cwd=REPO,
                                    capture_output=True, text=True)
            if listed.returncode == 0 and listed.stdout.count('"name"') == SLOTS:
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"the workers did not start: see {logs}")
            time.sleep(0.5)
        local_wall, local_cpu, local_rc = timed([*grade, "--jobs", str(SLOTS)])
        cluster_wall, cluster_cpu, cluster_rc = timed([*grade, "--broker", url])
        one = [*judge, "grade", "minesweeper", files[0], "--no-store", "--no-cache", "--fuzz", str(args.fuzz)]
        _, one_cpu, _ = timed([*one, "--broker", url])  # the sender's fixed cost: start, cases, workers asked
    finally:
        for w in workers:
            os.killpg(w.pid, signal.SIGTERM)
        for w in workers:
            w.wait()
        redis.terminate()
        redis.wait()

    n = len(files)
    per_task = (cluster_wall - local_wall) * SLOTS / n       # slot-seconds the engine adds to each submission
    grading = local_wall * SLOTS / n                          # slot-seconds one submission takes to grade
    sender = max(cluster_cpu - one_cpu, 0.0) / (n - 1)       # the sender's CPU per further submission
    print(f"{n} submissions x (fixed + {args.fuzz} random cases), {SLOTS} slots each way (exit codes "
          f"{local_rc}, {cluster_rc}):")
    print(f"  local  judge grade --jobs {SLOTS}:            {local_wall:7.1f} s wall")
    print(f"  cluster {SLOTS} workers x 1, redis on loopback: {cluster_wall:7.1f} s wall")
    print(f"  ratio cluster / local:                   {cluster_wall / local_wall:7.3f}")
    print(f"  engine overhead per task:                {per_task * 1000:7.0f} ms of a slot "
          f"(grading one submission: {grading:.2f} s of a slot)")
    print(f"  sender CPU per submission:               {sender * 1000:7.0f} ms (beyond its fixed {one_cpu:.2f} s: "
          f"start, cases, workers asked)")
    for machines in (10, 100):
        slots = machines * SLOTS
        rate = slots / max(grading + max(per_task, 0.0), 1e-9)
        ceiling = 1 / max(sender, 1e-9)
        bound = "workers" if rate < ceiling else "the sender"
        print(f"  estimate, {machines:3d} machines x {SLOTS} slots:       {min(rate, ceiling) * 60:7.0f} "
              f"submissions/min (bound by {bound}; workers alone: {rate * 60:.0f}, sender alone: "
              f"{ceiling * 60:.0f})")
    print("  (one run on a shared machine: other work on it weighs on both sides and moves these figures)")


if __name__ == "__main__":
    main()
