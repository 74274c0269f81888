"""Serves one Python submission's cases inside the box: compile once, run each case in fresh globals.

Protocol (shared by every language's server): JSON lines on two private pipes, every status with its
exact fields and what it becomes, in one place: judge/sandbox/protocol.py. The judge decodes each
line strictly (a key twice, an unknown key, a wrong type: the case is RE), so what a server writes
must follow that table to the letter.

Two processes. This server (the zygote) compiles the submission and loads the interpreter and the
implicit imports, but never runs submission code. It forks a **worker** that runs the cases one
after another, each in a fresh copy of the globals: the submission's module code runs again and
its entry point is looked up again for every case, so nothing a case leaves in the submission's
globals (module variables, class attributes, caches) is visible to the next, and no case pays an
interpreter start or a fork. The zygote reads each request, passes it to the worker on a pipe of
its own, and writes the answer line for the judge itself: the case's id comes from the request,
its CPU time from the kernel (/proc/WORKER/schedstat) and its peak memory from /proc/WORKER/status,
never from the worker. A worker that dies (a signal, the CPU or memory limit, `os._exit`) takes
only its case with it: the zygote describes that end and forks a fresh worker for the next case;
so does a worker after a MemoryError. The worker never holds the judge's pipes.

Where the judge measures the box from outside (its cgroup; `measured` in the config) the zygote
has nothing to add and leaves the per-case path: the worker reads each request from the judge's
pipe and answers on the judge's pipe itself, with no `cpu_ms` or `mem_kb` (so a line naming them
was not written by the harness, and the judge refuses it). The zygote forks that worker before it
says ready and only waits for its end: when it dies during a case (the id of the case it runs is
in a page they share) the zygote forks a fresh one first, then describes that end for the judge.
The worker dies with the zygote (PR_SET_PDEATHSIG), so a submission that kills the zygote ends its
case as before. A request marked `"poll": true` says the judge polls for its answer and sends the
next request the moment it is in: the worker then looks for that request for SPIN_SECONDS before it
sleeps, so neither side waits for the other to wake up. This file uses only the standard library
and imports nothing from the judge.
"""

import gc

# No collection while the server starts: the modules it loads (its own, the platform's implicit imports)
# are all kept, and the collector walked them again and again as they grew (1-1.5 ms of a box's start).
# main() turns it on again, with what was loaded frozen, before any submission code runs.
gc.disable()

import _ctypes  # noqa: E402
import _thread  # noqa: E402
import importlib.machinery  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import mmap  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import select  # noqa: E402
import signal  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from types import ModuleType  # noqa: E402

PR_SET_DUMPABLE = 4
PR_SET_PDEATHSIG = 1
#: What the worker may say about a case; the zygote adds the id, the CPU time and the memory.
CHILD_KEYS = ("status", "value", "type", "message", "where")
#: The id at the head of a request as the judge writes it; other spellings are parsed in full.
REQUEST_ID = re.compile(rb'\{"id": ?(\d+),')
CLK_TCK = os.sysconf("SC_CLK_TCK")
#: How long a direct worker looks for the next request before it sleeps, after a request marked
#: `"poll": true` (the judge has a core of its own and answers at once; a sleeping core took 20-40 us
#: to wake here, on every case). The look is charged to the box, a few microseconds a case.
SPIN_SECONDS = 0.0003
#: The head of a request marked so, as the judge writes it.
POLLED = re.compile(rb'\{"id": ?\d+, "poll": true,')


#: The stack of a thread a submission starts without naming one (bytes).
THREAD_STACK = 16 << 20
#: mallopt's M_ARENA_MAX: one malloc arena for every thread. glibc reserves 64 MiB of address space for
#: each thread's own arena, which the case's address-space cap counted: beside 32 MiB stacks, only three
#: to five threads could start (a ThreadPoolExecutor of 8 was RE). The GIL leaves nothing to gain from more.
M_ARENA_MAX = -8

#: The page the zygote and a direct worker share: the id of the case the worker runs, 0 between cases.
RUNNING = struct.Struct("q")
#: One encoder, made once: json.dumps with an option builds a new one per call. Compact, as the
#: judge's expected answers are, which it then recognises by their bytes (protocol.Known).
ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"))

# The platform's implicit imports: names a LeetCode Python 3 solution may use without importing, in
# LeetCode's own order, which decides which module's name wins (its globals, as dumped from a solution:
# `sub` is operator's, `compile` and `pow` the builtins', `Counter` typing's, `datetime` and `random` the
# modules, imported after the names). A bare `deepcopy(board)`,
# `setrecursionlimit(...)` or `ascii_lowercase` was RE (red-team round 31). All are loaded here, before
# any case. Loading the rarely used ones at their first use instead (importlib's LazyLoader) saved 1.5 ms
# of the box's start, but two threads of a case could see one half loaded, and a case interrupted as it
# loaded one (a RecursionError) left it broken for every later case.
PRELUDE = """
from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from io import *
from sys import *
from json import *
from builtins import *
import array, bisect, collections, copy, datetime, functools, heapq, io, itertools, json, math, operator
import random, re, statistics, string, sys, typing
from typing import *
"""


class _Int(_ctypes._SimpleCData):
    """C's int, as ctypes declares it."""

    _type_ = "i"


class _Function(_ctypes.CFuncPtr):
    """A C function of the process's own symbols that returns an int and keeps errno, as ctypes.CDLL's."""

    _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
    _restype_ = _Int


class _Libc:
    """The process's own symbols (dlopen(NULL)), as ctypes.CDLL(None) holds them."""

    _handle = _ctypes.dlopen(None)


def prctl(option, value):
    """prctl(2) through ctypes' C core: the `ctypes` package around it cost 2 ms of every box's start."""
    return _Function(("prctl", _Libc))(option, value, 0, 0, 0)


def main():
    """Read the config, compile the submission once, then serve cases until the request fd ends."""
    config = json.loads(sys.argv[1])
    not_dumpable()
    resp_fd = config["response_fd"]
    try:
        with open(config["source"], "rb") as f:
            source = f.read()
        code = compile(source, "solution.py", "exec", dont_inherit=True)
    except SyntaxError as exc:
        where = f"line {exc.lineno}: " if exc.lineno else ""
        text = (exc.text or "").strip()
        shown = f" ({text[:80]})" if text else ""
        send(resp_fd, {"status": "compile_error", "message": f"{where}{type(exc).__name__}: {exc.msg}{shown}"})
        return
    except (ValueError, OSError, RecursionError, MemoryError) as exc:
        # Null bytes in the source; an expression nested too deep for the compiler (100,000 `1+1+...`
        # terms), or too large for its memory: the compiler's refusal, as for a syntax error.
        send(resp_fd, {"status": "compile_error", "message": f"{type(exc).__name__}: {str(exc)[:200]}"})
        return
    sys.meta_path.append(Libraries(config.get("libraries") or {}))
    # `__file__` as the platform's script module has it: the path of the file the code was read from.
    prelude = {"__name__": "__solution__", "__file__": config["source"], "__builtins__": __builtins__}
    exec(PRELUDE, prelude)
    # With a fresh module's own entries first, and copied once more: a dict with no deleted entries
    # (the prelude's `del pow` left one) and no spare room is what an empty dict's update() copies whole
    # (call(): 1 us a case, where inserting its 230 names one by one took 5).
    prelude = dict({**vars(ModuleType("__solution__")), **prelude})
    sys.setrecursionlimit(config.get("recursion_limit", 1_000_000))
    # A thread's stack is by default the main thread's RLIMIT_STACK, the box's 512 MiB for deep recursion,
    # and the case's address-space cap (its mapping + the memory limit) then refused every thread: a plain
    # `threading.Thread(...).start()` was "RuntimeError: can't start new thread" (round 27). 16 MiB holds
    # far more than a 50x50 board's recursion (Python 3.11's calls between Python functions take no C
    # stack); `threading.stack_size(n)` still sets a case's own, up to its cap.
    _thread.stack_size(THREAD_STACK)
    _Function(("mallopt", _Libc))(M_ARENA_MAX, 1)
    # Everything loaded so far moves to the GC's permanent generation: the worker's collections
    # then never write to these objects' headers, so their pages stay shared instead of copied.
    gc.freeze()
    gc.enable()  # a submission's cycles are collected as usual (the worker is forked after this)
    if config.get("measured"):
        serve_directly(config, code, prelude)
    else:
        serve_relayed(config, code, prelude)


class Libraries:
    """Finds the platform's importable libraries (sortedcontainers) in the folders the judge showed,
    by their top-level names only: nothing else there can be imported (the box runs with -I -S)."""

    def __init__(self, where):
        self.where = where   # name -> the folder holding its package

    def find_spec(self, name, path=None, target=None):
        """The library's spec; its submodules are found through its package's __path__."""
        folder = self.where.get(name)
        if folder is None or path is not None:
            return None
        return importlib.machinery.PathFinder.find_spec(name, [folder])


def serve_relayed(config, code, prelude):
    """Pass each request to the worker and its answer back, with the id, CPU time and memory added."""
    resp_fd = config["response_fd"]
    send(resp_fd, {"status": "ready"})
    worker = None
    while True:
        line = read_request(config["request_fd"])
        if not line:  # the judge has finished
            if worker is not None:
                worker.stop()
            return
        if worker is None:
            worker = Worker(config, code, prelude)
        reply, alive = worker.run(line)
        send_bytes(resp_fd, reply)
        if not alive:
            worker = None


def serve_directly(config, code, prelude):
    """The judge measures the box itself: keep a worker that answers the judge, and replace it when it dies."""
    running = mmap.mmap(-1, RUNNING.size)
    worker = DirectWorker(config, code, prelude, running)
    send(config["response_fd"], {"status": "ready"})
    poller = select.poll()
    poller.register(config["request_fd"], 0)  # no events asked: POLLHUP alone, once the judge is done
    while True:
        if worker.pidfd is not None:
            poller.register(worker.pidfd, select.POLLIN)
        events = dict(poller.poll(None if worker.pidfd is not None else 50))
        if events.get(config["request_fd"], 0) & (select.POLLHUP | select.POLLERR):
            worker.stop()
            return
        if worker.pidfd is not None:
            poller.unregister(worker.pidfd)
        status = worker.reap()
        if status is None:
            continue
        case = RUNNING.unpack_from(running)[0]
        RUNNING.pack_into(running, 0, 0)
        # The next worker first, so the next request finds one; then this case's end, if it died in one.
        worker = DirectWorker(config, code, prelude, running)
        if case:
            send(config["response_fd"], {"id": case, **ended_directly(status)})


class DirectWorker:
    """A worker that reads the judge's requests and answers them itself, seen from the zygote."""

    def __init__(self, config, code, prelude, running):
        sys.stdout.flush()
        sys.stderr.flush()
        parent = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: never returns
            try:
                # It dies with the zygote: a submission that kills the zygote loses its case as before.
                prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            except (OSError, AttributeError):
                pass
            if os.getppid() != parent:
                os._exit(70)
            run_worker(config, code, prelude, config["request_fd"], config["response_fd"], running)
        try:
            self.pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):
            self.pidfd = None

    def reap(self):
        """The worker's wait status once it has ended, else None (without waiting)."""
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return None
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None
        return status

    def stop(self):
        """No more cases: end the worker and reap it."""
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def ended_directly(status):
    """The protocol status of a case whose direct worker ended before answering. Time and memory
    are the judge's to judge (its measure of the box turns an end over a limit into TLE or MLE)."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            return {"status": "timeout"}
        return {"status": "signal", "signal": signal_name(sig)}
    return {"status": "exit", "code": os.WEXITSTATUS(status)}


def signal_name(sig):
    """A signal's name, as the C++ server gives it: SIGSEGV, or SIG40 for one Python has no name for
    (a real-time signal the submission sent itself: Signals(40) raised, and the zygote died with it)."""
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"SIG{sig}"


def request_id(line):
    """The id of a request line: read from its head as the judge writes it, else from the whole line."""
    match = REQUEST_ID.match(line)
    try:
        return int(match.group(1)) if match else json.loads(line)["id"]
    except (ValueError, KeyError, TypeError):
        return None


def not_dumpable():
    """Keep the submission (same uid, forked from here) out of this process: with it, /proc/PID/fd
    and /proc/PID/mem of the server cannot be opened, so the protocol pipes cannot be reopened."""
    try:
        prctl(PR_SET_DUMPABLE, 0)
    except (OSError, AttributeError):
        pass


def send(fd, message):
    """Write one JSON line on a file descriptor."""
    send_bytes(fd, (json.dumps(message) + "\n").encode())


def send_bytes(fd, data):
    """Write all of `data` on a file descriptor."""
    while data:
        data = data[os.write(fd, data):]


def read_request(fd):
    """One request line from the judge, b"" at the end (the judge sends one at a time)."""
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        if chunk.endswith(b"\n") and b"".join(chunks).strip():
            return b"".join(chunks)


class Worker:
    """The process that runs cases, seen from the zygote: a request pipe in, an answer pipe out."""

    def __init__(self, config, code, prelude):
        self.config = config
        to_worker, self.requests = os.pipe()
        self.answers, from_worker = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: never returns
            os.close(self.requests)
            os.close(self.answers)
            run_worker(config, code, prelude, to_worker, from_worker)
        os.close(to_worker)
        os.close(from_worker)
        try:
            self.pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):
            self.pidfd = None
        self.buffer = b""
        # Opened once and read again with pread for every case: an open per case costs more than a
        # small case's whole run.
        self.proc_fds = {name: _open_proc(f"/proc/{self.pid}/{name}") for name in ("schedstat", "stat", "status")}

    def run(self, line):
        """Pass one request on and wait: (the answer line for the judge, whether the worker lives on)."""
        ident = request_id(line)
        before = self.cpu_ns()
        try:
            send_bytes(self.requests, line if line.endswith(b"\n") else line + b"\n")
        except OSError:  # the worker is gone already: its end is described below
            pass
        payload = self.answer()
        if payload is None:  # the worker ended during the case
            _, status, usage = os.wait4(self.pid, 0)
            self.close()
            cpu_ms = max(0.0, (usage.ru_utime + usage.ru_stime) * 1000 - before / 1e6)
            head = {"id": ident, "cpu_ms": cpu_ms, "mem_kb": usage.ru_maxrss}
            head.update(ended(self.config, status, cpu_ms, usage.ru_maxrss))
            return (json.dumps(head) + "\n").encode(), False
        cpu_ms = (self.cpu_ns() - before) / 1e6
        head = {"id": ident, "cpu_ms": cpu_ms, "mem_kb": self.peak_kb()}
        alive = True
        if cpu_ms > self.config["cpu_limit"] * 1000:
            head["status"] = "timeout"
        elif len(payload) > self.config["output_bytes"] + 4096:
            head["status"] = "output_limit"
        else:
            # The worker's own JSON, passed on without decoding it again, with our keys added. A
            # worker line that names id, time or memory itself (a submission writing on the worker's
            # pipe) then holds a key twice, which the judge refuses: the worker never sets them.
            alive = b'"status": "memory"' not in payload[:40]
            return payload[:-1] + b", " + json.dumps(head)[1:].encode() + b"\n", alive
        return (json.dumps(head) + "\n").encode(), alive

    def answer(self):
        """The next line the worker writes that is a JSON object, or None when it has ended.

        Waits on the worker's pidfd too: a process the submission started may hold the answer pipe
        open after the worker's death, and must not hold the zygote with it."""
        poller = select.poll()
        poller.register(self.answers, select.POLLIN)
        if self.pidfd is not None:
            poller.register(self.pidfd, select.POLLIN)
        ended_ = False
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                line = line.strip()
                if line[:1] == b"{" and line[-1:] == b"}":
                    return line
            if len(self.buffer) > self.config["output_bytes"] + (1 << 20):
                self.buffer = self.buffer[-(self.config["output_bytes"] + 4096):]
            if ended_:
                return None
            events = dict(poller.poll(None if self.pidfd is not None else 50))
            if self.pidfd is not None and self.pidfd in events or self.pidfd is None and self.gone():
                ended_ = True  # read what is left, then report the end
                os.set_blocking(self.answers, False)
            try:
                chunk = os.read(self.answers, 1 << 16)
            except BlockingIOError:
                chunk = b""
            if not chunk and not ended_:
                ended_ = True
            self.buffer += chunk
            if chunk and ended_:
                ended_ = False  # more may follow before EOF: keep reading without blocking
                os.set_blocking(self.answers, False)

    def gone(self):
        """Whether the worker has ended, without reaping it (wait4 reads its usage afterwards)."""
        return os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None

    def cpu_ns(self):
        """The worker's CPU time so far, from the kernel (nanoseconds; clock ticks without schedstat)."""
        try:
            return int(_pread(self.proc_fds["schedstat"]).split()[0])
        except (OSError, ValueError, IndexError, TypeError):
            try:
                fields = _pread(self.proc_fds["stat"]).rsplit(b")", 1)[1].split()
                return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // CLK_TCK
            except (OSError, ValueError, IndexError, TypeError):
                return 0

    def peak_kb(self):
        """The worker's peak resident memory during this case (it resets the peak before each)."""
        try:
            text = _pread(self.proc_fds["status"])
            return int(text.split(b"VmHWM:", 1)[1].split()[0])
        except (OSError, ValueError, IndexError, TypeError):
            return 0

    def stop(self):
        """No more cases: end the worker and reap it."""
        self.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass

    def close(self):
        """Close the zygote's ends of the worker's pipes."""
        for fd in (self.requests, self.answers, self.pidfd, *self.proc_fds.values()):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.requests = self.answers = self.pidfd = None
        self.proc_fds = {}


def _open_proc(path):
    """A /proc file opened for reading, or None."""
    try:
        return os.open(path, os.O_RDONLY)
    except OSError:
        return None


def _pread(fd):
    """The whole of a small /proc file, read again from its start."""
    return os.pread(fd, 1 << 14, 0)


def ended(config, status, cpu_ms, maxrss_kb):
    """The protocol status of a case whose worker ended before answering."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU or cpu_ms >= config["cpu_limit"] * 1000:
            return {"status": "timeout"}
        if maxrss_kb * 1024 >= config["memory_bytes"] * 0.95:
            return {"status": "memory"}
        return {"status": "signal", "signal": signal_name(sig)}
    return {"status": "exit", "code": os.WEXITSTATUS(status)}


def run_worker(config, code, prelude, requests, answers, running=None):
    """The worker: for each request, limits, fresh globals, the call, the answer. Relayed (`running`
    None) it talks to the zygote on pipes of its own; direct, to the judge, naming each case's id
    and noting it in `running` while the case runs."""
    exit_code = 0
    try:
        if running is None:
            os.close(config["response_fd"])
            os.close(config["request_fd"])
        spin = [0.0]  # how long to look for the next request before sleeping (direct only)
        # Direct, each case's limits are set before its request is read: after the previous answer is
        # sent, while the judge checks it, and not between the request's arrival and its answer.
        limited = limit_case(config) if running is not None else None
        for line in lines(requests, spin):
            extra = {}
            if running is not None:
                extra["id"] = ident = request_id(line)
                spin[0] = SPIN_SECONDS if POLLED.match(line) else 0.0
                RUNNING.pack_into(running, 0, ident if type(ident) is int and ident > 0 else 0)
            outcome = run_case(config, code, prelude, line, limited)
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:  # a closed or broken stdout is the submission's business
                pass
            try:
                data = encode(outcome, config["output_bytes"], extra)
                # Relayed, its own line: a newline first ends whatever the submission wrote on this pipe.
                send_bytes(answers, data + b"\n" if running is not None else b"\n" + data + b"\n")
            except MemoryError:
                memory = b'{"status": "memory"' + (b', "id": %d}' % extra["id"] if extra.get("id") else b"}")
                send_bytes(answers, memory + b"\n" if running is not None else b"\n" + memory + b"\n")
                outcome = {"status": "memory"}
            if running is not None:
                RUNNING.pack_into(running, 0, 0)
            if outcome.get("status") == "memory":
                break  # the heap may be in any state: the next case gets a fresh worker
            if running is not None:
                limited = limit_case(config)
    except BaseException:
        exit_code = 70
    os._exit(exit_code)


def lines(fd, spin=(0.0,)):
    """Request lines until the pipe is closed; `spin[0]`: how long to look for one before sleeping."""
    buffer = b""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while True:
        while b"\n" not in buffer:
            if spin[0] > 0:
                # poll() rather than a non-blocking read: the descriptor's mode is shared with the
                # zygote and with the next worker, which a worker that dies mid-look would leave so.
                until = time.perf_counter() + spin[0]
                while not poller.poll(0) and time.perf_counter() < until:
                    pass
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return
            buffer += chunk
        line, buffer = buffer.split(b"\n", 1)
        if line.strip():
            yield line


def run_case(config, code, prelude, line, limited=None):
    """One case in the worker: its limits (unless `limited`: limit_case()'s result, set already), then
    the call; harness failures are reported, not raised."""
    try:
        if limited is None:
            limited = limit_case(config)
        if limited is not True:
            return limited
        return call(config, code, prelude, json.loads(line))
    except MemoryError:
        return {"status": "memory"}
    except BaseException as exc:  # the harness itself failed: report it rather than die silently
        return {"status": "harness_error", "message": f"{type_name(exc)}: {first_line(exc)}"}


SELF = {}  # the worker's own /proc files, opened once


def limit_case(config):
    """This case's CPU seconds and address space, on top of what the worker has used so far; and
    its peak memory reset, so the zygote reads this case's own peak. The kernel enforces both.
    True once set, else the outcome that says why not (the harness failed: never raised)."""
    try:
        _set_limits(config)
        return True
    except MemoryError:
        return {"status": "memory"}
    except BaseException as exc:
        return {"status": "harness_error", "message": f"{type_name(exc)}: {first_line(exc)}"}


def _set_limits(config):
    if not SELF:
        SELF.update(status=_open_proc("/proc/self/status"),
                    cpu_hard=resource.getrlimit(resource.RLIMIT_CPU)[1],
                    as_hard=resource.getrlimit(resource.RLIMIT_AS)[1])
        try:  # only the zygote reads the peak, and only when the judge does not measure the box
            SELF["clear_refs"] = None if config.get("measured") else os.open("/proc/self/clear_refs", os.O_WRONLY)
        except OSError:
            SELF["clear_refs"] = None
    # The whole process's, as RLIMIT_CPU counts; past the limit by the backstop where the judge measures the box.
    cpu = max(1, math.ceil(time.process_time() + config["cpu_limit"] + config.get("cpu_backstop", 0)))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, SELF["cpu_hard"]))
    # What it maps now, and the highest it ever mapped: out_of_memory() counts only a peak this case made.
    SELF["peak_start"], mapped = address_space()
    space = mapped + config["memory_bytes"]
    hard = SELF["as_hard"]
    resource.setrlimit(resource.RLIMIT_AS, (space if hard == resource.RLIM_INFINITY else min(space, hard), hard))
    if SELF["clear_refs"] is not None:
        try:
            os.write(SELF["clear_refs"], b"5")
        except OSError:
            pass


def call(config, code, prelude, request):
    """Run the submission's code in fresh globals and call its entry point once."""
    # The globals are a module's, known to sys.modules by its name as a script's are: dataclasses,
    # typing.get_type_hints and pickle look a class's module up there (a string annotation on a
    # @dataclass field was an AttributeError).
    module = ModuleType("__solution__")
    namespace = module.__dict__
    namespace.clear()  # its entries are the prelude's first ones (main()); emptied, it takes them in one copy
    namespace.update(prelude)
    sys.modules["__solution__"] = module
    try:
        exec(code, namespace)
        entry = find_entry(config, namespace)
        if isinstance(entry, str):
            return {"status": "noentry", "message": entry}
        args = request["args"]
        value = entry(*args)
        index = config.get("inplace_index")
        if value is None and index is not None:
            value = args[index]
        elif type(value) in DICT_VIEWS and config.get("returns", "").endswith("[]"):
            # `return groups.values()` for a list, as LeetCode takes it (its own solution to Group Anagrams);
            # it was WA, "not plain data" (round 31). A view's list runs none of the submission's code.
            value = list(value)
        return {"status": "ok", "value": value}
    except MemoryError:
        return {"status": "memory"}
    except SystemExit as exc:
        return {"status": "exception", "type": "SystemExit", "where": where_in_solution(exc),
                "message": f"the solution called exit({shown(_EXIT_CODE.__get__(exc))})"}
    except BaseException as exc:
        if out_of_memory():
            return {"status": "memory"}
        return {"status": "exception", "type": type_name(exc), "where": where_in_solution(exc),
                "message": first_line(exc)}


#: A dict's views of its values and keys: returned where the signature says a list, they are taken as one.
DICT_VIEWS = (type({}.values()), type({}.keys()))
#: How close to the case's address-space cap a peak counts as running out of memory (bytes).
NEAR_CAP = 8 << 20
#: The highest and the current address space in /proc/self/status (consecutive lines, in kB).
VM = re.compile(rb"VmPeak:\s*(\d+) kB\nVmSize:\s*(\d+) kB")


def address_space():
    """(the highest, the current) address space of this process in bytes, from /proc/self/status (kept
    open; opened again when the submission closed it in an earlier case)."""
    try:
        status = _pread(SELF["status"])
    except (OSError, TypeError, KeyError):
        SELF["status"] = _open_proc("/proc/self/status")
        with open("/proc/self/status", "rb") as f:
            status = f.read()
    peak_kb, size_kb = VM.search(status).groups()
    return int(peak_kb) << 10, int(size_kb) << 10


def out_of_memory():
    """Whether the case's address space reached its cap. Some of CPython's C code does not turn a
    failed allocation into MemoryError (a deque's new block: "SystemError: ... returned NULL without
    setting an exception", raised once the function's frame, and its memory, is gone), so an
    exception after the address space peaked at the cap is the memory limit's, not the code's."""
    try:
        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        peak = address_space()[0]
    except (OSError, ValueError, AttributeError):
        return False
    # VmPeak is the worker's whole life's: one case that came near its own cap (a table of 250 MiB, freed)
    # made every later exception MLE, and the cases after it were skipped (round 29). Only a peak this case
    # raised is its own.
    return soft != resource.RLIM_INFINITY and soft - peak < NEAR_CAP and peak > SELF.get("peak_start", 0)


def find_entry(config, namespace):
    """The callable to judge: Solution().function, else a top-level function; or why not."""
    name, cls = config["function"], config.get("class")
    if cls and isinstance(namespace.get(cls), type):
        method = getattr(namespace[cls](), name, None)
        if callable(method):
            return method
        return f"class {cls} has no method {name}()"
    if callable(namespace.get(name)):
        return namespace[name]
    wanted = f"class {cls} with a method {name}() or a function {name}()" if cls else f"a function {name}()"
    return f"no entry point: expected {wanted}"


# The submission's exception is its own object: its __str__, __repr__, its class's __name__ (through a
# metaclass) and even __traceback__ (a property) may raise or lie. So they are read through the
# built-in descriptors, which a subclass cannot override, and every reading has a fallback.
_TYPE_NAME = type.__dict__["__name__"]
_TRACEBACK = BaseException.__dict__["__traceback__"]
_EXIT_CODE = SystemExit.__dict__["code"]


def type_name(exc):
    """The exception's class name, as the class was created."""
    try:
        return _TYPE_NAME.__get__(type(exc))
    except BaseException:
        return "Exception"


def shown(value):
    """repr() of a value the submission made, or a note saying it could not be shown."""
    try:
        text = repr(value)
        # str's own slicing: a str subclass's __getitem__ is the submission's code (the review of round 27).
        return str.__getitem__(text, slice(0, 300)) if isinstance(text, str) else "?"
    except BaseException:
        return "<a value whose repr() raised>"


def first_line(exc):
    """The exception's message on one line, bounded: its lines joined, so that none is lost (it was the
    last line alone: `ValueError("useful part\\nmore")` said "more")."""
    try:
        # str's own methods: a subclass's strip() or splitlines() is the submission's code (round 17).
        text = str.splitlines(str.strip(str(exc)))
        return " / ".join(line for line in map(str.strip, text) if line)[:300]
    except BaseException:
        return "<its message could not be read: str() raised>"


def where_in_solution(exc):
    """`line N in FUNCTION` of the deepest frame inside the submission, if any."""
    # Walk the frames by hand: traceback.extract_tb would read source lines for each of up to a
    # million frames of a runaway recursion, and run the case out of time.
    try:
        tb, last = _TRACEBACK.__get__(exc), None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == "solution.py":
                last = tb
            tb = tb.tb_next
        if last is None:
            return ""
        return f"line {last.tb_lineno} in {last.tb_frame.f_code.co_name}"
    except BaseException:
        return ""


def encode(outcome, limit, extra=None):
    """The outcome as JSON bytes, with `extra` fields (a direct worker's id); an answer that is not
    JSON data, or too big, says so."""
    outcome = {**outcome, **extra} if extra else outcome
    try:
        text = _plain_answer(outcome)
        data = (text if text is not None else ENCODER.encode(outcome)).encode()
    except MemoryError:
        raise
    except BaseException as exc:  # not JSON data, or a container of the submission's own that raises
        value = outcome.get("value")
        if type(value) is float and not math.isfinite(value):  # inf where a count's -1 was due, say
            why = f"the answer is {float.__repr__(value)}, a float that JSON cannot carry (shown as null)"
        else:
            # What it was, since `got` shows null for it (a collections.deque where a list was due, say).
            why = (f"the answer ({_TYPE_NAME.__get__(type(value))}) is not plain data (shown as null): "
                   f"{first_line(exc)}; it was {shown(value)[:120]}")
        outcome = {"status": "bad_value", "message": why[:300], **(extra or {})}
        data = json.dumps(outcome).encode()
    if len(data) > limit:
        return json.dumps({"status": "output_limit", **(extra or {})}).encode()
    return data


#: The fields of an `ok` outcome, in ENCODER's order: relayed, then direct (the case's id added).
_PLAIN_KEYS = (("status", "value"), ("status", "value", "id"))


def _plain_answer(outcome):
    """ENCODER's text of an `ok` outcome whose value is a list, or a list of lists, of strings that
    JSON writes as they are (printable ASCII but `"` and `\\`): a board's cells, say. Byte for byte
    what ENCODER writes, in a third of the time for a 50x50 board (it makes one object per cell,
    this one per row); None for anything else, which ENCODER then writes."""
    if tuple(outcome) not in _PLAIN_KEYS or outcome["status"] != "ok" or type(outcome.get("id", 0)) is not int:
        return None
    value = outcome.get("value")
    if type(value) is not list or not value:
        return None
    try:
        if set(map(type, value)) == {list}:
            if 0 in map(len, value):
                return None
            cells = sum(map(len, value))
            body = '"],["'.join(['","'.join(row) for row in value])
            head, tail = '[["', '"]]'
        else:
            cells = len(value)
            body = '","'.join(value)
            head, tail = '["', '"]'
    except TypeError:  # not all strings (str subclasses are strings, as for ENCODER: their text, no method)
        return None
    # The separators hold two quotes per cell but one: any more are a cell's own, which JSON escapes.
    if not (body.isascii() and body.isprintable()) or "\\" in body or body.count('"') != 2 * (cells - 1):
        return None
    ident = f',"id":{int.__repr__(outcome["id"])}' if "id" in outcome else ""
    return f'{{"status":"ok","value":{head}{body}{tail}{ident}}}'


if __name__ == "__main__":
    main()
