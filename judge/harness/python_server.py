"""Serves one Python submission's cases inside the box: load once, fork a fresh child per case.

Protocol (shared by every language's server; see judge/runner.py): JSON lines. The judge writes
requests `{"id": N, "args": [...]}` on the request fd; the server answers on the response fd, first
`{"status": "ready"}` (or `compile_error`), then one line per request with `status` one of
`ok` (with `value`), `exception` (`type`, `message`, `where`), `memory`, `timeout`, `signal`
(`signal`), `exit` (`code`), `noentry` (`message`), `output_limit`; plus `cpu_ms` and `mem_kb`.
A server that cannot stop a runaway case itself (JVM, Go) adds `"restart": true` and exits; the
judge then starts a fresh one for the next case.

Each case runs in a child forked from this server after the interpreter and the implicit imports
are loaded, so no case sees what another left in globals, and no case pays an interpreter start.
The next case's child is forked as soon as an answer is sent, while the judge checks that answer
(the fork's cost overlaps the judge's work); it reads its one request line itself (see `Child`).
The child closes both protocol fds before any submission code runs, so it cannot write the
answer line itself; its result travels in a memory file of its own that this server reads and checks.
This file uses only the standard library and imports nothing from the judge.
"""

import ctypes
import gc
import json
import math
import os
import re
import resource
import select
import signal
import sys

PR_SET_DUMPABLE = 4
#: What a case's child may say about itself; the server adds the id, the CPU time and the memory.
CHILD_KEYS = ("status", "value", "type", "message", "where")

# The platform's implicit imports: names a LeetCode Python 3 solution may use without importing.
PRELUDE = """
import array, bisect, collections, copy, datetime, functools, heapq, itertools, math, operator
import random, re, string, sys, typing
from typing import *
from collections import *
from heapq import *
from bisect import *
from itertools import *
from functools import *
from math import *
del pow  # math.pow would shadow the builtin, which takes a modulus
"""


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
    except (ValueError, OSError) as exc:  # e.g. null bytes in the source
        send(resp_fd, {"status": "compile_error", "message": f"{type(exc).__name__}: {exc}"})
        return
    prelude = {"__name__": "__solution__", "__builtins__": __builtins__}
    exec(PRELUDE, prelude)
    sys.setrecursionlimit(config.get("recursion_limit", 1_000_000))
    # Everything loaded so far moves to the GC's permanent generation: a child's collections then
    # never write to these objects' headers, so their pages stay shared instead of being copied.
    gc.freeze()
    send(resp_fd, {"status": "ready"})
    warm = None
    while True:
        child = Child(config, code, prelude, warm)  # forked while the judge checks the last answer
        reply = child.finish()
        if reply is None:  # the judge closed the request channel
            return
        warm, answer = reply
        send_bytes(resp_fd, answer)


def send(fd, message):
    """Write one JSON line on a file descriptor."""
    send_bytes(fd, (json.dumps(message) + "\n").encode())


def send_bytes(fd, data):
    """Write all of `data` on a file descriptor."""
    while data:
        data = data[os.write(fd, data):]


def not_dumpable():
    """Keep the submission (same uid, forked from here) out of this process: with it, /proc/PID/fd
    and /proc/PID/mem of the server cannot be opened, so the protocol pipes cannot be reopened."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass


#: The id at the head of a request as the judge writes it; other spellings are parsed in full.
REQUEST_ID = re.compile(rb'\{"id": ?(\d+),')


class Child:
    """A child forked before its case: it takes the next request line itself, then runs it.

    It reads the request fd only until the end of that one line (the judge sends the next request
    only after this answer) and closes it before any submission code runs. It writes the request
    line, then its outcome, into a memory file of its own; this server reads that file once the
    child is gone. So a case costs the judge's write, one wake-up here and the answer's write.
    """

    def __init__(self, config, code, prelude, warm):
        self.config = config
        self.memfd = os.memfd_create("case", 0)
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            self.pid = os.fork()
        except OSError as exc:  # processes an earlier case left behind fill the box's process cap
            self.pid, self.error = None, exc
            return
        if self.pid == 0:  # the child: never returns
            run_child(config, code, prelude, self.memfd, warm)

    def finish(self):
        """Wait for the child: (its request line, the reply line for the judge), or None at the end."""
        if self.pid is None:
            return self.cannot_start()
        _, status, usage = os.wait4(self.pid, 0)
        cap = self.config["output_bytes"] + 4096
        try:
            size = os.fstat(self.memfd).st_size
            data = os.pread(self.memfd, min(size, cap + (1 << 22)), 0) if size else b""
        finally:
            os.close(self.memfd)
        line, _, rest = data.partition(b"\n")
        payload = last_line(rest)
        if not line:  # it found no request: the judge has finished
            return None
        match = REQUEST_ID.match(line)
        try:
            request_id = int(match.group(1)) if match else json.loads(line)["id"]
        except (ValueError, KeyError, TypeError):
            return None  # not a request from the judge: stop, the judge reports the server's end
        head = {"id": request_id, "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000, "mem_kb": usage.ru_maxrss}
        outcome = describe(self.config, status, usage, payload, len(rest) > cap)
        if outcome is None:  # the child's own JSON answer, passed on without decoding it again
            tail = json.dumps(head)[1:]  # our keys come last: in a JSON object the last one wins
            return line, payload[:-1] + b", " + tail.encode() + b"\n"
        # The child's word counts for what it returned, never for its id, time or memory.
        head.update({key: outcome[key] for key in CHILD_KEYS + ("code", "signal") if key in outcome})
        return line, (json.dumps(head) + "\n").encode()

    def cannot_start(self):
        """No child could be forked: take the request here and answer it with the reason."""
        os.close(self.memfd)
        line = read_request(self.config["request_fd"], close=False)
        if not line:
            return None
        try:
            request_id = json.loads(line)["id"]
        except (ValueError, KeyError, TypeError):
            return None
        reply = {"id": request_id, "status": "exception", "type": type(self.error).__name__,
                 "message": f"the case could not start: {self.error.strerror} (too many processes left running?)"}
        return line, (json.dumps(reply) + "\n").encode()


def last_line(payload):
    """The last non-empty line: the harness writes its own line last; what the submission may have
    written on its memory file before it does not count."""
    lines = [line for line in payload.split(b"\n") if line.strip()]
    return lines[-1].strip() if lines else b""


def describe(config, status, usage, payload, too_big):
    """Turn the child's end and its outcome line into a protocol status (None: the line as it is)."""
    cpu = usage.ru_utime + usage.ru_stime
    if too_big:
        return {"status": "output_limit"}
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU or cpu >= config["cpu_limit"]:
            return {"status": "timeout"}
        if usage.ru_maxrss * 1024 >= config["memory_bytes"] * 0.95:
            return {"status": "memory"}
        return {"status": "signal", "signal": signal.Signals(sig).name}
    if not payload:
        return {"status": "exit", "code": os.WEXITSTATUS(status)}
    if cpu > config["cpu_limit"]:
        return {"status": "timeout"}
    if payload[:1] == b"{" and payload[-1:] == b"}":
        return None  # one JSON object on one line, as the harness writes it; the judge decodes it
    return {"status": "exit", "code": os.WEXITSTATUS(status)}


def run_child(config, code, prelude, out_fd, warm=None):
    """The forked child: limits, its request, fresh globals, the call, the outcome in its memory file."""
    exit_code = 0
    try:
        os.close(config["response_fd"])
        # Until the request comes the judge is still checking the previous answer: do the harness's
        # own set-up now, off the case's wall time (it still counts in the case's CPU time).
        limit_child(config)
        warm_up(warm, prelude)
        line = read_request(config["request_fd"])
        if not line:
            os._exit(0)
        send_bytes(out_fd, line.rstrip(b"\n") + b"\n")
        outcome = call(config, code, prelude, json.loads(line))
    except MemoryError:
        outcome = {"status": "memory"}
    except BaseException as exc:  # the harness itself failed: report it rather than die silently
        outcome = {"status": "harness_error", "message": f"{type(exc).__name__}: {exc}"}
    try:
        # Own line: a newline first ends whatever the submission itself wrote on this file.
        send_bytes(out_fd, b"\n" + encode(outcome, config["output_bytes"]) + b"\n")
    except MemoryError:
        os.write(out_fd, b'\n{"status": "memory"}\n')
    except BaseException:
        exit_code = 70
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        pass
    os._exit(exit_code)


def warm_up(line, prelude):
    """Decode the previous case's request and drop it: the copy-on-write page faults of a forked
    child's first allocations (about 400 on a 50 x 50 board, as much as a small case's own work)
    then happen while the child waits, not while the submission runs. No submission code runs here."""
    if line:
        try:
            json.loads(line)
            dict(prelude)
        except Exception:
            pass


def read_request(fd, close=True):
    """One request line from the judge (b"" at the end), then (in a child) the request fd closed for good."""
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
        if chunk.endswith(b"\n"):  # the judge writes nothing more until it has this case's answer
            if b"".join(chunks).strip():
                break
            chunks = []  # a blank line: wait for a real request
    if close:
        os.close(fd)
    return b"".join(chunks)


def limit_child(config):
    """CPU seconds and address space for this case only; the kernel enforces them."""
    cpu = max(1, math.ceil(config["cpu_limit"]))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    with open("/proc/self/statm") as f:
        mapped = int(f.read().split()[0]) * resource.getpagesize()
    space = mapped + config["memory_bytes"]
    resource.setrlimit(resource.RLIMIT_AS, (space, space))


def call(config, code, prelude, request):
    """Run the submission's code in fresh globals and call its entry point once."""
    namespace = dict(prelude)
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
        return {"status": "ok", "value": value}
    except MemoryError:
        return {"status": "memory"}
    except SystemExit as exc:
        return {"status": "exception", "type": "SystemExit", "where": where_in_solution(exc),
                "message": f"the solution called exit({exc.code!r})"}
    except BaseException as exc:
        return {"status": "exception", "type": type(exc).__name__, "where": where_in_solution(exc),
                "message": first_line(exc)}


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


def first_line(exc):
    """The exception's message on one line, bounded."""
    try:
        text = str(exc).strip().splitlines()
    except BaseException:
        return ""
    line = text[-1] if text else ""
    return line[:300]


def where_in_solution(exc):
    """`line N in FUNCTION` of the deepest frame inside the submission, if any."""
    # Walk the frames by hand: traceback.extract_tb would read source lines for each of up to a
    # million frames of a runaway recursion, and run the case out of time.
    tb, last = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "solution.py":
            last = tb
        tb = tb.tb_next
    if last is None:
        return ""
    return f"line {last.tb_lineno} in {last.tb_frame.f_code.co_name}"


def encode(outcome, limit):
    """The outcome as JSON bytes; an answer that is not JSON data, or too big, says so."""
    try:
        data = json.dumps(outcome, allow_nan=False).encode()
    except (TypeError, ValueError, RecursionError) as exc:
        value = outcome.get("value")
        outcome = {"status": "bad_value", "message": f"the answer ({type(value).__name__}) is not plain data: {exc}"[:300],
}
        data = json.dumps(outcome).encode()
    if len(data) > limit:
        return json.dumps({"status": "output_limit"}).encode()
    return data


if __name__ == "__main__":
    main()
