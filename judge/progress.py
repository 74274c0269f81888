"""A progress bar on stderr for long grading runs: shown on a terminal, silent when piped.

tqdm draws it (maintained, thread-safe, and it already knows how to stay quiet when disabled).
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, TextIO

from tqdm import tqdm

from judge.verdict import SubmissionResult


class Progress:
    """`with Progress(total) as tick:` then `tick(result)` once per finished submission."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None):
        self.stream = stream or sys.stderr
        if enabled is None:  # a bar only for a person watching a terminal, never into a pipe or a log
            enabled = self.stream.isatty()
        self.enabled = enabled and total > 0
        self.total = total
        self.lock = threading.Lock()  # grading threads finish at the same time
        self.bar: tqdm | None = None

    def __enter__(self) -> Callable[[SubmissionResult], None]:
        self.bar = tqdm(total=self.total, file=self.stream, disable=not self.enabled, unit="sub",
                        desc="grading", leave=False, dynamic_ncols=True)
        return self.tick

    def tick(self, result: SubmissionResult) -> None:
        """One submission finished: advance the bar and show its verdict."""
        with self.lock:
            if self.bar is not None:
                self.bar.set_postfix_str(f"{result.submission}: {result.verdict.value}", refresh=False)
                self.bar.update(1)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()
