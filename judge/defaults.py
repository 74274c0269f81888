"""Defaults shared by the library and the command line, kept apart so that reading them imports little."""

import os
from pathlib import Path

#: Random cases `judge grade` adds after the fixed ones, and the seed they are drawn from.
RANDOM_CASES = 100
SEED = 529
#: The most random cases one run draws: each is drawn, run by the reference and kept in the cache
#: (1,000 boards are 2 MB there), and every submission runs them all.
MAX_RANDOM_CASES = 100_000

#: The largest source a submission may have (solutions are a few KiB): a larger file is CE, and is read
#: no further than this to identify it (a hand-in folder may hold a sparse file of many GiB).
MAX_SOURCE_BYTES = 1 << 20

#: Bytes of a case's stdout and stderr kept for the report, and of a compiler's output: what a result
#: read back (a worker's, a lane's) keeps of them too (results/serialize.py).
KEEP_OUTPUT = 4096
COMPILE_OUTPUT = 64 * 1024

#: `judge strength`'s equivalence inputs: every valid input up to this size, and this many drawn ones.
STRENGTH_MAX_SIZE = 7
STRENGTH_DRAWS = 1000

#: `judge worker`'s hard limit in seconds on grading one submission (all its cases): past it, JE. Generous,
#: since each case is limited long before; a dead worker's job goes to another this + 10 s after it was taken.
CLUSTER_TIME_LIMIT = 900.0

#: Compiled submissions, drawn random cases and validated case files ($JUDGE_CACHE moves it).
CACHE_ROOT = Path(os.environ.get("JUDGE_CACHE") or Path.home() / ".cache" / "judge")
