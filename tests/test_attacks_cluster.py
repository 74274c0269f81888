"""`judge grade --broker`'s sending side, attacked by a submission: a source too big for a job was read
whole and pushed onto the broker (Redis holds every queued job in memory), where only the worker refused it."""

from __future__ import annotations

import pytest

from helpers import SUBMISSIONS
from judge.cluster.client import jobs_for
from judge.cluster.job import MAX_SOURCE_BYTES, Job
from judge.errors import JobError


def test_a_source_too_big_for_a_job_is_never_read_nor_sent(tmp_path):
    big = tmp_path / "big.py"
    with big.open("wb") as out:  # sparse: 4 MiB and one byte of nothing, cheap to make
        out.truncate(MAX_SOURCE_BYTES + 1)
    small = tmp_path / "small.py"
    small.write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    with pytest.raises(JobError, match="not sent to the broker"):
        Job.for_file(big, "big.py", "minesweeper", "0" * 64, "0" * 64)
    jobs, refused = jobs_for([big, small], "minesweeper", "0" * 64, "0" * 64, author=None, fuzz=0, seed=0,
                             keep_going=False)
    assert [j.name for j in jobs] == [str(big), str(small)] or [j.path for j in jobs] == [str(big), str(small)]
    assert set(refused) == {jobs[0].path} and "MiB" in refused[jobs[0].path]
    assert jobs[0].source == "" and jobs[1].source == small.read_text()
