"""The protocol between the judge and a server in the box: every status, its fields, its verdict.

This docstring is the protocol's one description; the harnesses and the README point here.

**The channel.** Two private pipes whose numbers the server gets in its config (`request_fd`,
`response_fd`); never stdout or stderr, which the judge only counts and keeps for the report. The
server is in the box with the submission, so every byte on the response pipe is hostile input:
`decode` below reads it strictly and never raises.

**Lines.** One JSON object per line (UTF-8, `\\n`-terminated) each way. The judge sends
`{"id": N, "args": [...]}` (N = 1, 2, ... per server; the arguments in signature order); to a
server that answers from where the submission runs (below), `{"id": N, "poll": true, "args": [...]}`
when the judge polls for this answer and will send the next request the moment it is in: the worker
then looks for that request a moment (SPIN_SECONDS in python_server.py) before it sleeps. The server
answers first `{"status": "ready"}` or `{"status": "compile_error", "message": M}`, then exactly one
line per request. Every per-case line carries `id` (an integer: the request's), and may carry
`cpu_ms` (a number >= 0), `mem_kb` (an integer >= 0) and `restart` (`true`: a server that cannot
stop a runaway case in place, JVM or Go, answers and then exits; the judge starts a fresh one).
A server told that the judge measures the box itself (`measured: true` in its config, where the box
has a cgroup) and that answers from where the submission runs (Python's worker) sends no `cpu_ms`
or `mem_kb`: the judge's own measure holds those keys, so a line naming them gives a key twice and
is refused (`decode(..., measured=True)`); the harness did not write it.

| status | its own fields | verdict and message |
| --- | --- | --- |
| `ready` | - | the server is up (first line only) |
| `compile_error` | `message` | CE: the message (first line only) |
| `ok` | `value` (any JSON) | the answer: checked against the signature's return type, then by the package's checker |
| `exception` | `type`, `message`, optional `where` | RE: `type: message (where)` |
| `memory` | - | MLE: memory limit exceeded |
| `timeout` | - | TLE: CPU time limit exceeded |
| `signal` | `signal` (a name) | RE: killed by it |
| `exit` | `code` (an integer) | RE: exited without answering |
| `output_limit` | - | OLE: the answer is over the output limit |
| `noentry` | `message` | CE: no entry point (the judge's own words; on the first case only, else RE) |
| `bad_value` | `message` | WA: the answer is not plain data |
| `harness_error` | `message` | RE: the harness itself failed |

The judge adds its own ends, which no line from the box may claim: `wall_timeout` (TLE: the wall
clock ran out), `output_flood` (OLE: stdout/stderr over the limit), `died` (RE: the server ended
without answering), `protocol` (RE: a line broke the rules below, or came out of turn). After those
four the server is killed and a fresh one serves the next case (`Status.fatal`). A kernel OOM kill at
the box's memory cap turns `signal`, `died`, `exit`, `protocol`, `exception` and `harness_error` into
MLE (`Status.oom_explained`), since each is how such a kill can look from inside.

**Decoding rules** (`decode`): a line longer than its limit, not UTF-8 JSON, not an object, with a
key twice at its top level (json's "the last one wins" would let a submission that reaches the pipe
forge `cpu_ms`), with a key its status does not define (unknown keys are rejected, not ignored, so a
harness and this table cannot drift apart unnoticed), with a field of the wrong type (a number is a
finite number and never a boolean; a string is a string), or with a status the box may not send, is
`protocol`: RE for the case. Nesting is measured on the raw bytes before anything recurses into it
(`MAX_DEPTH` levels for the whole line): an `ok` line whose `value` alone is deeper is WA with
"nested deeper than"; a deep field elsewhere is `protocol`. Invalid Unicode (a lone surrogate, from
a `\\ud800` escape or a byte that is not UTF-8) in the `value` makes the case WA ("the answer holds
an invalid character"); in a message or a name it is replaced by U+FFFD and texts are cut at
`MAX_TEXT` characters, so an RE keeps a readable message. No line from the box can give JE or
carry text the judge shows as a compile error: a submission that reaches its own server's pipe can
send any line, and JE (the judge's fault) and CE cost no try in a contest. So a harness that cannot
say what happened (`harness_error`) is RE, and `noentry` is CE with the judge's own message
(`session.no_entry`, never the line's text, which could quote a case's input) only when it is the
submission's first answer: an entry point cannot go missing after an answer (RE then).

**Known answers** (`Known`): most answers are the expected one. When the judge gives `decode` the
exact bytes that answer would be sent as (the expected value's compact JSON), an `ok` line whose
`value` is those bytes, inside an envelope of plain fields (names and texts of `[a-z_]`, numbers,
booleans, null), is decoded as the envelope alone, with `null` in place of the value, by the rules
above; the value is then the judge's own expected one (shared: read, never changed). JSON text
decodes one way only, so this is the same message the full decoding would give, at the cost of a
byte comparison instead of building the answer again from its text. Any other line takes the full
path. The line Python's direct worker writes for it, `{"status":"ok","value":VALUE,"id":N}` to the
byte, is that same message by a comparison alone, without decoding even its envelope.
"""

from __future__ import annotations

import enum
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from judge.verdict import Verdict

if TYPE_CHECKING:
    from judge.problems.problem import Limits

#: Nesting levels of one line, the envelope object included (a `char[][]` answer needs 3).
MAX_DEPTH = 64
#: Characters kept of a text field (a message, a type, a signal's name).
MAX_TEXT = 4096


class Status(str, enum.Enum):
    """How a request ended: what the server said, or what the judge saw instead."""

    READY = "ready"
    COMPILE_ERROR = "compile_error"
    OK = "ok"
    EXCEPTION = "exception"
    MEMORY = "memory"
    TIMEOUT = "timeout"
    SIGNAL = "signal"
    EXIT = "exit"
    OUTPUT_LIMIT = "output_limit"
    NOENTRY = "noentry"
    BAD_VALUE = "bad_value"
    HARNESS_ERROR = "harness_error"
    WALL_TIMEOUT = "wall_timeout"
    OUTPUT_FLOOD = "output_flood"
    DIED = "died"
    PROTOCOL = "protocol"

    def __str__(self) -> str:
        return self.value

    @property
    def verdict(self) -> Verdict | None:
        """The case's verdict after it (None: the submission answered)."""
        return _RULES[self].verdict

    @property
    def fatal(self) -> bool:
        """Whether the server is gone after it (killed by the judge) and a fresh one must serve the next case."""
        return _RULES[self].sender == JUDGE

    @property
    def oom_explained(self) -> bool:
        """Whether an OOM kill at the box's memory cap, if there was one, is the real reason (then MLE)."""
        return _RULES[self].oom

    @property
    def first(self) -> bool:
        """Whether it is one of the server's first lines (ready, compile_error), not an answer to a case."""
        return _RULES[self].sender == START

    def message(self, data: dict[str, Any], limits: Limits, exit_info: str = "") -> str:
        """The case's one-line message: the status's template filled with the line's fields and the limits."""
        fields = _Blank(data)
        fields.update(time=limits.time, wall_time=limits.wall_time, memory_mb=limits.memory_mb,
                      output_mb=limits.output_mb, exit_info=exit_info or "broke the judge's protocol")
        message = fields.get("message", "")
        fields["message_part"] = f": {message}" if message else ""
        fields["where_part"] = f" ({fields['where']})" if fields.get("where") else ""
        return _RULES[self].template.format_map(fields)


class _Blank(dict[str, Any]):
    """Fields for a template: one the line lacks reads as empty rather than raising."""

    def __missing__(self, key: str) -> str:
        return ""


START, CASE, JUDGE = "start", "case", "judge"
# Field kinds: what a field's JSON value must be.
INT, NUMBER, TEXT, BOOL, ANY = "an integer", "a finite number", "a string", "true or false", "any value"
#: Fields every answer to a case may carry besides its status's own (`id` is required).
CASE_FIELDS = {"id": INT, "cpu_ms": NUMBER, "mem_kb": INT, "restart": BOOL}
#: The fields the judge fills itself for a server it measures from outside (`decode(measured=True)`).
MEASURED = ("cpu_ms", "mem_kb")


@dataclass(frozen=True)
class _Rule:
    verdict: Verdict | None       # None: answered
    template: str                 # str.format_map with the line's fields, the limits, exit_info
    sender: str                   # START, CASE (the server's lines) or JUDGE (the judge's own ends)
    required: tuple[tuple[str, str], ...] = ()   # (field, kind) the status needs
    optional: tuple[tuple[str, str], ...] = ()
    oom: bool = False             # an OOM kill at the box's cap may look like this: then it is MLE


#: THE table: status -> verdict, message, who may send it, its fields. Nothing else names statuses.
_RULES: dict[Status, _Rule] = {
    Status.READY: _Rule(Verdict.JE, "the server said ready instead of answering", START),
    Status.COMPILE_ERROR: _Rule(Verdict.CE, "{message}", START, (("message", TEXT),)),
    Status.OK: _Rule(None, "", CASE, (("value", ANY),)),
    Status.EXCEPTION: _Rule(Verdict.RE, "{type}{message_part}{where_part}", CASE,
                            (("type", TEXT), ("message", TEXT)), (("where", TEXT),), oom=True),
    Status.MEMORY: _Rule(Verdict.MLE, "memory limit ({memory_mb} MiB) exceeded", CASE),
    Status.TIMEOUT: _Rule(Verdict.TLE, "CPU time limit ({time:g} s) exceeded", CASE),
    Status.SIGNAL: _Rule(Verdict.RE, "killed by {signal}", CASE, (("signal", TEXT),), oom=True),
    Status.EXIT: _Rule(Verdict.RE, "exited with code {code} without answering", CASE, (("code", INT),), oom=True),
    Status.OUTPUT_LIMIT: _Rule(Verdict.OLE, "the answer is larger than {output_mb:g} MiB", CASE),
    Status.NOENTRY: _Rule(Verdict.CE, "no entry point", CASE, (("message", TEXT),)),
    Status.BAD_VALUE: _Rule(Verdict.WA, "{message}", CASE, (("message", TEXT),)),
    Status.HARNESS_ERROR: _Rule(Verdict.RE, "the harness failed: {message}", CASE, (("message", TEXT),), oom=True),
    Status.WALL_TIMEOUT: _Rule(Verdict.TLE, "wall time limit ({wall_time:g} s) exceeded", JUDGE),
    Status.OUTPUT_FLOOD: _Rule(Verdict.OLE, "printed more than {output_mb:g} MiB on stdout/stderr", JUDGE),
    Status.DIED: _Rule(Verdict.RE, "the submission's process ended without answering ({exit_info})", JUDGE, oom=True),
    Status.PROTOCOL: _Rule(Verdict.RE, "{exit_info}", JUDGE, oom=True),
}
_FIELDS = {status: {**(CASE_FIELDS if rule.sender == CASE else {}), **dict(rule.optional), **dict(rule.required)}
           for status, rule in _RULES.items()}
_REQUIRED = {status: ("status",) + tuple(name for name, _ in rule.required)
             + (("id",) if rule.sender == CASE else ()) for status, rule in _RULES.items()}


@dataclass(frozen=True)
class Message:
    """One line from the box, decoded and checked: its status and its fields (exact keys, right types)."""

    status: Status
    data: dict[str, Any]
    error: str = ""   # for Status.PROTOCOL: what was wrong with the line
    known: bool = False   # an `ok` line whose value is the Known one: already known to be well-formed


@dataclass(frozen=True)
class Known:
    """An answer the judge expects: the bytes its value is sent as, and that value (what decoding those
    bytes gives). The one object every answer recognised as it gets: read, never changed, and copied
    by whatever keeps it past the answer's check."""

    encoding: bytes
    value: Callable[[], Any]


#: A field of an envelope that can be told apart from its value by bytes alone: no text but [a-z_].
_PLAIN = (rb'"[a-z_]{1,32}"[ \t]*:[ \t]*'
          rb'(?:-?[0-9]{1,24}(?:\.[0-9]{1,24})?(?:[eE][+-]?[0-9]{1,4})?|"[a-z_]{0,32}"|true|false|null)')
_HEAD = re.compile(rb'[ \t]*\{[ \t]*(?:' + _PLAIN + rb'[ \t]*,[ \t]*)*"value"[ \t]*:[ \t]*')
_TAIL = re.compile(rb'[ \t]*(?:,[ \t]*' + _PLAIN + rb'[ \t]*)*\}[ \t\r]*')


#: The known answer's line as Python's direct worker writes it: the value's bytes between these two.
_WORKER_HEAD = b'{"status":"ok","value":'
_WORKER_TAIL = re.compile(rb',"id":([1-9][0-9]{0,17})\}')


def knowable(encoding: bytes) -> bool:
    """Whether an answer sent as these bytes (compact JSON) decodes by the rules above without a
    remark: ASCII with no escaped lone surrogate, no NaN or Infinity, and not nested too deep."""
    return (encoding.isascii() and not _MAYBE_SURROGATE.search(encoding) and b"NaN" not in encoding
            and b"Infinity" not in encoding and _depth(b"{" + encoding + b"}") <= MAX_DEPTH)


def _envelope(line: bytes, known: Known) -> bytes | None:
    """The line with `null` in place of its value when that value is the known one's bytes, else None."""
    head = _HEAD.match(line)
    if head is None:
        return None
    at, end = head.end(), head.end() + len(known.encoding)
    if not line.startswith(known.encoding, at) or not _TAIL.fullmatch(line, end):
        return None
    return line[:at] + b"null" + line[end:]


def decode(line: bytes, limit: int, measured: bool = False, known: Known | None = None) -> Message:
    """Read one line from the box by the rules above; never raises, whatever the bytes. `measured`:
    the judge measures this server's time and memory itself, so the line may not name them;
    `known`: the answer the judge expects, recognised by its bytes (see "Known answers")."""
    # What hostile bytes can raise is caught where it can happen; this is the last net for the kinds
    # they could raise (a bug of the decoder itself, say a KeyError, still shows as the judge's).
    try:
        if known is not None and len(line) <= limit:
            if line.startswith(_WORKER_HEAD) and line.startswith(known.encoding, len(_WORKER_HEAD)):
                tail = _WORKER_TAIL.fullmatch(line, len(_WORKER_HEAD) + len(known.encoding))
                if tail is not None:
                    return Message(Status.OK, {"value": known.value(), "id": int(tail.group(1))}, known=True)
            envelope = _envelope(line, known)
            if envelope is not None:
                message = _decode(envelope, limit, measured)
                if message.status is Status.OK and message.data.get("value", 0) is None:
                    return Message(Status.OK, {**message.data, "value": known.value()}, known=True)
        return _decode(line, limit, measured)
    except RecursionError:   # unreachable after the depth check
        return _broken(f"nested deeper than {MAX_DEPTH} levels")
    except ValueError as exc:  # UnicodeError included
        return _broken(_clean(str(exc), 120) or type(exc).__name__)


def _decode(line: bytes, limit: int, measured: bool = False) -> Message:
    if len(line) > limit:
        return _broken(f"a line of {len(line)} bytes (at most {limit})")
    deep_fields: set[str] = set()
    if _depth(line) > MAX_DEPTH:
        flattened = _flatten(line)
        if flattened is None:
            return _broken(f"nested deeper than {MAX_DEPTH} levels")
        line, deep_fields = flattened
    # Bytes that are not UTF-8 become lone surrogates, and are then judged as a \ud800 escape is.
    text = line.decode("utf-8", "surrogateescape")
    repeated: dict[int, str] = {}
    try:
        message = json.loads(text, object_pairs_hook=_pairs(repeated), parse_constant=_no_constant,
                             parse_float=_finite)
    except ValueError as exc:
        return _broken(f"not JSON ({_clean(str(exc), 120)})")
    if not isinstance(message, dict):
        return _broken(f"not a JSON object but {_kind(message)}")
    if id(message) in repeated:  # only the envelope's own keys: one twice inside the value is the answer's oddity
        return _broken(f"the key {_clean(repeated[id(message)], 40)!r} given twice")
    if measured:
        for key in MEASURED:
            if key in message:
                return _broken(f"the key {key!r} given twice (the judge measures it)")
    status = _status(message.get("status"))
    if status is None:
        return _broken(f"an unknown status {_clean(repr(message.get('status')), 40)}")
    if deep_fields - {"value"} or (deep_fields and status is not Status.OK):
        return _broken(f"the field {sorted(deep_fields)[0]!r} is nested deeper than {MAX_DEPTH} levels")
    problem = _fields(status, message)
    if problem:
        return _broken(f"status {status}: {problem}")
    data = {key: _clean(value) if isinstance(value, str) and key != "value" else value
            for key, value in message.items() if key != "status"}
    if status is Status.OK:
        wrong = (f"the answer is nested deeper than {MAX_DEPTH - 1} levels" if deep_fields
                 else _invalid_text(line, data["value"]))
        if wrong:
            del data["value"]
            data["message"] = wrong
            return Message(Status.BAD_VALUE, data)
    return Message(status, data)


def _broken(why: str) -> Message:
    return Message(Status.PROTOCOL, {}, f"an unreadable line on the judge's channel: {why}")


def _status(raw: Any) -> Status | None:
    """The status a server may send, or None (unknown, or one of the judge's own ends)."""
    status = _BY_VALUE.get(raw) if isinstance(raw, str) else None
    return status if status is not None and _RULES[status].sender != JUDGE else None


_BY_VALUE = {status.value: status for status in Status}


def _fields(status: Status, message: dict[str, Any]) -> str:
    """What is wrong with a line's fields for its status ("" when nothing)."""
    allowed = _FIELDS[status]
    for key in message:
        if key != "status" and key not in allowed:
            return f"an unknown field {_clean(key, 40)!r}"
    for key in _REQUIRED[status]:
        if key not in message:
            return f"the field {key!r} is missing"
    for key, kind in allowed.items():
        if key in message and not _is(message[key], kind):
            return f"the field {key!r} is {_kind(message[key])}, not {kind}"
    for key in ("cpu_ms", "mem_kb"):
        if key in message and message[key] < 0:
            return f"the field {key!r} is negative"
    return ""


def _is(value: Any, kind: str) -> bool:
    if kind == INT:
        return type(value) is int
    if kind == NUMBER:
        return type(value) in (int, float) and math.isfinite(value)
    if kind == TEXT:
        return type(value) is str
    if kind == BOOL:
        return type(value) is bool
    return True


def _kind(value: Any) -> str:
    """What a JSON value is, in words."""
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
             dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


# ------------------------------------------------------------------ nesting, measured on bytes

#: A string, or one left open, which then runs to the line's end as a parser would read it: with the
#: closing quote required, each quote of an unclosed run of `\\"` began a new scan to the end of the
#: line (quadratic: a 1 MB line held the judge an hour).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)
_OPEN, _CLOSE = b"[{", b"]}"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [1 if b in _OPEN else -1 if b in _CLOSE else 0 for b in range(256)]


def _depth(line: bytes) -> int:
    """How deep a JSON parser would recurse into the line: the most brackets open at once outside strings."""
    if line.count(b"[") + line.count(b"{") <= MAX_DEPTH:
        return 0  # cannot be deeper than its openers: the usual answer stops here
    brackets = _STRING.sub(b"", line).translate(None, _NOT_BRACKETS)
    # Any closer counts as closing: a parser stops at a mismatched one, so this bounds its recursion.
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _flatten(line: bytes) -> tuple[bytes, set[str]] | None:
    """The line with every top-level field nested deeper than MAX_DEPTH replaced by null, and the
    names of those fields; None when the line is not one object that closes."""
    opened = bytearray()  # the brackets open at this point, innermost last
    deepest, start, key, closed = 0, 0, b"", False
    cuts: list[tuple[int, int]] = []
    names: set[str] = set()
    for match in _TOKEN.finditer(line):
        token = match.group()
        if closed or (not opened and token != b"{"):
            return None
        if token[:1] == b'"':
            if len(opened) == 1:
                key = token  # at the top level a field's value follows its key: the last string is its key
            continue
        if token in (b"[", b"{"):
            opened += token
            if len(opened) == 2:
                start, deepest = match.start(), 2
            deepest = max(deepest, len(opened))
            continue
        if len(opened) == 2 and deepest > MAX_DEPTH:
            cuts.append((start, match.end()))
            try:
                names.add(_clean(json.loads(key), 40))
            except ValueError:
                names.add("?")
        if opened.pop() != _MATCHING[token]:
            return None
        closed = not opened
    if not closed or not cuts:
        return None
    pieces, last = [], 0
    for begin, end in cuts:
        pieces += [line[last:begin], b"null"]
        last = end
    pieces.append(line[last:])
    flat = b"".join(pieces)
    return (flat, names) if _depth(flat) <= MAX_DEPTH else None


_MATCHING = {b"]": ord("["), b"}": ord("{")}


# ------------------------------------------------------------------ keys, constants, Unicode

def _pairs(repeated: dict[int, str]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """An object_pairs_hook that notes (by identity) every object with a key given twice, and that key."""
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        made = dict(pairs)
        if len(made) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    repeated[id(made)] = key
                    break
                seen.add(key)
        return made
    return build


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, which a double must hold: 1e400 would be infinity,
    which no harness writes and no JSON document can carry back out (the exports would not parse)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:24]} is past a double's range")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")
# An escaped surrogate; it may also match after an escaped backslash, which only costs a look.
_MAYBE_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def _clean(text: str, limit: int = MAX_TEXT) -> str:
    """A text from the box made printable: lone surrogates replaced, cut at `limit` characters."""
    text = _SURROGATE.sub("\ufffd", text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _invalid_text(line: bytes, value: Any) -> str:
    """Why an answer holds a character no text can carry (a lone surrogate), or ""."""
    if line.isascii() and not _MAYBE_SURROGATE.search(line):
        return ""
    stack: list[tuple[Any, str]] = [(value, "answer")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                return (f"the answer holds an invalid character (a lone surrogate U+{ord(found.group()):04X}) "
                        f"at {where}")
        elif isinstance(item, list):
            stack += [(sub, f"{where}[{i}]") for i, sub in reversed(list(enumerate(item)))]
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                stack += [(sub, f"{where}[{_clean(json.dumps(key), 40)}]"), (key, f"{where} (a key)")]
    return ""
