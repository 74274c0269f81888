"""The command line: parsing, the commands, progress; the one place errors become exit codes.

Layer 8, the top: it may import every layer below (judge.service included). Nothing in the judge imports it.
A command's process compiles its dataclasses' generated methods through the cache (judge/codecache.py),
installed here, before any of the judge's modules makes one.
"""

from judge import codecache

codecache.install()
