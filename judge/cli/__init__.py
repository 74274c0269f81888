"""The command line: parsing, the commands, progress; the one place errors become exit codes.

Layer 8, the top: it may import every layer below (judge.service included). Nothing in the judge imports it.
"""
