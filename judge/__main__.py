"""`python -m judge` runs the command-line interface."""

from judge.cli import main

raise SystemExit(main())
