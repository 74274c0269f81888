"""`judge worker` and `judge workers`: grading on several machines through a Redis broker."""

from __future__ import annotations

import argparse
import json
import sys

from judge.cli.common import EXIT_OK
from judge.errors import UsageError
from judge.results.text import terminal


def broker_url(args: argparse.Namespace) -> str:
    """The broker named by --broker or $JUDGE_BROKER; UsageError when neither names one."""
    if not args.broker:
        raise UsageError("no broker: give --broker redis://HOST:PORT/DB or set $JUDGE_BROKER")
    return str(args.broker)


def cmd_worker(args: argparse.Namespace) -> int:
    """`judge worker --broker URL`."""
    from judge.cluster.workers import run_worker

    names = [n.strip() for n in args.languages.split(",") if n.strip()] if args.languages else None
    return run_worker(broker_url(args), concurrency=args.concurrency, names=names,
                      allow_unsandboxed=args.allow_unsandboxed, time_limit=args.time_limit)


def cmd_workers(args: argparse.Namespace) -> int:
    """`judge workers --broker URL`."""
    from judge.cluster.app import redact
    from judge.cluster.client import Cluster

    url = broker_url(args)
    found = Cluster(url).workers()
    if args.json:
        print(json.dumps([{"name": w.name, "languages": list(w.languages), "sandbox": w.sandbox,
                           "isolated": w.isolated, "time_limit": w.time_limit, "concurrency": w.concurrency,
                           "active": w.active} for w in found], indent=2))
        return EXIT_OK
    if not found:
        print(f"no live worker on {terminal(redact(url))}", file=sys.stderr)
        return EXIT_OK
    from judge.results.text import table

    rows = [[terminal(w.name), terminal(",".join(w.languages)), terminal(w.sandbox.split(" (")[0] if w.isolated
                                                                          else f"NONE ({w.sandbox})"),
             f"{w.time_limit:g} s" if isinstance(w.time_limit, (int, float)) else "?", f"{w.active}/{w.concurrency}"]
            for w in found]
    print(table(rows, ["worker", "languages", "sandbox", "time limit", "load"], "simple"))
    return EXIT_OK
