"""Code similarity between submissions: pairs ranked by the share of code they have in common, with
the shared fragments, through copydetect (MOSS's winnowing over Pygments' tokens).

copydetect (PyPI, MIT) tokenizes each file with Pygments, which lexes all six languages, replaces
names, strings and comments with one letter each (renamed variables change nothing) and keeps
winnowed fingerprints of the token text (functions in another order still share theirs). Chosen
over Dolos (npm, also MIT and maintained by Ghent University): Dolos needs tree-sitter's native
parsers built for the machine's node, and a node process beside the judge; copydetect is a Python
library the judge calls in process, offline, with the same winnowing. Its cost is its import (it
loads matplotlib for its own reports: about a second), paid by this command only.

Submissions are compared within a language: fingerprints are of one language's tokens, so a Python
and a Java solution share none by construction. JavaScript and TypeScript are one family (TypeScript
is JavaScript with types): their files are compared with each other.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge import languages
from judge.defaults import MAX_SOURCE_BYTES

#: copydetect's defaults: k-grams of 25 filtered characters, every one kept (window 1).
NOISE = 25
GUARANTEE = 25
#: The Pygments lexer of each language (copydetect would guess from the extension; this is certain).
LEXERS = {"python": "python", "cpp": "cpp", "java": "java", "go": "go", "javascript": "javascript",
          "typescript": "typescript"}
#: Languages compared with each other.
FAMILY = {"typescript": "javascript"}


@dataclass(frozen=True)
class Source:
    """One submission's code, as read (decoded strictly; undecodable bytes are replaced and said so)."""

    name: str
    language: str
    text: str


@dataclass(frozen=True)
class Pair:
    """Two submissions and what they share: each one's share of its code found in the other, and the
    character spans of the shared fragments in each (the other's spans are not paired one to one)."""

    left: Source
    right: Source
    left_share: float
    right_share: float
    shared_tokens: int
    left_spans: tuple[tuple[int, int], ...]
    right_spans: tuple[tuple[int, int], ...]

    @property
    def similarity(self) -> float:
        """The mean of the two shares. Not the larger one: a submission of little more than the LeetCode
        signature every solution has would share most of itself with each of them."""
        return (self.left_share + self.right_share) / 2


@dataclass(frozen=True)
class Report:
    """Every pair compared, most similar first, and what was not compared with anything."""

    pairs: tuple[Pair, ...]
    compared: int                 # how many pairs were compared
    alone: tuple[Source, ...]     # the only submission of its language family


def read(path: Path, name: str) -> Source:
    """A submission's source as its compiler reads it, lines as it ends them: bytes its encoding cannot
    decode are replaced (the text is only compared and shown)."""
    language = languages.for_path(path).name
    with open(path, "rb") as f:  # at most what a submission may be: a hand-in may be a sparse file of GiB
        data = f.read(MAX_SOURCE_BYTES)
    return Source(name, language, as_compiled(data, language))


#: What each language ends a line with besides "\n", where the lexers here do not (round 29: code behind a
#: `//` or a `#` on the "same" line ran, and similarity saw a comment): a lone CR everywhere but in Go
#: (where it is a blank), and in JavaScript and TypeScript U+2028 and U+2029 too.
LINE_ENDS = {"go": ("\r\n",), "javascript": ("\r\n", "\r", "\u2028", "\u2029"),
             "typescript": ("\r\n", "\r", "\u2028", "\u2029")}


#: A Java Unicode escape: a backslash not itself escaped (an even run before it), one or more u, four hex digits.
_JAVA_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u+([0-9a-fA-F]{4})")


def as_compiled(data: bytes, language: str) -> str:
    """The text the language's compiler reads from `data`: Python's in the encoding its coding cookie names
    (a `# coding: utf-7` file is two comment lines read as UTF-8, and ran as the whole program), Java's with
    its Unicode escapes read, every language's with its line ends as "\n"."""
    encoding = "utf-8"
    if language == "python":
        import tokenize

        try:
            encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
        except SyntaxError:  # a cookie naming no codec: CPython refuses such a file
            pass
    try:
        text = data.decode(encoding, errors="replace")
    except (LookupError, ValueError):  # idna, punycode, undefined: no decoding with replacement (a UnicodeError)
        text = data.decode("utf-8", errors="replace")
    text = text.removeprefix("\ufeff")
    if language == "java":  # javac reads its \uXXXX escapes before it splits lines (JLS 3.3): `\u000a` ends one
        text = _JAVA_ESCAPE.sub(lambda m: m.group(1) + chr(int(m.group(2), 16)), text)
    for end in LINE_ENDS.get(language, ("\r\n", "\r")):
        text = text.replace(end, "\n")
    return text


def compare(sources: Sequence[Source]) -> Report:
    """Fingerprint every source once, compare each pair within a language family, most similar first."""
    from copydetect import CodeFingerprint, compare_files  # heavy (matplotlib): this command only

    window = GUARANTEE - NOISE + 1
    prints = {id(source): CodeFingerprint(source.name, NOISE, window, language=LEXERS[source.language],
                                          fp=io.StringIO(source.text)) for source in sources}
    pairs, compared = [], 0
    families: dict[str, list[Source]] = {}
    for source in sources:
        families.setdefault(FAMILY.get(source.language, source.language), []).append(source)
    for group in families.values():
        for left, right in itertools.combinations(group, 2):
            compared += 1
            tokens, (share_l, share_r), (spans_l, spans_r) = compare_files(prints[id(left)], prints[id(right)])
            if tokens:
                pairs.append(Pair(left, right, _share(share_l), _share(share_r), int(tokens),
                                  _spans(spans_l, left.text), _spans(spans_r, right.text)))
    pairs.sort(key=lambda p: (-p.similarity, -p.shared_tokens, p.left.name, p.right.name))
    alone = tuple(g[0] for g in families.values() if len(g) == 1)
    return Report(tuple(pairs), compared, alone)


def _share(value: Any) -> float:
    return min(1.0, max(0.0, float(value)))


def _spans(slices: Any, text: str) -> tuple[tuple[int, int], ...]:
    """copydetect's 2 x N array of starts and ends -> (start, end) pairs within the text, merged when they touch."""
    spans: list[tuple[int, int]] = []
    if len(slices) == 0 or len(slices[0]) == 0:
        return ()
    for start, end in sorted(zip((int(s) for s in slices[0]), (int(e) for e in slices[1]), strict=True)):
        start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        elif end > start:
            spans.append((start, end))
    return tuple(spans)
