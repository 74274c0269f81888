"""The judge's per-case measure from the box's counters (judge/sandbox/meter.py), on a stand-in group."""

from __future__ import annotations

from judge.problems.problem import Limits
from judge.sandbox.meter import Meter, Usage
from judge.sandbox.protocol import Status
from judge.sandbox.runner import _over


class CountersGroup:
    """A group whose counters are what the test sets."""

    def __init__(self):
        self.cpu, self.now, self.peak, self.kills = 0, 10 << 20, 10 << 20, 0

    def cpu_ns(self):
        return self.cpu

    def memory_now(self):
        return self.now

    def peak_bytes(self):
        return self.peak

    def reset_peak(self):
        self.peak = self.now

    def oom_kills(self):
        return self.kills

    def set_memory_limit(self, limit):
        return True


def test_a_case_is_measured_from_the_counters_between_its_ends():
    group = CountersGroup()
    group.cpu = 5_000_000
    meter = Meter(group, 256 << 20)
    meter.ready()
    group.cpu, group.peak = 25_000_000, 42 << 20
    usage = meter.take()
    assert usage.cpu_ms == 20.0 and usage.memory_kb == 32 * 1024 and not usage.tampered
    assert _over(Limits(), usage) == (None, "")


def test_a_counter_that_went_back_is_tampering_never_a_fast_case():
    """The CPU counter only grows: one lower than at the case's start was reset from inside the box
    (which cgroups.Group keeps out of reach). The case is a protocol violation, RE, not 0 ms."""
    group = CountersGroup()
    group.cpu = 2_000_000_000
    meter = Meter(group, 256 << 20)
    meter.ready()
    group.cpu = 1_000_000
    usage = meter.take()
    assert usage.tampered and "went back" in usage.tampered and usage.cpu_ms == 0.0
    status, why = _over(Limits(), usage)
    assert status is Status.PROTOCOL and why == usage.tampered
    assert status.verdict.value == "RE"


def test_a_peak_at_the_boxs_cap_is_over_the_limit():
    """Red-team round 26: a box refused a page at its cap (baseline + limit) has its page cache
    reclaimed rather than a process killed, so a program whose mapped file does not fit beside its
    heap stays at the cap, no OOM kill counted: reaching the limit is MLE; a page below it is not."""
    group = CountersGroup()  # a baseline of 10 MiB
    meter = Meter(group, 256 << 20)
    meter.ready()
    group.peak = (10 << 20) + (256 << 20)
    assert _over(Limits(), meter.take())[0] is Status.MEMORY
    group.peak = (10 << 20) + (256 << 20) - 4096
    assert _over(Limits(), meter.take()) == (None, "")


def test_a_box_at_its_cap_is_mle_even_when_it_also_ran_out_of_time():
    """A box starved at its cap spends CPU reading its own evicted pages again: a Go memory hog went from
    MLE to TLE once its program's pages were charged to it. The cap is the cause: MLE comes first."""
    at_cap = Usage(cpu_ms=1500.0, memory_kb=256 * 1024, oom_kills=0)
    assert _over(Limits(), at_cap)[0] is Status.MEMORY
    assert _over(Limits(), Usage(cpu_ms=1500.0, memory_kb=255 * 1024, oom_kills=0))[0] is Status.TIMEOUT


def test_a_harness_that_says_timeout_for_a_case_at_its_memory_cap_is_mle():
    """Honest round 29: a C++ BFS that copied the board for every square it queued reached the box's cap,
    slowed by its faults until its own RLIMIT_CPU ended it; the harness said timeout, which the judge kept
    (its word on a limit is kept), and the case was TLE in 3 runs of 7. A peak at the cap is MLE first, as
    _over() orders them, whatever the harness said; a harness's own memory or timeout stays as it said."""
    from judge.sandbox.runner import Reply, Server

    server = Server.__new__(Server)
    server.limits, server.proc = Limits(), None  # no box to stop: stop() has nothing to end
    at_cap = Usage(cpu_ms=1002.0, memory_kb=256 * 1024, oom_kills=0)
    assert server._judged(Reply(Status.TIMEOUT), at_cap).status is Status.MEMORY
    assert server._judged(Reply(Status.MEMORY), at_cap).status is Status.MEMORY
    over_time = Usage(cpu_ms=1002.0, memory_kb=100 * 1024, oom_kills=0)
    assert server._judged(Reply(Status.TIMEOUT), over_time).status is Status.TIMEOUT
    assert server._judged(Reply(Status.MEMORY), over_time).status is Status.MEMORY
    assert server._judged(Reply(Status.OK), at_cap).status is Status.MEMORY
