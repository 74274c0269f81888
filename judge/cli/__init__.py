"""The command line: parsing, the commands, progress; the one place errors become exit codes.

Layer 6, the top: it may import every layer below. Nothing in the judge imports it.
"""
