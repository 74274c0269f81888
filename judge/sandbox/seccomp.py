"""The box's system call filter: the few calls that reach past its namespaces, refused with EPERM.

A box's user namespace maps its uid 65534 to the judge's own user, and some kernel state belongs to
that user whatever the namespace: its keyrings (a box could read the keys kept there, Kerberos
tickets, say, and leave keys that a later box reads back: state across boxes, runs and submissions,
which turned a wall time-out's fresh retry into a resumed computation) and its inotify and fanotify
instances (a box holding them all leaves none to the judge's user). And every box sees the same
system files, whose pages in the page cache a box can load or drop: `mincore`, `cachestat` and a
`preadv2` with RWF_NOWAIT (or io_uring's reads and Linux AIO's `io_submit`, which can set it) tell
without a clock which pages are cached, a channel from one box to the next (a secret case's input,
written by one submission and printed by a later one in a sample case). Reading them by the time a
read takes is still possible, slowly, as any timing channel, and so is one more way no filter can
refuse: a box that maps a system file and touches one page gets its cached neighbours mapped too
(the kernel's fault-around), which /proc/self/pagemap shows (README, Security: what is not
guaranteed); a wall time-out's retry is charged the first attempt's CPU time as well (session.py),
so it gains nothing from one. Sockets of any family but AF_UNIX are refused too (EAFNOSUPPORT):
on cgroup v1 the box's loopback TCP buffers are kernel memory its memory group does not charge.
And `posix_fadvise` is ignored (it returns 0, as advice may be ignored): its DONTNEED dropped the
cached pages of the system files every box reads, and with them the charge for those pages in a
neighbouring box's memory group, whose measured peak then read 0 (or higher, as it read them again).
`madvise` with MADV_PAGEOUT or MADV_COLD, on a mapping of such a file, did the same (red-team
round 24: the cached pages of the JDK's 122 MB `modules` gone after one case, a Java neighbour's
memory read 0 KiB on half its cases): that advice is ignored too (0, nothing done), other advice
works, and `process_madvise`, the same advice given to another process, is refused.
bubblewrap loads this filter (`--seccomp FD`) into every box, servers
and compilers alike; everything else is allowed (the namespaces, the cgroup and the limits are the
walls). Calls of another ABI than the native one (i386 through `int 0x80`) kill the process; x32
calls get the same rules as native ones.

The program is built with libseccomp (through pyseccomp, its ctypes binding, the same API as
libseccomp's own Python module) and kept in the cache as its bytes: importing the binding looks for
the library with `ldconfig` (about 10 ms), which a judge then pays once per machine, not per run.
"""

from __future__ import annotations

import errno
import functools
import os
import sys

from judge import cache
from judge.defaults import CACHE_ROOT

#: Refused in every box (EPERM), and why: see the module's docstring.
DENIED = ("add_key", "keyctl", "request_key", "inotify_init", "inotify_init1", "fanotify_init",
          "mincore", "cachestat", "io_uring_setup", "io_uring_enter", "io_uring_register", "io_setup", "io_submit",
          "process_madvise")
#: Calls newer than some libseccomp: refused by their x86_64 number where it does not know the name.
NUMBERS = {"cachestat": 451, "process_madvise": 440}
#: preadv2 is refused only with this flag (RWF_NOWAIT: read only what is cached), its 6th argument.
RWF_NOWAIT = 0x8
#: The only socket family a box may make (its runtimes' own pipes and socketpairs). Any other is
#: refused with EAFNOSUPPORT, as a kernel without that family would: the box's loopback TCP buffers
#: are memory the v1 memory cgroup does not charge to the box (kmem.tcp), 280 MiB held by a case
#: measured as 6 MiB; netlink, packet and the rest have no use in a solution.
AF_UNIX = 1
#: Ignored in every box: the call returns 0 and does nothing (see the module's docstring).
IGNORED = ("fadvise64",)
#: madvise's advice that drops or ages a file's cached pages (MADV_COLD, MADV_PAGEOUT), its 3rd
#: argument: ignored as fadvise64 is. The kernel reads that argument as an int, so only its low 32
#: bits are compared (matched whole, `(1 << 32) | 21` passed the filter and paged the file out).
IGNORED_ADVICE = (20, 21)
#: Bumped when the way the program is built changes, so a cached one is built again.
FORMAT = 6


@functools.cache
def program() -> bytes | str:
    """The filter as BPF bytes for `bwrap --seccomp`, or why there is none (a one-line reason)."""
    # Named by what it is built for; its first line names the calls it refuses, its second is the program.
    path = CACHE_ROOT / "seccomp" / f"v{FORMAT}-{os.uname().machine}-{sys.byteorder}.bpf"
    try:
        denied, program_hex = path.read_text().split("\n")[:2]
        kept = bytes.fromhex(program_hex)
        if denied == ",".join(DENIED) and kept and len(kept) % 8 == 0:  # whole sock_filter instructions
            return kept
    except (OSError, ValueError):
        pass
    built = _build()
    if isinstance(built, bytes):
        cache.keep(path, ",".join(DENIED) + "\n" + built.hex() + "\n")
    return built


def _build() -> bytes | str:
    try:
        import pyseccomp
    except ImportError:
        return "pyseccomp is not installed (pip install pyseccomp; setup.sh does)"
    except (OSError, RuntimeError) as exc:  # it loads libseccomp as it is imported
        return f"libseccomp cannot be loaded ({exc}; Debian: apt-get install libseccomp2)"
    try:
        rules = pyseccomp.SyscallFilter(pyseccomp.ALLOW)
        if os.uname().machine == "x86_64":  # x32's numbers are the native ones with a bit set: same rules
            rules.add_arch(pyseccomp.Arch.X32)
        for name in DENIED:
            try:
                rules.add_rule(pyseccomp.ERRNO(errno.EPERM), name)
            except (OSError, RuntimeError, ValueError):
                if name not in NUMBERS:  # newer than some libseccomp: then refused by number
                    raise
                if os.uname().machine == "x86_64":
                    rules.add_rule(pyseccomp.ERRNO(errno.EPERM), NUMBERS[name])
        rules.add_rule(pyseccomp.ERRNO(errno.EPERM), "preadv2",
                       pyseccomp.Arg(5, pyseccomp.MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT))
        for name in ("socket", "socketpair"):
            rules.add_rule(pyseccomp.ERRNO(errno.EAFNOSUPPORT), name, pyseccomp.Arg(0, pyseccomp.NE, AF_UNIX))
        for name in IGNORED:
            rules.add_rule(pyseccomp.ERRNO(0), name)
        for advice in IGNORED_ADVICE:
            rules.add_rule(pyseccomp.ERRNO(0), "madvise", pyseccomp.Arg(2, pyseccomp.MASKED_EQ, 0xFFFFFFFF, advice))
        read, write = os.pipe()
        try:
            with os.fdopen(write, "wb", closefd=False) as out:
                rules.export_bpf(out)
        finally:
            os.close(write)
        with os.fdopen(read, "rb") as got:
            return got.read()
    except (OSError, RuntimeError, ValueError) as exc:
        return f"libseccomp cannot build the filter: {exc}"


def reason() -> str:
    """Why boxes have no filter here; '' when they have one."""
    built = program()
    return "" if isinstance(built, bytes) else built


def filter_fd() -> int | None:
    """A new descriptor to read the filter from (each bwrap reads its own to the end), or None."""
    built = program()
    if not isinstance(built, bytes):
        return None
    read, write = os.pipe()  # the program (a few hundred bytes) fits in the pipe: the write cannot block
    try:
        os.write(write, built)
    finally:
        os.close(write)
    return read


def forget() -> None:
    """Drop the program this process holds (tests)."""
    program.cache_clear()

