"""The command line: parsing, the commands, progress; the one place errors become exit codes.

Layer 8, the top: it may import every layer below (judge.service included). Nothing in the judge imports it.
A command's process compiles its dataclasses' generated methods through the cache (judge/codecache.py),
installed here, before any of the judge's modules makes one: the table of the command sys.argv names.
"""

import sys

from judge import codecache

#: Every command of build_parser() (a test keeps the two in step): each has a code table of its own,
#: named by the command sys.argv gives, which holds only the classes that command makes (codecache.py).
COMMANDS = frozenset({"grade", "worker", "workers", "leaderboard", "regrade", "fuzz", "compare", "strength",
                      "add-case", "verify", "problems", "serve", "gradescope", "languages", "similarity", "setup"})

_argv = getattr(sys, "argv", [])  # an embedded interpreter may have none
codecache.install(_argv[1] if _argv[1:2] and _argv[1] in COMMANDS else "")
