"""The sending side: jobs out to the workers' queues, results back as they come, live workers listed.

`judge grade --broker` uses Cluster.grader() inside the Recorder, which writes the store as for a
local run (only the process that sent the jobs writes it). `judge serve` may use Cluster directly:

    cluster = Cluster(url)                       # BrokerError when Redis is down or refuses us
    served = cluster.ready(languages)            # {language: [worker, ...]}; SetupError if none is alive
    ids = {cluster.send(job): job for job in jobs}
    for task_id, got in cluster.results(ids):    # as they finish, each once
        result = result_from_json(got) if isinstance(got, dict) else failed(ids[task_id], cases, got)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judge import files, languages
from judge.cluster.app import check_url, make_app, queue, redact, split_tls
from judge.cluster.job import Job, result_from_json
from judge.errors import BrokerError, JobError, SetupError
from judge.grading.authors import author_of
from judge.grading.grade import Options, display_name
from judge.problems.cases import Case
from judge.problems.problem import Problem
from judge.verdict import CaseResult, SubmissionResult, Verdict

#: Seconds a broadcast to the workers waits for their replies.
REPLY_WAIT = 1.0
#: While results are awaited, the live workers are asked this often; a language none of them serves
#: any more for this many checks in a row has its remaining jobs failed as JE instead of waited for.
WATCH_EVERY, WATCH_PATIENCE = 15.0, 4


@dataclass(frozen=True)
class Worker:
    """A live worker as it describes itself (judge_info)."""

    name: str
    languages: tuple[str, ...]
    sandbox: str
    isolated: bool
    time_limit: float | None
    concurrency: int
    active: int


def redis_client(url: str) -> Any:
    """A redis-py client of the broker at `url` (TLS options as the URL gives them), 5 s time-outs."""
    import redis

    plain, tls = split_tls(check_url(url))
    return redis.Redis.from_url(plain, socket_connect_timeout=5, socket_timeout=5, **(tls or {}))


def ping(url: str) -> None:
    """BrokerError, in one line without the password, unless Redis at `url` answers."""
    import redis

    try:
        client = redis_client(url)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.exceptions.RedisError, OSError, ValueError) as exc:
        raise BrokerError(f"the broker at {redact(url)} cannot be used: {exc}") from None


def _broker_errors() -> tuple[type[BaseException], ...]:
    """What a lost broker raises, from each library on the way (kombu, redis, the socket)."""
    import kombu.exceptions
    import redis

    return (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


def jobs_for(sources: Sequence[Path], problem: str, tests: str, package: str, *, author: str | None, fuzz: int,
             seed: int, keep_going: bool) -> tuple[list[Job], dict[str, str]]:
    """A job per source, in order, and why some are not to be sent (by path): a source too big for a job
    gets a stand-in without its bytes (never read whole, never on the broker), graded JE here."""
    jobs, refused = [], {}
    for source in sources:
        name, who = display_name(source), author_of(source, author)
        try:
            job = Job.for_file(source, name, problem, tests, package, author=who, fuzz=fuzz, seed=seed,
                               keep_going=keep_going)
        except JobError as exc:
            job = Job(problem=problem, tests=tests, package=package, language=languages.for_path(source).name,
                      name=name, source="", author=who, path=str(Path(source).resolve()), fuzz=fuzz, seed=seed,
                      keep_going=keep_going)
            refused[job.path] = str(exc)
        jobs.append(job)
    return jobs, refused


def _file_sha256(path: Path) -> str:
    """The file's identity as a local run gives it (files.source_digest: a sparse file of many GiB is read
    no further than a source may be long), or '' when it cannot be read."""
    try:
        return files.source_digest(path)
    except OSError:
        return ""


def failed(job: Job, cases: Sequence[Case], message: str) -> SubmissionResult:
    """A submission the cluster could not grade: JE on every case, as a local judge error gives it."""
    results = tuple(CaseResult(c.name, c.group, Verdict.JE, message=message, answer=Verdict.JE.value) for c in cases)
    return SubmissionResult(submission=job.name, path=job.path or job.name, language=job.language,
                            verdict=Verdict.JE, cases=results, message=message,
                            sha256=files.digest(job.source_bytes()))


def _worker(name: object, info: object) -> Worker | None:
    """A worker from its `judge_info` reply, or None when the reply is not one: one reply's `"concurrency":
    "lots"` ended every sender with an internal error (exit 3)."""
    if not isinstance(info, dict):
        return None
    langs, limit = info.get("languages") or [], info.get("time_limit")
    counts = [info.get("concurrency") or 0, info.get("active") or 0]
    if not (isinstance(langs, list) and all(isinstance(x, str) for x in langs)
            and isinstance(info.get("sandbox", ""), str)
            and (limit is None or (isinstance(limit, (int, float)) and not isinstance(limit, bool)))
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)):
        return None
    return Worker(str(name), tuple(langs), info.get("sandbox", ""), bool(info.get("isolated")), limit, *counts)


class Cluster:
    """The broker at `url` seen from the sending side."""

    hard_limit: float | None = None  # the live workers' smallest hard time limit, once ready() asked

    def __init__(self, url: str):
        ping(url)  # before anything is written anywhere: a broker that is down is one clear error
        self.url = url
        self.app = make_app(url, sender=True)

    def broker_run(self) -> str | None:
        """The Redis server's run id (it changes when the server restarts, and with it every queued job and
        stored result, Redis keeping them in memory), or None when it cannot be read now."""
        import redis

        try:
            if getattr(self, "_redis", None) is None:
                self._redis = redis_client(self.url)
            run = self._redis.info("server").get("run_id")
        except (redis.exceptions.RedisError, OSError, ValueError):
            return None
        return run if isinstance(run, str) else None

    def workers(self, wait: float = REPLY_WAIT, expect: int | None = None) -> list[Worker]:
        """The workers that answer within `wait` seconds (or as soon as `expect` of them have), by name."""
        for attempt in (1, 2):
            try:
                replies = self.app.control.broadcast("judge_info", reply=True, timeout=wait, limit=expect) or []
                break
            except Exception as exc:
                # A connection dropped by a broker that answers again (it restarted): ask once more.
                fault = self._fault(exc)
                if attempt == 2 or fault is not None:
                    raise (fault or exc) from None
        found = []
        for reply in replies:
            for name, info in (reply.items() if isinstance(reply, dict) else ()):
                worker = _worker(name, info)
                if worker is not None:  # a malformed reply (a worker of another version, a forger) is no worker
                    found.append(worker)
        return sorted(found, key=lambda w: w.name)

    def languages(self, wait: float = REPLY_WAIT, expect: int | None = None) -> dict[str, list[str]]:
        """Each language some live worker serves, with those workers' names."""
        served: dict[str, list[str]] = {}
        for worker in self.workers(wait, expect):
            for name in worker.languages:
                served.setdefault(name, []).append(worker.name)
        return served

    def send(self, job: Job) -> str:
        """Queue one job for the workers of its language; its task id."""
        try:
            sent = self.app.send_task("judge.grade", args=[job.to_json()], queue=queue(job.language))
        except Exception as exc:
            raise self._lost(exc) from None
        return str(sent.id)

    def results(self, task_ids: Iterable[str], watch: Callable[[set[str]], set[str]] | None = None
                ) -> Iterator[tuple[str, dict[str, Any] | str]]:
        """(task id, the result's data) as each finishes, or (task id, why it failed) for a task that
        failed (the hard time limit), was refused by a worker, or was given up by `watch` (called now
        and then with the ids still awaited; it returns those to give up on)."""
        from celery.exceptions import TimeoutError as NoneFinished
        from celery.result import ResultSet

        pending = {tid: self.app.AsyncResult(tid) for tid in task_ids}
        run = self.broker_run()
        while pending:
            given_up = watch(set(pending)) if watch is not None else set()
            for tid in sorted(given_up & set(pending)):
                pending.pop(tid).forget()
                yield tid, "no live worker serves its language any more: the workers went away"
            now = self.broker_run()
            if run is not None and now is not None and now != run:
                # Redis restarted: it kept the queued jobs and the results in memory, so none is coming.
                for tid in sorted(pending):
                    pending.pop(tid)
                    yield tid, ("the broker restarted and lost this job (Redis keeps its queues in memory): "
                                "grade it again")
                return
            if not pending:
                return
            try:
                for tid, meta in ResultSet(list(pending.values()), app=self.app).iter_native(
                        timeout=WATCH_EVERY, interval=0.2):
                    result = pending.pop(tid, None)
                    if result is None:
                        continue
                    yield tid, meaning(meta)
                    result.forget()
            except NoneFinished:  # none finished for WATCH_EVERY seconds: see who is still alive
                continue
            except Exception as exc:
                fault = self._fault(exc)
                if fault is None:
                    continue  # a connection dropped by a broker that answers again (it restarted): look again
                raise fault from None

    def ready(self, wanted: Iterable[str], require_sandbox: bool = False,
              warn: Callable[[str], None] = lambda line: None) -> dict[str, list[str]]:
        """The live workers' languages, checked before a run sends anything: SetupError when no worker is
        alive (or, with `require_sandbox`, when one that would get jobs runs unsandboxed); a warning for
        each wanted language none serves (its submissions get JE) and for an unsandboxed worker."""
        wanted = set(wanted)
        live = self.workers()
        if wanted - {name for w in live for name in w.languages}:  # a busy or distant one may answer late
            live = self.workers(3 * REPLY_WAIT)
        if not live:
            raise SetupError(f"no live worker on the broker at {redact(self.url)}: start one with "
                             f"`judge worker --broker URL` on a judging machine")
        unboxed = [w.name for w in live if not w.isolated and wanted & set(w.languages)]
        if unboxed and require_sandbox:
            raise SetupError(f"workers without a sandbox: {', '.join(unboxed)}; restart them without "
                             f"--allow-unsandboxed, or drop --require-sandbox")
        if unboxed:
            warn(f"workers without a sandbox (started with --allow-unsandboxed): {', '.join(unboxed)}: "
                 f"submissions run there with resource limits only")
        served: dict[str, list[str]] = {}
        for worker in live:
            for name in worker.languages:
                served.setdefault(name, []).append(worker.name)
        limits = [w.time_limit for w in live if wanted & set(w.languages) and w.time_limit]
        self.hard_limit = min(limits) if limits else None
        for name in sorted(wanted - set(served)):
            warn(f"no live worker serves {languages.by_name(name).title}: its submissions get JE "
                 f"(start one with `judge worker --broker URL --languages {name}`)")
        return served

    def grader(self, served: dict[str, list[str]], *, tests: str, fuzz: int, seed: int, keep_going: bool,
               author: str | None = None, warn: Callable[[str], None] = lambda line: None
               ) -> Callable[[Problem, Sequence[Case], Sequence[Path], Options, Callable[[SubmissionResult], None]],
                             list[SubmissionResult]]:
        """What grades the submissions in the Recorder (recorder.Grader): each a job for the workers;
        `served`: ready()'s languages (a job of any other gets JE without being sent)."""

        def grade(problem: Problem, cases: Sequence[Case], sources: Sequence[Path], options: Options,
                  progress: Callable[[SubmissionResult], None]) -> list[SubmissionResult]:
            jobs, refused = jobs_for(sources, problem.id, tests, problem.grading_fingerprint, author=author,
                                     fuzz=fuzz, seed=seed, keep_going=keep_going)
            # Each case is bounded by its wall limit, the whole job only by the workers' hard limit: a right
            # but slow submission (0.8 s of sleep a case, 1,106 cases) passed 900 s and got JE (round 27).
            slowest = len(cases) * problem.limits.wall_time
            if self.hard_limit is not None and slowest > self.hard_limit:
                warn(f"{len(cases)} cases of up to {problem.limits.wall_time:g} s of wall time each may take a "
                     f"submission {slowest:.0f} s, over the workers' hard time limit of {self.hard_limit:.0f} s: "
                     f"one that slow gets JE (start the workers with --time-limit {slowest + 120:.0f})")
            done: dict[str, SubmissionResult] = {}

            def finish(result: SubmissionResult) -> None:
                done[result.path] = result
                progress(result)

            def take(job: Job, got: dict[str, Any] | str) -> None:
                if isinstance(got, str):
                    warn(f"{job.name}: {got}")
                    finish(failed(job, cases, got))
                    return
                try:
                    result = result_from_json(got)
                except JobError as exc:
                    finish(failed(job, cases, str(exc)))
                    return
                if [c.name for c in result.cases] != [c.name for c in cases]:
                    finish(failed(job, cases, "a worker's result is not for this run's cases"))
                    return
                # the names are the sender's own, whatever a worker says: the store files it by them; and so is
                # the content's hash (as a local run makes it), the submission's identity (a worker's was
                # stored, and went raw into CSV)
                finish(replace(result, submission=job.name, path=job.path or job.name, language=job.language,
                               sha256=files.digest(job.source_bytes())))

            sent: dict[str, Job] = {}
            for job in jobs:
                if job.path in refused:
                    warn(f"{job.name}: {refused[job.path]}")
                    finish(replace(failed(job, cases, refused[job.path]), sha256=_file_sha256(Path(job.path))))
                elif job.language in served:
                    sent[self.send(job)] = job
                else:
                    finish(failed(job, cases, f"no live worker serves {job.language} on the broker"))
            watcher = Watcher(self, {tid: job.language for tid, job in sent.items()},
                              len({w for names in served.values() for w in names}))
            waiting = set(sent)
            try:
                for tid, got in self.results(list(sent), watcher):
                    waiting.discard(tid)
                    take(sent[tid], got)
            except KeyboardInterrupt:  # the live workers skip what nobody will read (best effort)
                self.revoke(waiting)
                raise
            return [done[j.path] for j in jobs]

        return grade

    def _fault(self, exc: Exception) -> Exception | None:
        """What to raise for `exc` (as _lost), or None when it is a dropped connection to a broker that
        answers again (a restart): then the caller looks again."""
        lost = self._lost(exc)
        return None if lost is exc and isinstance(exc, _broker_errors()) else lost

    def _lost(self, exc: Exception) -> Exception:
        """BrokerError when the broker no longer answers (Celery's result backend says so with a bare
        RuntimeError, kombu and redis-py with their own errors); otherwise `exc` itself, a bug."""
        try:
            ping(self.url)
        except BrokerError:
            return BrokerError(f"the broker at {redact(self.url)} went away: {' '.join(str(exc).split())}")
        return exc

    def revoke(self, task_ids: Iterable[str]) -> None:
        """Ask the live workers to skip these tasks; nothing when the broker is gone already."""
        try:
            self.app.control.revoke(sorted(task_ids))
        except _broker_errors():
            pass


class Watcher:
    """Gives up on the jobs of a language that no live worker has served for WATCH_PATIENCE checks."""

    def __init__(self, cluster: Cluster, language_of: dict[str, str], workers: int):
        self.cluster, self.language_of, self.workers = cluster, language_of, workers
        self.missed: dict[str, int] = {}
        self.first = True

    def __call__(self, pending: set[str]) -> set[str]:
        """The pending ids to give up on now."""
        if self.first:  # the sender has just asked who is alive (ready())
            self.first = False
            return set()
        served = self.cluster.languages(expect=self.workers)  # all there: no need to wait the whole second
        self.workers = len({w for names in served.values() for w in names}) or self.workers
        wanted = {self.language_of[t] for t in pending}
        for name in wanted:
            self.missed[name] = 0 if name in served else self.missed.get(name, 0) + 1
        lost = {name for name in wanted if self.missed[name] >= WATCH_PATIENCE}
        return {t for t in pending if self.language_of[t] in lost}


def meaning(meta: dict[str, Any]) -> dict[str, Any] | str:
    """A finished task's result data, or why there is none."""
    import json

    status, value = meta.get("status"), meta.get("result")
    if status != "SUCCESS":
        if type(value).__name__ == "TimeLimitExceeded":
            return (f"graded for longer than the workers' hard time limit ({value}); stopped "
                    f"(a slow submission on many cases: start the workers with a larger --time-limit)")
        if status == "REVOKED" or type(value).__name__ == "TaskRevokedError":  # nothing here revokes a job
            return f"the job was ended before it was graded (the broker restarted?): grade it again ({value})"
        return f"the worker failed: {type(value).__name__}: {value}"
    try:
        data = json.loads(value) if isinstance(value, str) else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return "a worker's reply is not the judge's JSON"
    if isinstance(data.get("refused"), str):
        return str(data["refused"])
    result = data.get("result")
    return result if isinstance(result, dict) else "a worker's reply has no result"
