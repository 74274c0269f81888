"""`judge serve`: the contest's HTTP API and pages on uvicorn, grading in worker processes."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

from judge.cli.common import EXIT_OK
from judge.errors import SetupError, UsageError

ADMIN_ENV = "JUDGE_ADMIN_TOKEN"


def cmd_serve(args: argparse.Namespace) -> int:
    """`judge serve [--contest FILE] [--host H] [--port P] [--workers N] [--broker URL] [--db PATH]`."""
    import uvicorn

    from judge.cli.grading import open_store
    from judge.sandbox import scratch
    from judge.sandbox.box import detect
    from judge.service import tokens
    from judge.service.app import create_app
    from judge.service.connections import TimedProtocol, quiet_floods, raise_file_limit
    from judge.service.contest import default_contest, load_contest
    from judge.service.service import Service, utcnow

    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be between 0 and 65535")
    box = detect()
    scratch.sweep()  # what killed judges left in the temporary folder (judge/sandbox/scratch.py)
    if not box.isolated and not args.broker:  # a server takes code from anyone who has a token: never without the box
        raise SetupError(f"no sandbox: {box.reason}; `judge serve` runs submissions only in the box "
                         f"(install bubblewrap: bash setup.sh)")
    _can_listen(args.host, args.port)
    contest = load_contest(Path(args.contest)) if args.contest else default_contest(utcnow())
    open_store(args).close()  # the store's own checks and messages first (a bad --db is exit 2 here)
    admin = os.environ.get(ADMIN_ENV)
    if not admin:
        admin = tokens.new_token()
        print(f"judge serve: admin token (set ${ADMIN_ENV} to choose one): {admin}", file=sys.stderr)
    elif len(admin) < 16:
        raise UsageError(f"${ADMIN_ENV}: expected at least 16 characters")
    service = Service(contest, args.db_path, admin, workers=args.workers, broker=args.broker)
    print(f"judge serve: {contest.name}: {len(contest.problems)} problem(s), {args.workers} worker(s), "
          f"store {args.db_path}; http://{args.host}:{args.port}/ (API docs at /docs)", file=sys.stderr, flush=True)
    # Each connection must deliver its request in time (slowloris), and the log takes bursts only (connections.py).
    config = uvicorn.Config(create_app(service), host=args.host, port=args.port, log_level="warning",
                            access_log=False, http=TimedProtocol)
    quiet_floods()  # after the Config, which sets uvicorn's logging up
    raise_file_limit()  # connections are capped below it (connections.connection_cap)
    uvicorn.Server(config).run()
    return EXIT_OK


def _can_listen(host: str, port: int) -> None:
    """UsageError (exit 2) when the address cannot be listened on, before anything starts (uvicorn would
    log it and exit 1, which means something else here)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(infos[0][4])
    except OSError as exc:
        raise UsageError(f"--host {host} --port {port}: cannot listen there: {exc.strerror or exc}") from None
