"""The cycle collector paused while the judge starts and decodes in bulk, and on again for the work."""

import gc
import subprocess
import sys

from helpers import ROOT
from judge import heap


def test_paused_restores_the_collector_as_it_was():
    assert gc.isenabled()
    with heap.paused():
        assert not gc.isenabled()
        with heap.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # an inner pause does not turn it on under an outer one
    assert gc.isenabled()


def test_a_command_runs_with_the_collector_on_and_the_start_frozen():
    """The CLI pauses it while it starts (parser, the command's imports) and settles before the command."""
    code = ("import gc, sys; import judge.cli.grading as g; from judge.cli import main as m\n"
            "g.cmd_grade = lambda args: print(gc.isenabled(), gc.get_freeze_count() > 0) or 0\n"
            "sys.argv = ['judge', 'grade', 'minesweeper', 'submissions/minesweeper/accepted']\n"
            "sys.exit(m.main())")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "True"]
