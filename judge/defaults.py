"""Defaults shared by the library and the command line, kept apart so that reading them imports nothing."""

#: Random cases `judge grade` adds after the fixed ones, and the seed they are drawn from.
RANDOM_CASES = 100
SEED = 529
