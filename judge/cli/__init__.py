"""The command line: parsing, the commands, progress; the one place errors become exit codes.

Layer 7, the top: it may import every layer below. Nothing in the judge imports it.
"""
