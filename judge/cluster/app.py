"""The Celery app both sides share: its settings (JSON only, late acknowledgement, a queue per
language, a hard time limit) and the task `judge.grade`, which grades one job on a worker.

Why Celery (issue 13): it gives what a grading farm needs and a home-made queue would get wrong:
late acknowledgement with re-delivery of a dead worker's task, hard time limits enforced by killing
the worker's child process, routing by queue, remote inspection of live workers. Redis is both
broker and result backend: one Debian package, one URL, password and TLS (`rediss://`).
"""

from __future__ import annotations

import json
import socket
import ssl
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from celery import Celery
from celery.utils.log import get_task_logger

from judge import defaults
from judge.cluster.job import Job, grade_job
from judge.errors import JudgeError, UsageError
from judge.problems.problem import Problem, find_problem_by_id, load_problem
from judge.results.text import terminal
from judge.sandbox.box import detect

#: The task's name on the wire: workers of any version of this module agree on it.
TASK = "judge.grade"
#: Seconds a worker may spend on one submission before its child process is killed and the
#: submission gets JE. Generous: a submission's cases are limited one by one long before this.
DEFAULT_TIME_LIMIT = defaults.CLUSTER_TIME_LIMIT
#: A task unacknowledged this much longer than the time limit belonged to a dead worker: it goes back
#: to its queue for another (kombu's visibility timeout, checked every RESTORE_EVERY seconds).
REDELIVERY_MARGIN = 10.0
RESTORE_EVERY = 2
#: A job taken this many times without an answer (each time its worker's process died with it: a crash
#: of the judge, the kernel's OOM killer, a machine lost) is not graded again: its submission gets JE.
#: Without a cap such a job went back to its queue for ever and took down every worker that took it.
MAX_DELIVERIES = 3
#: How long a job's count of starts is kept in Redis (far past any job's life).
DELIVERIES_KEPT = 2 * 24 * 3600

_log = get_task_logger("judge.grade")


def queue(language: str) -> str:
    """The queue of a language's jobs: a worker consumes only those of the toolchains it has."""
    return f"judge.{language}"


def check_url(url: str) -> str:
    """The broker URL when it is one Celery and redis-py take from us (redis:// or rediss://); else UsageError."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss") or not parts.hostname:
        raise UsageError(f"--broker {redact(url)}: expected redis://[:PASSWORD@]HOST:PORT/DB "
                         f"or rediss://... (Redis over TLS)")
    try:
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise UsageError(f"--broker {redact(url)}: the port is not a number") from None
    return url


def redact(url: str) -> str:
    """The URL without its password, fit for messages and listings."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


#: The TLS settings a rediss:// URL may carry in its query (as Celery's own rediss:// URLs do).
TLS_KEYS = ("ssl_cert_reqs", "ssl_ca_certs", "ssl_certfile", "ssl_keyfile")
_CERT_REQS = {"required": ssl.CERT_REQUIRED, "optional": ssl.CERT_OPTIONAL, "none": ssl.CERT_NONE}


def split_tls(url: str) -> tuple[str, dict[str, Any] | None]:
    """(the URL without TLS settings, those settings) for rediss://: the server's certificate is verified
    (against the system's CAs, or `?ssl_ca_certs=FILE`) unless `?ssl_cert_reqs=none` says otherwise."""
    parts = urlsplit(url)
    if parts.scheme != "rediss":
        return url, None
    query = parse_qsl(parts.query, keep_blank_values=True)
    given = {k: v for k, v in query if k in TLS_KEYS}
    reqs = given.pop("ssl_cert_reqs", "required").lower().removeprefix("cert_")
    if reqs not in _CERT_REQS:
        raise UsageError(f"--broker {redact(url)}: ssl_cert_reqs must be required, optional or none")
    options: dict[str, Any] = {"ssl_cert_reqs": _CERT_REQS[reqs], **given}
    rest = urlencode([(k, v) for k, v in query if k not in TLS_KEYS])
    return urlunsplit(parts._replace(query=rest)), options


def make_app(url: str, time_limit: float = DEFAULT_TIME_LIMIT, sender: bool = False) -> Celery:
    """The app on broker `url` (also the result backend), with the task registered; a `sender` (grade,
    workers) gives up on a lost broker after a few seconds, where a worker keeps trying to reconnect."""
    plain, tls = split_tls(check_url(url))
    app = Celery("judge", broker=plain, backend=plain, set_as_current=False)
    transport = {"visibility_timeout": time_limit + REDELIVERY_MARGIN, "unacked_restore_interval": RESTORE_EVERY,
                 "unacked_restore_throttle": 1, "socket_connect_timeout": 5, "socket_timeout": 30}
    app.conf.update(
        # JSON only, both ways: the broker carries untrusted source code, and pickle would run code.
        task_serializer="json", result_serializer="json", accept_content=["json"], result_accept_content=["json"],
        event_serializer="json",
        # A task is acknowledged when done, not when received: a worker that dies mid-task (SIGKILL,
        # power) leaves it in the broker, which gives it to another worker.
        task_acks_late=True, task_reject_on_worker_lost=True, worker_prefetch_multiplier=1,
        task_time_limit=time_limit, broker_transport_options=transport,
        result_backend_transport_options={"socket_connect_timeout": 5},
        redis_socket_connect_timeout=5, result_expires=24 * 3600, task_track_started=True,
        broker_connection_retry_on_startup=True, worker_hijack_root_logger=False,
        worker_cancel_long_running_tasks_on_connection_loss=True,
    )
    if not sender:  # a worker outlives a restart of the broker, however long it takes
        app.conf.update(broker_connection_max_retries=None)
    if sender:  # a person waits: a lost broker is an error within seconds, not after kombu's 100 retries
        app.conf.update(broker_connection_max_retries=2, broker_connection_timeout=5,
                        task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 1,
                                                   "interval_max": 2})
    if tls is not None:
        app.conf.update(broker_use_ssl=tls, redis_backend_use_ssl=tls)
    app.task(name=TASK, bind=True, acks_late=True, reject_on_worker_lost=True)(_grade_task)
    return app


def _grade_task(task: Any, payload: str) -> str:
    """The task as the worker runs it: counted first, refused past MAX_DELIVERIES starts, else graded."""
    starts = _started(task)
    if starts > MAX_DELIVERIES:
        _log.warning("refusing job %s: started %d times, its worker died each time", task.request.id, starts - 1)
        return json.dumps({"refused": f"worker {socket.gethostname()}: the job was taken {starts - 1} times and "
                                      f"each time its worker's process died before it answered (a crash of the "
                                      f"judge, or the machine out of memory): not graded again"})
    return grade_payload(payload)


def _started(task: Any) -> int:
    """How many times this task has been started, this time included (Redis counts them: a task given
    again after its worker died comes back with the same id); 1 when the count cannot be had."""
    key = f"judge:starts:{task.request.id}"
    try:
        with task.app.backend.client.pipeline() as pipe:
            pipe.incr(key)
            pipe.expire(key, DELIVERIES_KEPT)
            count, _ = pipe.execute()
        return int(count)
    except Exception as exc:  # the backend is Redis; a failure to count must not stop the grading
        _log.warning("could not count the starts of job %s: %s", task.request.id, exc)
        return 1


def grade_payload(payload: str) -> str:
    """The task: one job's JSON in, `{"result": ...}` or `{"refused": why}` out, as JSON text (never pickle)."""
    try:
        job = Job.from_json(payload)
        # the operator's log names what is graded; the name is the submitter's: escaped
        _log.info("grading %s (%s) of problem %s", terminal(job.name), job.language, terminal(job.problem))
        result = grade_job(job, _problem(find_problem_by_id(job.problem)), detect())
    except JudgeError as exc:  # a bad job, an unknown problem or test-set hash: the sender is told why
        return json.dumps({"refused": f"worker {socket.gethostname()}: {exc}"})
    return json.dumps({"result": result})


def _problem(root: Path) -> Problem:
    """The package in `root`, loaded again when problem.yaml or a Python part changed (its fingerprint,
    which a job must match, covers the checker: one changed alone kept the worker's stale one, and it
    refused jobs from an identical package); grade_job reloads the cases themselves when a job's
    test-set hash is not the kept one's."""
    stamp = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                  for p in sorted(root.iterdir()) if p.name == "problem.yaml" or p.suffix == ".py")
    return _loaded(root, stamp)


@cache
def _loaded(root: Path, stamp: tuple[tuple[str, int, int], ...]) -> Problem:
    return load_problem(str(root))
