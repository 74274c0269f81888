#!/usr/bin/env python3
"""The speed benchmark: one table, each measured ratio beside its target (see README, "Speed").

Usage: python3 bench/benchmark.py [--quick] [--skip-peers] [--boards N] [--repeat K]
Peers (DMOJ 4.1.0, Kattis problemtools) come from ../shared/peers/RECIPE.sh, installed into
$PEERS_DIR (default /tmp/peers) on first use, then reused. All figures come from this one run,
so load on the machine weighs on both sides of each ratio; each timing is the median of K runs.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # this checkout's judge, whatever is installed

from bench import boards, import_peers  # noqa: E402
from judge import heap  # noqa: E402
from judge.grading import fuzz  # noqa: E402
from judge.grading.grade import Options, grade  # noqa: E402
from judge.problems.cases import load_cases  # noqa: E402
from judge.problems.problem import load_problem  # noqa: E402
from judge.verdict import Verdict  # noqa: E402

RECIPE = REPO.parent / "shared" / "peers" / "RECIPE.sh"
ACCEPTED = REPO / "submissions" / "minesweeper" / "accepted"
BFS = ACCEPTED / "bfs_class.py"
SEED = 529


def judge_cmd(*args: str) -> list[str]:
    """`python3 -m judge ARGS` run from this checkout; no random cases and no store unless asked."""
    extra = [] if "--fuzz" in args else ["--fuzz", "0"]
    extra += [] if "--db" in args else ["--no-store"]
    return [sys.executable, "-m", "judge", *args, *extra]


def run_timed(cmd: list[str], env: dict | None = None, cwd: Path = REPO) -> tuple[float, int, int, float]:
    """(wall seconds, exit code, peak RSS in KiB of the process or its largest descendant, CPU
    seconds of the process and every descendant it waited for: the boxes too)."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env={**os.environ, **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, proc.returncode, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def median_time(cmd: list[str], repeat: int, env: dict | None = None, cwd: Path = REPO) -> float:
    """Median wall seconds of `repeat` runs."""
    return statistics.median(run_timed(cmd, env, cwd)[0] for _ in range(repeat))


def interleaved(measures: dict[str, Callable[[], float]], repeat: int) -> dict[str, float]:
    """The median of `repeat` runs of each measure, taken in rounds of one run of each (the order turned
    by one each round): the two sides of a ratio measured side by side, not minutes apart. This
    machine's speed swung by a third from one second to the next (a fixed loop took 11 to 17 ms), and
    a ratio of two medians taken one after the other measured those swings as much as the judge."""
    names = list(measures)
    runs: dict[str, list[float]] = {name: [] for name in names}
    for k in range(repeat):
        for name in names[k % len(names):] + names[:k % len(names)]:
            runs[name].append(measures[name]())
    return {name: statistics.median(times) for name, times in runs.items()}


def machine_cpu() -> float:
    """CPU seconds every core of the machine has spent busy so far (/proc/stat: all but idle and iowait)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def busy_run(cmd: list[str], background: float = 0.0, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of a `judge grade --json` run, boxes included.

    The machine's busy time over the run, less `background` cores of other work (measured just
    before): on a quiet machine, exactly the judge's and its boxes'. Never less than what the judge
    itself can vouch for: its own process (every thread, what it reaped) plus every case's CPU time
    as the boxes' cgroups counted it (a box killed at its end is never reaped, and the servers'
    starts are in neither, so that alone is short)."""
    before = machine_cpu()
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=REPO, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    out = proc.stdout.read() if proc.stdout is not None else b""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    machine = machine_cpu() - before - background * wall
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"benchmark: {' '.join(cmd)} did not accept every submission")
    cases = [c for r in json.loads(out)["results"] for c in r["cases"]]
    own = usage.ru_utime + usage.ru_stime + sum(c["cpu_ms"] or 0.0 for c in cases) / 1000
    return wall, max(own, machine)


def median_wall_and_cpu(cmd: list[str], repeat: int, env: dict | None = None) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds (busy_run) of `repeat` runs, other work taken out."""
    before = machine_cpu()
    time.sleep(1.0)
    background = machine_cpu() - before  # cores of other work, over that second
    runs = [busy_run(cmd, background, env) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def jobs_bound(serial_wall: float, serial_cpu: float, jobs: int) -> float:
    """The most `--jobs N` can gain over `--jobs 1` when the CPU is what limits it: one submission
    at a time already keeps cpu/wall cores busy (its box, and the judge checking beside it), and N
    at once can keep at most min(N, cores) busy; nor can N at once be more than N times faster."""
    busy = max(serial_cpu / serial_wall, 1e-9)
    return max(1.0, min(jobs, min(jobs, os.cpu_count() or 1) / busy))


# ---------------------------------------------------------------- case sets

def random_package(tmp: Path, fixed: bool = True) -> Path:
    """A package copy: the fixed cases, or (fixed=False) none but one sample, for random boards only."""
    dest = tmp / f"package{'-fixed' if fixed else ''}"
    if dest.exists():  # already built in this run
        return dest
    return boards.package_copy(dest, {}, secret=fixed)


def fuzz_args(count: int) -> list[str]:
    """`judge grade` arguments for `count` random boards from the package's generator."""
    return ["--fuzz", str(count), "--seed", str(SEED)]


def with_random(problem, count: int) -> list:
    """The package's cases followed by the same random boards `judge grade --fuzz count` draws."""
    return load_cases(problem) + fuzz.random_cases(problem, count, SEED)


def peers_package(tmp: Path, tests: Path) -> Path:
    """A package copy whose only cases are the peers' 50, imported from .in/.ans files."""
    pkg = boards.package_copy(tmp / "peers", secret=False)
    for f in (pkg / "cases" / "sample").glob("*.yaml"):
        f.unlink()
    import_peers.convert(tests, pkg / "cases")
    return pkg


# ---------------------------------------------------------------- figures

def floor_seconds(cases, problem, source: Path) -> float:
    """The same function called in-process on the same inputs, a fresh copy of each board."""
    namespace = {"__name__": "__floor__"}
    exec("from typing import *\nfrom collections import *\nfrom heapq import *\n", namespace)
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    solver = namespace["Solution"]().updateBoard
    inputs = [c.arg_list(problem) for c in cases]
    started = time.perf_counter()
    for args in inputs:
        solver(*copy.deepcopy(args))
    return time.perf_counter() - started


def grading_seconds(cases, problem, source: Path) -> float:
    """grade() on one submission (server start, every case in fresh globals, checking), with the
    options `judge grade` gives it (cli.common.make_options: one lane, which may poll for answers)."""
    started = time.perf_counter()
    result = grade(problem, cases, [source], Options(jobs=1, poll=True))[0]
    elapsed = time.perf_counter() - started
    if result.verdict is not Verdict.AC:
        raise SystemExit(f"benchmark: {source.name} got {result.verdict.value}, expected AC")
    return elapsed


def submissions_dir(tmp: Path, count: int) -> Path:
    """`count` accepted submissions (copies of ours, in turn) in one folder."""
    folder = tmp / f"subs{count}"
    folder.mkdir()
    ours = sorted(ACCEPTED.glob("*.py"))
    for k in range(count):
        shutil.copyfile(ours[k % len(ours)], folder / f"s{k:02d}_{ours[k % len(ours)].name}")
    return folder


def ensure_peers(peers_dir: Path) -> bool:
    """Install the peers with RECIPE.sh unless already there; whether both are usable."""
    def ready() -> bool:
        return (peers_dir / "dm/bin/dmoj-cli").exists() and (peers_dir / "pt/bin/verifyproblem").exists()

    if not ready() and RECIPE.exists():
        print(f"benchmark: installing the peers with {RECIPE} into {peers_dir} (minutes)...", file=sys.stderr)
        subprocess.run(["bash", str(RECIPE)], env={**os.environ, "PEERS_DIR": str(peers_dir)},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return ready() and (peers_dir / "src/tests/50.ans").exists()


def peer_times(peers_dir: Path, repeat: int, ours: list[str]) -> dict[str, float]:
    """Whole-process medians of the judge (`ours`), DMOJ and problemtools on the 50 cases, as RECIPE.sh
    runs the peers, interleaved."""
    d = peers_dir
    dmoj = [str(d / "dm/bin/dmoj-cli"), "-c", str(d / "dmoj/config.yml"), "-e", "PY3", "--no-ansi",
            "--skip-self-test", "--", "submit", "minesweeper", "PY3", str(d / "src/ac.py")]
    kattis = [str(d / "pt/bin/verifyproblem"), str(d / "kattis/minesweeper"), "-p", "submissions", "-s", "accepted"]
    return interleaved({
        "judge": lambda: run_timed(ours)[0],
        "DMOJ": lambda: run_timed(dmoj, cwd=d)[0],
        "problemtools": lambda: run_timed(kattis, {"XDG_CONFIG_HOME": str(d / "ptconf")}, cwd=d)[0],
        "problemtools -S": lambda: run_timed(kattis, {"XDG_CONFIG_HOME": str(d / "ptconfS")}, cwd=d)[0],
    }, repeat)


# ---------------------------------------------------------------- the table

def row(figure: str, target: str, measured: str, ok: bool | None) -> list[str]:
    """One line of the table."""
    return [figure, target, measured, {True: "yes", False: "NO", None: "-"}[ok]]


def main(argv: list[str] | None = None) -> int:
    """Measure every figure and print the one table."""
    parser = argparse.ArgumentParser(description="Speed benchmark of the judge against its targets.")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, a few seconds (the smoke test)")
    parser.add_argument("--skip-peers", action="store_true", help="do not install or time DMOJ and problemtools")
    parser.add_argument("--boards", type=int, help="random boards (default 1000; quick: 10)")
    parser.add_argument("--repeat", type=int, help="runs per timing, median taken (default 5; quick: 1)")
    args = parser.parse_args(argv)
    n_boards = args.boards or (10 if args.quick else 1000)
    # Five: on a machine whose two cores slow each other down (a busy neighbour core cost a fifth of a
    # core's speed here) a median of three still swung a ratio by 15% from one run to the next.
    repeat = args.repeat or (1 if args.quick else 5)
    n_subs = 2 if args.quick else 20
    peers_dir = Path(os.environ.get("PEERS_DIR", "/tmp/peers"))
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    try:
        # 1. whole process on the peers' 50 cases, against the peers on the same cases
        if args.skip_peers or not ensure_peers(peers_dir):
            why = "skipped (--skip-peers)" if args.skip_peers else f"n/a (peers not installed in {peers_dir})"
            rows.append(row("whole `judge grade` on the peers' 50 cases vs DMOJ / problemtools", ">= 10x faster", why,
                            None))
        else:
            pkg = peers_package(tmp, peers_dir / "src/tests")
            peers = peer_times(peers_dir, repeat, judge_cmd("grade", str(pkg), str(BFS)))
            ours = peers.pop("judge")
            for name, seconds in peers.items():
                ratio = seconds / ours
                rows.append(row(f"whole process, peers' 50 cases: {name} {seconds:.2f} s / judge {ours:.2f} s",
                                ">= 10x faster", f"{ratio:.1f}x", ratio >= 10))

        # 2. grading against the floor, fixed cases plus random boards
        pkg = random_package(tmp, fixed=not args.quick)
        problem = load_problem(str(pkg))
        cases = with_random(problem, n_boards)
        # As `judge grade` grades (heap.py): what the start made, the cases included, frozen out of the
        # collector's sight; for the floor's run as for the judge's, both in this process.
        heap.settle()
        sides = interleaved({"floor": lambda: floor_seconds(cases, problem, BFS),
                             "graded": lambda: grading_seconds(cases, problem, BFS)}, repeat)
        floor, graded = sides["floor"], sides["graded"]
        ratio = graded / floor
        rows.append(row(f"grading {len(cases)} cases, each isolated, {graded:.2f} s vs in-process floor {floor:.2f} s",
                        "<= 1.5x the floor", f"{ratio:.2f}x ({(graded - floor) / len(cases) * 1000:.2f} ms/case over)",
                        ratio <= 1.5))
        whole = median_time(judge_cmd("grade", str(pkg), str(BFS), *fuzz_args(n_boards)), repeat)
        rows.append(row(f"  same, whole `judge grade` process {whole:.2f} s (start, imports, YAML, report)",
                        "(information)", f"{whole / floor:.2f}x", None))

        # 3. --jobs 2 against --jobs 1
        subs = submissions_dir(tmp, n_subs)
        jobs_pkg = random_package(tmp, fixed=not args.quick)
        jobs_random = fuzz_args(max(n_boards // 5, 10))
        serial_cmd = judge_cmd("grade", str(jobs_pkg), str(subs), "--jobs", "1", "--json", *jobs_random)
        serial = median_time(serial_cmd, repeat)
        # The work a serial run keeps the cores busy with, without the judge's polling for answers (CPU
        # spent looking, not working: counted, it would lower the bound): the same run with JUDGE_POLL=0.
        _, serial_cpu = median_wall_and_cpu(serial_cmd, repeat, {"JUDGE_POLL": "0"})
        parallel = median_time(judge_cmd("grade", str(jobs_pkg), str(subs), "--jobs", "2", "--json", *jobs_random),
                               repeat)
        bound, gain = jobs_bound(serial, serial_cpu, 2), serial / parallel
        rows.append(row(f"{n_subs} submissions: --jobs 1 {serial:.2f} s ({serial_cpu / serial:.2f} cores busy) / "
                        f"--jobs 2 {parallel:.2f} s", f">= 90% of the bound {bound:.2f}x",
                        f"{gain:.2f}x ({gain / bound * 100:.0f}%)", gain >= 0.9 * bound))

        # 4. re-grading with stored results: the 20 submissions on the fixed cases plus the random boards
        db = tmp / "results.db"
        cmd = judge_cmd("grade", str(pkg), str(subs), "--db", str(db), *fuzz_args(n_boards))
        first = run_timed(cmd)[0]
        again = median_time(cmd, repeat)
        rows.append(row(f"re-grade {n_subs} unchanged submissions x {len(cases)} cases: first {first:.2f} s, "
                        f"again {again:.2f} s", "<= 5% of the first run", f"{again / first * 100:.1f}%",
                        again / first <= 0.05))

        # 5. peak memory: n_subs submissions on n_boards boards each
        mem_pkg = random_package(tmp, fixed=False)
        _, _, peak_kb, _ = run_timed(judge_cmd("grade", str(mem_pkg), str(subs), "--jobs", "2", "--json",
                                            *fuzz_args(n_boards)))
        rows.append(row(f"peak memory, {n_subs} submissions x {n_boards} boards (judge, --json)",
                        "< 300 MB", f"{peak_kb / 1024:.0f} MB", peak_kb / 1024 < 300))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    from tabulate import tabulate
    print(f"judge speed benchmark: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, "
          f"python {sys.version.split()[0]}, median of {repeat}{', quick' if args.quick else ''}")
    print(tabulate(rows, headers=["figure", "target", "measured", "met"], tablefmt="github"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
