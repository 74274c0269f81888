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
The child closes both protocol fds before any submission code runs, so it cannot write the
answer line itself; its result travels on a pipe of its own that this server reads and checks.
This file uses only the standard library and imports nothing from the judge.
"""

import ctypes
import json
import math
import os
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
    req = os.fdopen(config["request_fd"], "rb", buffering=0)
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
    send(resp_fd, {"status": "ready"})
    for line in iter_lines(req):
        request = json.loads(line)
        send(resp_fd, serve(config, code, prelude, request))


def not_dumpable():
    """Keep the submission (same uid, forked from here) out of this process: with it, /proc/PID/fd
    and /proc/PID/mem of the server cannot be opened, so the protocol pipes cannot be reopened."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def iter_lines(stream):
    """Lines of the request stream, unbuffered past each line (a fork must not inherit data)."""
    buffer = b""
    while True:
        chunk = stream.read(65536)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if line.strip():
                yield line


def send(fd, message):
    """Write one JSON line on a file descriptor."""
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(fd, data):]


def serve(config, code, prelude, request):
    """Run one case in a forked child and describe how it ended."""
    rfd, wfd = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError as exc:  # processes an earlier case left behind fill the box's process cap
        os.close(rfd)
        os.close(wfd)
        return {"id": request["id"], "status": "exception", "type": type(exc).__name__,
                "message": f"the case could not start: {exc.strerror} (too many processes left running?)"}
    if pid == 0:  # the child: never returns
        os.close(rfd)
        run_child(config, code, prelude, request, wfd)
    os.close(wfd)
    payload = read_result(pid, rfd, config["output_bytes"] + 4096)
    _, status, usage = os.wait4(pid, 0)
    result = describe(config, status, usage, payload)
    # The child's word counts for what it returned, never for its id, time or memory.
    result = {key: result[key] for key in CHILD_KEYS + ("code", "signal") if key in result}
    result.update(id=request["id"], cpu_ms=(usage.ru_utime + usage.ru_stime) * 1000, mem_kb=usage.ru_maxrss)
    return result


def read_result(pid, rfd, keep):
    """The last `keep` bytes of the child's result pipe, read until EOF or until the child has
    ended: a process the submission started may hold the pipe open for hours, and must not hold
    the server with it. Only the tail matters: the harness's own line is the last one."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    poller = select.poll()
    poller.register(rfd, select.POLLIN)
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    payload, ended = b"", False
    try:
        while True:
            events = dict(poller.poll(None if pidfd is not None else 50))
            if pidfd is not None and pidfd in events or pidfd is None and child_ended(pid):
                ended = True
                os.set_blocking(rfd, False)
            if rfd in events or ended:
                try:
                    chunk = os.read(rfd, 65536)
                except BlockingIOError:
                    chunk = b""
                if not chunk:
                    return payload
                payload = (payload + chunk)[-keep:]
    finally:
        os.close(rfd)
        if pidfd is not None:
            os.close(pidfd)


def child_ended(pid):
    """Whether the child has ended, without reaping it (wait4 reads its usage afterwards)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def describe(config, status, usage, payload):
    """Turn the child's end and the last line on its result pipe into a protocol status. The
    submission holds that pipe too; what it writes there before the harness's own line is ignored."""
    cpu = usage.ru_utime + usage.ru_stime
    lines = [line for line in payload.split(b"\n") if line.strip()]
    payload = lines[-1] if lines else b""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU or cpu >= config["cpu_limit"]:
            return {"status": "timeout"}
        if usage.ru_maxrss * 1024 >= config["memory_bytes"] * 0.95:
            return {"status": "memory"}
        return {"status": "signal", "signal": signal.Signals(sig).name}
    if payload:
        try:
            message = json.loads(payload)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            return {"status": "exit", "code": os.WEXITSTATUS(status)}
        if cpu > config["cpu_limit"]:
            return {"status": "timeout"}
        return message
    return {"status": "exit", "code": os.WEXITSTATUS(status)}


def run_child(config, code, prelude, request, wfd):
    """The forked child: limits, fresh globals, the call, the answer on our own pipe."""
    exit_code = 0
    try:
        os.close(config["request_fd"])
        os.close(config["response_fd"])
        limit_child(config)
        outcome = call(config, code, prelude, request)
    except MemoryError:
        outcome = {"status": "memory"}
    except BaseException as exc:  # the harness itself failed: report it rather than die silently
        outcome = {"status": "harness_error", "message": f"{type(exc).__name__}: {exc}"}
    try:
        # Own line: a newline first ends whatever the submission itself wrote on this pipe.
        data = b"\n" + encode(outcome, config["output_bytes"]) + b"\n"
        while data:
            data = data[os.write(wfd, data):]
    except MemoryError:
        os.write(wfd, b'\n{"status": "memory"}\n')
    except BaseException:
        exit_code = 70
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        pass
    os._exit(exit_code)


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
