"""What a case used, as the judge measures it from outside the box: the box's cgroup counters.

The counters cover every process and thread of the box: the server, the submission, its helper
threads, its children (detached or not) and the runtime's own threads (JIT, GC). Nothing inside
the box can lower them, unlike rlimits, the harness's config or its own clock.

- CPU: the box's CPU time since the previous case ended (or since the server said ready), so work a
  submission leaves running between cases is charged to the next one.
- Memory: the box's peak charge during the case (reset after each case) over the baseline, the
  server's memory when it said ready. The box's cap is baseline + one case's limit, so a case
  cannot use more than its limit, whatever it keeps from earlier cases, without an OOM kill.
- A runtime that runs submission code before it says ready (C++ static initialisers, Go `init()`)
  is charged its start: the first case's CPU counts from the box's creation, the baseline is 0 and
  the cap the limit itself, so nothing done before ready escapes the count.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.sandbox.cgroups import Group


@dataclass(frozen=True)
class Usage:
    """One case's measure; None where the box's cgroup lacks that counter."""

    cpu_ms: float | None
    memory_kb: int | None
    oom_kills: int          # the box's processes the kernel killed at the memory cap during the case
    tampered: str = ""      # why the counters cannot be the box's real use (they only ever grow)


class Meter:
    """One server's cgroup counters, read around each case."""

    def __init__(self, group: Group, memory_limit: int, charge_start: bool = False):
        self.group, self.memory_limit, self.charge_start = group, memory_limit, charge_start
        self.cpu_mark = 0       # the box's CPU time (ns) when the case began
        self.baseline = 0       # the server's own memory (bytes), not counted to any case
        self.oom_mark = 0

    def ready(self) -> None:
        """The server said ready: take the baseline and cap the box at it plus one case's limit."""
        if not self.charge_start:
            self.cpu_mark = self.group.cpu_ns() or 0
            self.baseline = self.group.memory_now() or 0
            self.group.reset_peak()
        # Refused only when the box already holds more (its start did): its first case is then MLE.
        self.group.set_memory_limit(self.baseline + self.memory_limit)
        self.oom_mark = self.group.oom_kills()

    def cpu_ms(self) -> float | None:
        """The box's CPU time since the case began, for the check against the limit while it runs."""
        now = self.group.cpu_ns()
        return None if now is None else (now - self.cpu_mark) / 1e6

    def take(self) -> Usage:
        """The case's CPU time, peak memory over the baseline and OOM kills; the next case starts now."""
        cpu = self.group.cpu_ns()
        peak = self.group.peak_bytes()
        kills = self.group.oom_kills()
        self.group.reset_peak()
        cpu_ms = None if cpu is None else (cpu - self.cpu_mark) / 1e6
        tampered = ""
        if cpu_ms is not None and cpu_ms < 0:
            # Only a box that reached its own group's files could turn the counter back (cgroups.Group
            # keeps them above its reach): the case's time is unknown, and never taken as its word.
            tampered = f"the box's CPU time counter went back by {-cpu_ms:.1f} ms: its measure was tampered with"
            cpu_ms = 0.0
        if cpu is not None:
            self.cpu_mark = cpu
        memory_kb = None if peak is None else max(0, peak - self.baseline) // 1024
        new_kills, self.oom_mark = kills - self.oom_mark, kills
        return Usage(cpu_ms, memory_kb, max(new_kills, 0), tampered)
