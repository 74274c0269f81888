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
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from judge import __version__, languages
from judge.cluster.job import Job, result_from_json
from judge.errors import BrokerError, JobError
from judge.grading.recorder import first_failure
from judge.results import scoring, serialize
from judge.results.records import now
from judge.results.store import Store
from judge.service import worker
from judge.service.state import State

if TYPE_CHECKING:
    from judge.cluster.client import Cluster
    from judge.service.service import ProblemInfo
from judge.verdict import FirstFailure, Recording, Verdict

#: A submission whose grading broke its worker this many times gets JE instead of another try.
MAX_ATTEMPTS = 3
POLL_SECONDS = 0.5
#: With a broker: jobs sent and not yet back at once (the workers' queues hold them; Celery spreads them).
REMOTE_INFLIGHT = 64
#: A job of a language no live worker has served for a while (client.WATCH_PATIENCE looks in a row).
UNSERVED = "no live worker serves its language (start one with `judge worker --broker URL --languages ...`)"

Submit = Callable[[dict[str, Any]], "Future[dict[str, Any]]"]


class Grader:
    """Hands queued submissions to workers, at most `workers` at a time, and stores what comes back."""

    def __init__(self, state: State, store: Store, problems: Callable[[str], ProblemInfo], workers: int = 2,
                 cluster: Cluster | None = None, first_failure_ends: bool = False):
        """`first_failure_ends`: an ICPC contest's lazy evaluation (its verdict is the first failing case's)."""
        self.state, self.store, self.problems, self.workers = state, store, problems, workers
        self.first_failure_ends = first_failure_ends
        self.cluster = cluster
        #: Celery task id -> what it grades, and the broker's run id when it was sent (Cluster.broker_run)
        self.remote: dict[str, tuple[Any, ProblemInfo, Job, str | None]] = {}
        self.served: dict[str, int] = {}     # language -> the last watches in a row that found no worker for it
        self.watched = 0.0                   # when the live workers were last asked (time.monotonic)
        self.watch_every: float | None = None  # seconds between asks (None: client.WATCH_EVERY)
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
        self.state.requeue([sid for sid in list(self.inflight)] + [r[0]["id"] for r in self.remote.values()],
                           charged=False)
        for run in self.runs.values():
            self.store.finish_run(run)

    def busy(self) -> int:
        """Submissions being graded now (with a broker: sent and not yet back)."""
        return len(self.inflight) + len(self.remote)

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
        if self.cluster is not None:
            self._dispatch_remote(self.cluster)
            return
        if self.broken or self.pool is None:
            if self.pool is not None:
                self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool, self.broken = self._new_pool(), False
        with self.lock:
            free = self.workers - len(self.inflight)
        for row, info, job in self._jobs(free):
            try:
                future = self.pool.submit(worker.grade, job.to_json(), str(info.problem.root))
            except (BrokenProcessPool, RuntimeError):
                self.state.requeue([row["id"]], charged=False)
                self.broken = True
                return
            with self.lock:
                self.inflight[row["id"]] = future
            future.add_done_callback(functools.partial(self._done, row, info, job))

    def _jobs(self, free: int) -> list[tuple[Any, ProblemInfo, Job]]:
        """Up to `free` queued submissions as jobs, marked running; those past MAX_ATTEMPTS get JE instead."""
        out = []
        for row in self.state.claim(free):
            try:
                info = self.problems(row["problem"])
            except KeyError:  # stored under a contest file that had it; this one has not
                self.state.finish(row["id"], Verdict.JE.value, 0.0, 0.0, "", json.dumps({"result": {
                    "verdict": Verdict.JE.value, "message": "its problem is no longer in the contest",
                    "cases": []}, "failure": None}))
                continue
            job = Job(problem=row["problem"], tests=info.tests, package=info.problem.grading_fingerprint,
                      language=row["language"], name=worker.file_name(row["filename"], row["language"]),
                      source=bytes(row["source"]).decode(),
                      author=row["participant"], fuzz=0, first_failure_ends=self.first_failure_ends)
            if row["attempts"] >= MAX_ATTEMPTS:  # as read before this claim: three workers died on it already
                self._store(row, info, self._judge_error(job, "its grading stopped the worker too many times"))
            else:
                out.append((row, info, job))
        return out

    def _dispatch_remote(self, cluster: Cluster) -> None:
        """With a broker: send what is queued (up to REMOTE_INFLIGHT at once; Celery acknowledges a job only
        once graded, so a worker killed mid-job loses nothing), and keep the results that are in."""
        from judge.cluster.client import WATCH_PATIENCE, meaning  # as grade --broker reads them

        run = cluster.broker_run()
        self._watch(cluster)
        for row, info, job in self._jobs(max(REMOTE_INFLIGHT, self.workers) - len(self.remote)):
            if self.served.get(job.language, 0) >= WATCH_PATIENCE:  # as the start-up warning says: JE
                self._store(row, info, self._judge_error(job, UNSERVED))
                continue
            try:
                self.remote[cluster.send(job)] = (row, info, job, run)
            except BrokerError as exc:
                self.state.requeue([row["id"]], charged=False)
                print(f"judge serve: {exc}", file=sys.stderr)
                return
        for tid in list(self.remote):
            row, info, job, sent_on = self.remote[tid]
            answer = cluster.app.AsyncResult(tid)
            if not answer.ready():
                if run is not None and sent_on is not None and run != sent_on:
                    # Redis restarted since (it keeps its queues in memory): the job is gone; send it again
                    # (not counted to it: its worker did not die).
                    self.remote.pop(tid)
                    self.state.requeue([row["id"]], charged=False)
                elif self.served.get(job.language, 0) >= WATCH_PATIENCE:
                    self.remote.pop(tid)
                    answer.forget()
                    self._store(row, info, self._judge_error(job, UNSERVED))
                continue
            self.remote.pop(tid)
            if answer.state == "REVOKED" or type(answer.result).__name__ == "TaskRevokedError":
                # Nobody here revokes: a worker's task ended by its broker's restart is graded again.
                answer.forget()
                self.state.requeue([row["id"]], charged=False)
                continue
            got = meaning({"status": answer.state, "result": answer.result})
            answer.forget()
            self._store(row, info, got if isinstance(got, dict) else self._judge_error(job, got))

    def _watch(self, cluster: Cluster) -> None:
        """Every WATCH_EVERY seconds, which languages some live worker serves: one none has served for
        WATCH_PATIENCE looks in a row gets JE, where its jobs waited in a queue nobody reads for ever."""
        from judge.cluster.client import WATCH_EVERY

        if time.monotonic() - self.watched < (self.watch_every or WATCH_EVERY):
            return
        self.watched = time.monotonic()
        try:
            served = cluster.languages()
        except BrokerError:
            return
        for name in languages.LANGUAGES:
            self.served[name] = 0 if name in served else self.served.get(name, 0) + 1

    def _done(self, row: Any, info: ProblemInfo, job: Job, future: Future[dict[str, Any]]) -> None:
        try:
            document: dict[str, Any] | None = future.result()
        except BrokenProcessPool:  # a worker died: this one goes back to the queue
            self.broken = True
            self.state.requeue([row["id"]])
            document = None
        except Exception as exc:  # the judge failed on it (a broken package, a bug): JE, said as such
            document = self._judge_error(job, f"{type(exc).__name__}: {exc}")
        with self.lock:
            self.inflight.pop(row["id"], None)
        if document is not None and not self.stopping.is_set():
            self._store(row, info, document)
        self.wakeup.set()

    def _judge_error(self, job: Job, message: str) -> dict[str, Any]:
        return {"submission": job.name, "path": job.name, "language": job.language, "verdict": Verdict.JE.value,
                "passed": 0, "total": 0, "message": message, "sha256": "", "max_time_ms": 0.0, "first_failure": None,
                "cases": []}

    def _store(self, row: Any, info: ProblemInfo, data: dict[str, Any]) -> None:
        """Keep a worker's result (grade_job's JSON): the verdict and score in the service's table, the first
        failing case with its inputs for the pages, and the whole in the results store."""
        try:
            result = result_from_json(data)
        except JobError as exc:
            result = result_from_json(self._judge_error(Job(problem=row["problem"], tests=info.tests, package="",
                                      language=row["language"], name=row["filename"], source="-"), str(exc)))
        got, total = scoring.score(result.cases, scoring.weights(info.problem))
        failure = first_failure(result, info.cases)
        document = serialize.submission_to_json(result)  # without each case's `got`: the failure keeps its own
        self.state.finish(row["id"], result.verdict.value, got, total, info.tests,
                          json.dumps({"result": document,
                                      "failure": None if failure is None else serialize.failure_to_json(failure)}))
        key = (row["problem"], info.tests)  # a run per problem and test set: `judge leaderboard` ranks them
        if key not in self.runs:
            self.runs[key] = self.store.start_run(row["problem"], info.tests, len(info.cases), __version__,
                                                  problem_path=str(info.problem.root))
        stored = replace(result, submission=f"{row['id']}-{row['filename']}", path=f"serve:{row['id']}",
                         recording=Recording(row["participant"], False, now(), got, total,
                                             submitted_at=row["submitted_at"]))
        self.store.record(self.runs[key], stored, first_failure=failure)


def failure_record(data: dict[str, Any] | None) -> FirstFailure | None:
    """A first failing case back from its JSON (serialize.failure_to_json): what the HTML report draws."""
    if data is None:
        return None
    case = replace(serialize.case_from_json({**data, "time_ms": 0, "cpu_ms": None, "memory_kb": None, "answer": ""}),
                   got=data.get("got"))
    return FirstFailure(case, data.get("args"), data.get("expected"))
