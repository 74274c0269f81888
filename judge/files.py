"""Files the judge writes for people (case files, exports, reports): whole or not at all, and with
the mode any other program would give them; and files it reads that people hand it, regular files only.

A file written through tempfile (the way to replace one atomically) is created 0600: `add-case`
left `added.yaml` readable by its owner only, so a course's other setters, a web server or git
would not see it. A new file gets 0666 less the umask, as open() gives; one replaced keeps its own.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def umask() -> int:
    """The process's umask, read without changing it (os.umask sets it, a race with other threads)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def new_file_mode() -> int:
    """The mode open() gives a new file: 0666 less the umask (0644 under the usual 022)."""
    return 0o666 & ~umask()


def settle_mode(tmp: str | Path, path: Path) -> None:
    """Give `tmp`, about to replace `path`, the mode `path` has, or a new file's when it is new."""
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = new_file_mode()
    os.chmod(tmp, mode)


def target(path: Path) -> Path:
    """The file that writing `path` must change: a symbolic link's target (the link itself stays a link:
    `added.yaml` kept as a link to a shared file, a report linked into a web folder), else `path`."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def write_text(path: Path, text: str) -> None:
    """Write `path` whole or not at all (a reader never sees half of it), with the mode it had or a new file's.

    What is not a regular file (a device such as /dev/stdout or /dev/full, a FIFO) is written as any
    program writes it, never replaced by a file (`--output /dev/full` as root replaced the device)."""
    path = Path(path)
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        regular = True
    if not regular:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return
    path = target(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        settle_mode(tmp, path)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def read_regular(path: Path, cap: int) -> tuple[bytes, int]:
    """(the first `cap` bytes of a regular file, its size); OSError for anything else or unreadable.

    Opened without blocking and checked before it is read: a FIFO in its place held `regrade` for
    ever, and a link to /dev/zero (a size of 0, no end) read 6.6 GB in 20 s (round 28)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
        head = f.read(cap)
    return head, max(info.st_size, len(head))


def read_capped(path: Path, cap: int, what: str) -> bytes:
    """A regular file of at most `cap` bytes, whole; OSError (its strerror saying why) otherwise."""
    data, size = read_regular(path, cap + 1)
    if size > cap:
        raise OSError(errno.EFBIG, f"{what} is larger than {cap:,} bytes", str(path))
    return data


def source_digest(path: Path) -> str:
    """The sha256 that identifies a submission file (digest()); OSError when unreadable or not a regular
    file. A file larger than a source may be is read no further than that (a hand-in may be a sparse
    file of many GiB)."""
    from judge.defaults import MAX_SOURCE_BYTES

    head, size = read_regular(path, MAX_SOURCE_BYTES)
    return digest(head, size)


def digest(data: bytes, size: int | None = None) -> str:
    """The sha256 that identifies a submission's source: of its bytes, or for one larger than a source
    may be (defaults.MAX_SOURCE_BYTES: it is never graded), of its size and first bytes. `data` may
    be only the head of a source of `size` bytes."""
    from judge.defaults import MAX_SOURCE_BYTES
    from judge.digest import sha256

    size = len(data) if size is None else size
    if size <= MAX_SOURCE_BYTES:
        return sha256(data).hexdigest()
    return sha256(b"oversize\0%d\0" % size + data[:MAX_SOURCE_BYTES]).hexdigest()
