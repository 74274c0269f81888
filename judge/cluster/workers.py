"""`judge worker`: a Celery worker with the judge's setup, checked before it takes any job.

It starts only where it can grade what it claims: a working sandbox (unless told it may run
unsandboxed) and the toolchain of every language it serves. It consumes the queue of each of those
languages and no other, so a job is never sent where it cannot run. It answers `judge_info`, the
one broadcast `judge workers` and the sender use to see who is alive and with what.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from celery.worker import state as worker_state
from celery.worker.control import inspect_command

from judge import __version__, languages
from judge.cluster.app import DEFAULT_TIME_LIMIT, make_app, queue
from judge.cluster.client import ping
from judge.errors import SetupError
from judge.sandbox import scratch
from judge.sandbox.box import Box, detect


@dataclass(frozen=True)
class Setup:
    """What this worker serves and how: told to the others by judge_info."""

    languages: tuple[str, ...]
    sandbox: str
    isolated: bool
    time_limit: float


_setup: Setup | None = None  # set before the worker starts; read by judge_info in its main process


def choose_languages(names: Sequence[str] | None) -> tuple[str, ...]:
    """The languages to serve: those named (each must have its toolchain here), else every one that has."""
    if not names:
        found = tuple(name for name, lang in languages.LANGUAGES.items() if lang.toolchain().ok)
        if not found:
            raise SetupError("no toolchain of any language is installed here (bash setup.sh)")
        return found
    chosen = []
    for name in names:
        lang = languages.by_name(name)
        tool = lang.toolchain()
        if not tool.ok:
            raise SetupError(f"{lang.title}: {tool.message}; install it or leave {name} out of --languages")
        chosen.append(name)
    return tuple(dict.fromkeys(chosen))


def check_box(allow_unsandboxed: bool) -> Box:
    """The sandbox here; SetupError when there is none and running unsandboxed was not allowed."""
    box = detect()
    scratch.sweep()  # the folders of jobs whose child a hard time limit killed, on this host's last run
    if not box.isolated and not allow_unsandboxed:
        raise SetupError(f"no sandbox here: {box.reason}; a worker runs untrusted code: install bubblewrap "
                         f"(bash setup.sh) or start it with --allow-unsandboxed")
    return box


def run_worker(url: str, *, concurrency: int, names: Sequence[str] | None = None,
               allow_unsandboxed: bool = False, time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """Check this host, then serve jobs until stopped (SIGTERM, Ctrl-C); the worker's exit code."""
    global _setup
    if concurrency < 1:
        raise SetupError("--concurrency must be at least 1")
    if time_limit <= 0:
        raise SetupError("--time-limit must be positive")
    chosen = choose_languages(names)
    box = check_box(allow_unsandboxed)
    ping(url)
    _setup = Setup(chosen, box.describe(), box.isolated, time_limit)
    app = make_app(url, time_limit)
    worker = app.Worker(concurrency=concurrency, pool_cls="prefork", queues=[queue(n) for n in chosen],
                        hostname=f"judge-{os.getpid()}@{socket.gethostname()}", loglevel="INFO",
                        without_gossip=True, without_mingle=True, without_heartbeat=True)
    worker.start()
    return int(getattr(worker, "exitcode", 0) or 0)


def judge_info(state: Any) -> dict[str, Any]:
    """This worker's languages, sandbox, time limit and load (tasks running of its concurrency)."""
    setup = _setup
    pool = getattr(state.consumer, "pool", None)
    return {
        "judge": __version__, "languages": list(setup.languages) if setup else [],
        "sandbox": setup.sandbox if setup else "", "isolated": bool(setup and setup.isolated),
        "time_limit": setup.time_limit if setup else None,
        "concurrency": getattr(pool, "num_processes", None) or 0, "active": len(worker_state.active_requests),
    }


inspect_command()(judge_info)  # registered with every worker's remote control, in this process
