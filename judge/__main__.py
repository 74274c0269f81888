"""`python -m judge` runs the command-line interface."""

from judge.cli.main import run

run()
