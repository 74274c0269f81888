"""The cycle collector while the judge allocates in bulk: its start, and big texts it decodes.

A `judge grade` allocates hundreds of thousands of objects that live until it ends: its modules'
classes and functions while it starts, then the decoded cases (1,000 random boards are 400,000
lists). None of them is garbage, yet each 700 allocations start a collection that walks the young
ones, and the older generations are walked again and again as they grow: 5 ms of the imports and
a third of decoding the random boards went to it. So the collector is paused while that happens;
`settle()` moves what the start made out of its sight for good (gc.freeze) before the work begins,
and every long-running command (serve, worker) runs with it on.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


def pause() -> None:
    """Stop the cycle collector until settle(): the judge's start only makes objects that live on."""
    gc.disable()


def settle() -> None:
    """Keep what was made so far out of every later collection, and turn the collector back on."""
    gc.freeze()
    gc.enable()


@contextmanager
def paused() -> Iterator[None]:
    """No collection while the block decodes a big text (its objects all live on); as it was after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
