"""Text a submission controls, made safe to show: in a terminal, in a CSV cell, in a Markdown cell.

A submission chooses its file name, its author header, what it prints, its exception messages, the
cells of its board and (through the compiler) its compile errors. Shown raw, a control character in
any of them is an instruction to the terminal (`ESC [2J` clears the screen, then a fake table can be
drawn), a bidi override reorders what follows it, a cell starting with `=` is a spreadsheet formula
and a `|` splits a Markdown row. These functions escape such characters visibly (`\\x1b`,
`\\u202e`) and leave everything else, letters of every script included, as it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

#: Bidi controls: the embeddings and overrides (U+202A-202E), the isolates (U+2066-2069) and the
#: marks (U+061C, U+200E, U+200F), which reorder or hide text without being seen.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Characters that show as nothing where no script needs them: the soft hyphen, the zero-width space,
#: the word joiner and invisible operators, the zero-width no-break space (BOM); and (red-team round
#: 26) the combining grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the Mongolian vowel
#: separator, the line and paragraph separators, the deprecated format characters, the variation
#: selectors, the interlinear annotation marks, the musical formatting marks and the tag characters.
#: Two names that differ by one of them looked the same on a leaderboard. Round 27 found more (the
#: Mongolian free variation selectors, the shorthand format controls), so this is now the whole of
#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt: what a renderer shows as nothing
#: when it cannot show it otherwise, unassigned ones included, which a later font may draw as nothing),
#: plus the line and paragraph separators and the interlinear annotation marks. The zero-width
#: (non-)joiners stay: Persian and the Indic scripts write with them.
_INVISIBLE = ("\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u2028\u2029\u2060-\u2065"
              "\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3"
              "\U0001d173-\U0001d17a\U000e0000-\U000e0fff")
#: C0 controls, DEL, C1 controls, the bidi controls, the invisible characters above, lone surrogates
#: (which cannot even be encoded), and the noncharacters U+FFFE and U+FFFF (which XML 1.0 cannot hold:
#: one would make a JUnit file invalid).
_UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}{_INVISIBLE}\ud800-\udfff\ufffe\uffff]")
#: What starts a formula in a spreadsheet (OWASP, "CSV Injection").
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
#: What has a meaning in a Markdown table cell: the escape itself, code spans, the column bar, HTML
#: tags and links, and emphasis and strikethrough.
_MARKDOWN = re.compile(r"([\\`|<>\[\]&*_~])")


_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code > 0xFFFF:
        return f"\\U{code:08x}"
    return _SHORT.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def terminal(text: Any) -> str:
    """`text` with control characters, bidi controls and lone surrogates escaped (`\\x1b`, `\\u202e`)."""
    return _UNSAFE.sub(_escape, str(text))


#: What two names that look alike may differ by: the bidi controls, the invisible characters above and
#: the two joiners (which a script needs, but which no one can see either).
_UNSEEN = re.compile(f"[{_BIDI}{_INVISIBLE}\u200c\u200d]")


def unseen_removed(text: str) -> str:
    """`text` without the characters that show as nothing (for telling whether two names look alike)."""
    return _UNSEEN.sub("", text)


def multiline(text: Any) -> str:
    """`text` escaped as for a terminal line by line: its line breaks kept (a compile error, what was printed)."""
    return "\n".join(terminal(line) for line in str(text).split("\n"))


def visible(text: str) -> str:
    """`text` escaped as for a terminal, its line breaks and tabs kept (code, printed output)."""
    return "\n".join("\t".join(terminal(part) for part in line.split("\t")) for line in text.split("\n"))


def html_value(value: Any) -> Any:
    """What a page's template prints (jinja2's `finalize`): text escaped as by `visible` before the
    template's HTML escaping (a raw ESC or U+202E in a name or a cell would reach the page as it is),
    markup the template made itself (`tojson`) and other values untouched."""
    if isinstance(value, str) and not hasattr(value, "__html__"):
        return visible(value)
    return value


def csv_cell(value: Any) -> Any:
    """A CSV cell: text escaped as for a terminal, and quoted with `'` when it would start a formula."""
    if not isinstance(value, str):
        return value  # numbers stay numbers
    text = terminal(value)
    return "'" + text if value.startswith(_FORMULA) or text.startswith(_FORMULA) else text


def markdown_cell(text: Any) -> str:
    """A Markdown table cell: escaped as for a terminal (so one line), then `\\ ` | < > [ ] &` backslashed
    (`&` so that an entity such as `&#x202E;` stays text, not the bidi control it names)."""
    return _MARKDOWN.sub(r"\\\1", terminal(text))


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], tablefmt: str = "simple",
          numbers: Collection[int] = ()) -> str:
    """Rows drawn by tabulate, every column taken as text but the `numbers` ones (by position): a name
    such as "1.10" is not a number to redraw as 1.1, nor is "True" beside "1.5" one to convert
    (tabulate 0.9 raised ValueError on that column). tabulate is imported here, when a table is drawn."""
    from tabulate import tabulate  # 20-30 ms to import: only by a command that draws a table

    text = [i for i in range(len(headers)) if i not in numbers]
    return tabulate(rows, headers=list(headers), tablefmt=tablefmt,
                    disable_numparse=True if len(text) == len(headers) else text or False)
