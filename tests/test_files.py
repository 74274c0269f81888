"""Files written for people get the umask's mode, not tempfile's 0600: the module, add-case's case
file (also what fuzz --save and strength --save append through) and leaderboard --output."""

import errno
import os
import stat
from contextlib import contextmanager
from pathlib import Path

import pytest

from helpers import copy_problem, judge
from judge import files


@contextmanager
def umask(mask):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mask, expected", [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)])
def test_a_new_file_gets_the_umasks_mode(tmp_path, mask, expected):
    with umask(mask):
        assert files.umask() == mask
        files.write_text(tmp_path / "report.txt", "hello\n")
    assert mode(tmp_path / "report.txt") == expected
    assert (tmp_path / "report.txt").read_text() == "hello\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]  # no temporary file left


def test_a_replaced_file_keeps_its_own_mode(tmp_path):
    path = tmp_path / "private.csv"
    path.write_text("old\n")
    path.chmod(0o600)
    with umask(0o022):
        files.write_text(path, "new\n")
    assert mode(path) == 0o600 and path.read_text() == "new\n"


@pytest.mark.parametrize("mask, expected", [(0o022, 0o644), (0o027, 0o640)])
def test_add_case_creates_its_case_file_with_the_umasks_mode(tmp_path, mask, expected):
    package = copy_problem(tmp_path)
    with umask(mask):  # the judge started below inherits it
        added = judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "mode")
    assert added.returncode == 0, added.stderr
    path = package / "cases" / "secret" / "added.yaml"
    assert mode(path) == expected
    path.chmod(0o640)
    with umask(0o022):
        again = judge("add-case", package, "--board", "EEM/EEE", "--click", "1,1", "--name", "mode-2")
    assert again.returncode == 0, again.stderr
    assert mode(path) == 0o640  # appended to: its own mode stays


def test_leaderboard_output_gets_the_umasks_mode(tmp_path):
    db = tmp_path / "r.sqlite3"
    package = copy_problem(tmp_path)
    graded = judge("grade", package, package / "reference.py", "--db", db, "--fuzz", "0")
    assert graded.returncode == 0, graded.stderr
    for fmt, mask, expected in (("csv", 0o022, 0o644), ("json", 0o077, 0o600), ("html", 0o002, 0o664)):
        out = tmp_path / f"board.{fmt}"
        with umask(mask):
            made = judge("leaderboard", package, "--db", db, "--format", fmt, "--output", out)
        assert made.returncode == 0, made.stderr
        assert mode(out) == expected, fmt


def test_a_sources_identity_is_the_same_from_its_file_or_its_bytes(tmp_path):
    """files.digest (a cluster job's bytes) and files.source_digest (a local file) agree, oversize included."""
    from judge import files
    from judge.defaults import MAX_SOURCE_BYTES

    for size in (10, MAX_SOURCE_BYTES, MAX_SOURCE_BYTES + 1):
        data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
        path = tmp_path / f"s{size}.py"
        path.write_bytes(data)
        assert files.source_digest(path) == files.digest(data) == files.digest(data[:MAX_SOURCE_BYTES], size)


def test_a_link_device_or_fifo_is_written_through_never_replaced(tmp_path):
    """Round 16: `leaderboard --output /dev/full`, run as root, replaced the device with a CSV file; a
    link (to a file, or to /proc/self/fd/1) became a file of its own, its target never written."""
    real = tmp_path / "shared.csv"
    real.write_text("old\n")
    link = tmp_path / "board.csv"
    link.symlink_to(real)
    files.write_text(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        files.write_text(fifo, "through\n")
        assert os.read(reader, 100) == b"through\n" and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    finally:
        os.close(reader)
    if os.path.exists("/dev/full"):
        with pytest.raises(OSError) as failed:
            files.write_text(Path("/dev/full"), "x\n")
        assert failed.value.errno == errno.ENOSPC and stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_add_case_appends_to_the_target_of_a_linked_case_file(tmp_path):
    package = copy_problem(tmp_path)
    shared = tmp_path / "shared.yaml"
    shared.write_text("# cases kept elsewhere\n")
    link = package / "cases" / "secret" / "added.yaml"
    link.symlink_to(shared)
    added = judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "linked")
    assert added.returncode == 0, added.stderr
    assert link.is_symlink() and "name: linked" in shared.read_text()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_add_case_never_replaces_a_device_behind_a_linked_case_file(tmp_path):
    """Red-team round 17: add-case through a link to a device (a copy of /dev/null) replaced the device
    with a regular file holding the case: as root, a link to /dev/null would have replaced /dev/null."""
    package = copy_problem(tmp_path)
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    (package / "cases" / "secret" / "d.yaml").symlink_to(device)
    added = judge("add-case", package, "--board", "EEM/EEE", "--click", "1,0", "--name", "dev", "--file", "d.yaml")
    assert added.returncode == 2 and "not a regular file" in added.stderr, added.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_fifo_or_a_device_is_refused_unread(tmp_path):
    """Round 28: what people hand the judge is read only if it is a regular file, and never past a cap:
    a FIFO held regrade for ever, /dev/zero (size 0, no end) read until memory ran out."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        with pytest.raises(OSError, match="not a regular file"):
            files.read_regular(path, 100)
        with pytest.raises(OSError, match="not a regular file"):
            files.source_digest(path)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 101)
    assert files.read_regular(big, 10) == (b"x" * 10, 101)
    with pytest.raises(OSError) as caught:
        files.read_capped(big, 100, "the case file")
    assert caught.value.errno == errno.EFBIG and "the case file is larger than 100 bytes" in caught.value.strerror
    assert files.read_capped(big, 101, "the case file") == b"x" * 101
