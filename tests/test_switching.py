"""judge/switching.py: a short switch interval while boxes start, the old one back after the last."""

from __future__ import annotations

import sys

from judge import switching


def test_starts_may_overlap_and_the_last_one_puts_the_interval_back():
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        switching.hurry()
        switching.hurry()
        assert sys.getswitchinterval() == switching.HURRIED
        switching.calm()
        assert sys.getswitchinterval() == switching.HURRIED  # the other start is still under way
        switching.calm()
        assert sys.getswitchinterval() == 0.005
        switching.calm()  # one too many changes nothing
        assert sys.getswitchinterval() == 0.005
    finally:
        sys.setswitchinterval(before)
