"""The queue's consumer: takes stored submissions oldest first and grades them in worker processes,
then stores each result (the service's table and the results store, so `judge leaderboard` sees it).

Embedded (the default): a pool of N processes of this machine, each running worker.grade_job: the
server's own process never runs a submission. A worker that dies (killed, out of memory) breaks
the pool: every submission it held goes back to the queue and a new pool starts, so nothing that
got an id is lost. With a broker the same loop hands jobs to the Celery workers instead (issue 13).
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from judge import __version__
from judge.results import serialize
from judge.results.records import now
from judge.results.store import Store
from judge.service import worker
from judge.service.state import State
from judge.verdict import FirstFailure, Recording, Verdict

#: A submission whose grading broke its worker this many times gets JE instead of another try.
MAX_ATTEMPTS = 3
POLL_SECONDS = 0.5

Submit = Callable[[dict[str, Any]], "Future[dict[str, Any]]"]


class Grader:
    """Hands queued submissions to workers, at most `workers` at a time, and stores what comes back."""

    def __init__(self, state: State, store: Store, roots: dict[str, str], tests: Callable[[str], str],
                 workers: int = 2):
        self.state, self.store, self.roots, self.tests, self.workers = state, store, roots, tests, workers
        self.wakeup = threading.Event()
        self.stopping = threading.Event()
        self.inflight: dict[int, Future[dict[str, Any]]] = {}
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None
        self.broken = False
        self.runs: dict[tuple[str, str], int] = {}  # (problem, test set) -> the results store's run
        self.thread = threading.Thread(target=self._loop, name="judge-grader", daemon=True)

    def start(self) -> None:
        """Put back what a stopped server was grading, then start taking the queue."""
        self.state.requeue_running()
        self.thread.start()

    def wake(self) -> None:
        """Something was queued: look now rather than at the next poll."""
        self.wakeup.set()

    def stop(self) -> None:
        """Stop taking jobs, end the workers; what they held stays `running` and is queued again at the next start."""
        self.stopping.set()
        self.wakeup.set()
        self.thread.join(timeout=10)
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.state.requeue([sid for sid in list(self.inflight)])
        for run in self.runs.values():
            self.store.finish_run(run)

    def busy(self) -> int:
        """Submissions being graded now."""
        return len(self.inflight)

    def worker_pids(self) -> list[int]:
        """The embedded workers' process ids (the load test kills one)."""
        processes = getattr(self.pool, "_processes", None) or {}
        return sorted(processes)

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["judge.service.worker"])  # each worker starts with the judge imported
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context)

    def _loop(self) -> None:
        while not self.stopping.is_set():
            try:
                self._dispatch()
            except Exception as exc:  # the loop must outlive any one bad row; say what happened
                print(f"judge serve: grader: {type(exc).__name__}: {exc}", file=sys.stderr)
            self.wakeup.wait(POLL_SECONDS)
            self.wakeup.clear()

    def _dispatch(self) -> None:
        if self.broken or self.pool is None:
            if self.pool is not None:
                self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool, self.broken = self._new_pool(), False
        with self.lock:
            free = self.workers - len(self.inflight)
        for row in self.state.claim(free):
            job = {"id": row["id"], "problem_root": self.roots[row["problem"]], "tests": self.tests(row["problem"]),
                   "language": row["language"], "filename": row["filename"],
                   "source": bytes(row["source"]).decode("utf-8")}
            if row["attempts"] > MAX_ATTEMPTS:
                self._store(row, self._judge_error(job, "its grading stopped the worker too many times"))
                continue
            try:
                future = self.pool.submit(worker.grade_job, job)
            except (BrokenProcessPool, RuntimeError):
                self.state.requeue([row["id"]])
                self.broken = True
                return
            with self.lock:
                self.inflight[row["id"]] = future
            future.add_done_callback(functools.partial(self._done, row, job))

    def _done(self, row: Any, job: dict[str, Any], future: Future[dict[str, Any]]) -> None:
        try:
            document = future.result()
        except BrokenProcessPool:  # a worker died: this one goes back to the queue
            self.broken = True
            self.state.requeue([row["id"]])
            document = None
        except Exception as exc:  # the judge failed on it (a broken package, a bug): JE, said as such
            document = self._judge_error(job, f"{type(exc).__name__}: {exc}")
        with self.lock:
            self.inflight.pop(row["id"], None)
        if document is not None and not self.stopping.is_set():
            self._store(row, document)
        self.wakeup.set()

    def _judge_error(self, job: dict[str, Any], message: str) -> dict[str, Any]:
        result = {"submission": job["filename"], "path": job["filename"], "language": job["language"],
                  "verdict": Verdict.JE.value, "passed": 0, "total": 0, "message": message, "sha256": "",
                  "max_time_ms": 0.0, "first_failure": None, "cases": []}
        return {"result": result, "failure": None, "score": 0.0, "max_score": 0.0, "tests": job["tests"]}

    def _store(self, row: Any, document: dict[str, Any]) -> None:
        result = document["result"]
        self.state.finish(row["id"], result["verdict"], document["score"], document["max_score"], document["tests"],
                          json.dumps({"result": result, "failure": document["failure"]}))
        self._record(row, document)

    def _record(self, row: Any, document: dict[str, Any]) -> None:
        """Into the results store too, as a run per problem and test set: `judge leaderboard` ranks it."""
        problem, tests = row["problem"], document["tests"]
        try:
            parsed = serialize.submission_from_json(document["result"])
        except ValueError:
            return
        key = (problem, tests)
        if key not in self.runs:
            self.runs[key] = self.store.start_run(problem, tests, parsed.total, __version__,
                                                  problem_path=self.roots[problem])
        stored = replace(parsed, submission=f"{row['id']}-{row['filename']}", path=f"serve:{row['id']}",
                         recording=Recording(row["participant"], False, now(), document["score"],
                                             document["max_score"]))
        self.store.record(self.runs[key], stored, first_failure=failure_record(document["failure"]))


def failure_record(data: dict[str, Any] | None) -> FirstFailure | None:
    """A first failing case back from its JSON (serialize.failure_to_json): what the HTML report draws."""
    if data is None:
        return None
    case = replace(serialize.case_from_json({**data, "time_ms": 0, "cpu_ms": None, "memory_kb": None, "answer": ""}),
                   got=data.get("got"))
    return FirstFailure(case, data.get("args"), data.get("expected"))
