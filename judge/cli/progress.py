"""A progress bar on stderr for long grading runs: shown on a terminal, silent when piped.

tqdm draws it (maintained, thread-safe, and it already knows how to stay quiet when disabled).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from judge.results.text import terminal
from judge.verdict import SubmissionResult

if TYPE_CHECKING:  # tqdm is imported only for a terminal
    from tqdm import tqdm


class Progress:
    """`with Progress(total) as tick:` then `tick(result)` once per finished submission."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None):
        self.stream = stream or sys.stderr
        if enabled is None:  # a bar only for a person watching a terminal, never into a pipe or a log
            enabled = self.stream.isatty()
        self.enabled = enabled and total > 0
        self.total = total
        self.lock = threading.Lock()  # grading threads finish at the same time
        self.bar: tqdm[Any] | None = None

    def __enter__(self) -> Callable[[SubmissionResult], None]:
        if not self.enabled:
            return self.tick
        from tqdm import tqdm  # only for a terminal: a piped run does not pay the import

        size = self._size()
        self.bar = tqdm(total=self.total, file=self.stream, disable=not self.enabled, unit="sub",
                        desc="grading", leave=False, ncols=size[0], nrows=size[1])
        return self.tick

    def _size(self) -> tuple[int, int]:
        """The terminal's columns and lines; 80x24 when it reports 0 (a fresh pty: tqdm would draw nothing)."""
        try:
            size = os.get_terminal_size(self.stream.fileno())
            return size.columns or 80, size.lines or 24
        except (OSError, ValueError, AttributeError):
            return 80, 24

    def tick(self, result: SubmissionResult) -> None:
        """One submission finished: advance the bar and show its verdict."""
        with self.lock:
            if self.bar is not None:
                name = terminal(os.path.basename(result.submission))
                self.bar.set_postfix_str(f"{name} {result.verdict.value}", refresh=False)
                self.bar.update(1)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()
