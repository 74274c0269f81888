"""The boxes' system call filter (judge/sandbox/seccomp.py): built with libseccomp, kept in the cache."""

from __future__ import annotations

import os
import subprocess

import pytest

from judge.sandbox import seccomp
from judge.sandbox.box import BwrapBox, Mount, detect


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A process without the program and an empty cache."""
    monkeypatch.setattr(seccomp, "CACHE_ROOT", tmp_path)
    seccomp.forget()
    yield tmp_path
    seccomp.forget()


def test_the_program_is_built_once_then_read_from_the_cache(fresh, monkeypatch):
    built = seccomp.program()
    assert isinstance(built, bytes) and built and len(built) % 8 == 0, built
    kept = list((fresh / "seccomp").glob("*.bpf"))
    assert len(kept) == 1 and kept[0].read_text().split("\n")[:2] == [",".join(seccomp.DENIED), built.hex()]
    seccomp.forget()
    monkeypatch.setattr(seccomp, "_build", lambda: pytest.fail("built again"))
    assert seccomp.program() == built and seccomp.reason() == ""


def test_a_damaged_cache_entry_is_built_again(fresh):
    built = seccomp.program()
    entry = next((fresh / "seccomp").glob("*.bpf"))
    entry.write_text("not hex")
    seccomp.forget()
    assert seccomp.program() == built
    entry.write_text("add_key\n" + built.hex() + "\n")   # a filter refusing other calls: built again
    seccomp.forget()
    assert seccomp.program() == built and entry.read_text().startswith(",".join(seccomp.DENIED) + "\n")


def test_without_the_binding_there_is_a_reason_and_no_filter(fresh, monkeypatch):
    monkeypatch.setattr(seccomp, "_build", lambda: "pyseccomp is not installed (test)")
    assert seccomp.reason() == "pyseccomp is not installed (test)" and seccomp.filter_fd() is None
    assert BwrapBox().unfiltered() == "pyseccomp is not installed (test)"


def test_each_descriptor_reads_the_whole_program():
    first, second = seccomp.filter_fd(), seccomp.filter_fd()
    assert first is not None and second is not None
    try:
        assert os.read(first, 1 << 16) == os.read(second, 1 << 16) == seccomp.program()
    finally:
        os.close(first)
        os.close(second)


def test_a_box_loads_it_and_makes_no_user_namespace(tmp_path):
    """A real box: `--seccomp` and `--disable-userns` on its command line; inside, the denied calls
    fail with EPERM (inotify, mincore, a cached-only preadv2, io_uring, Linux AIO), others work (a plain preadv2),
    sockets but AF_UNIX fail with EAFNOSUPPORT, unshare(CLONE_NEWUSER) fails and /proc/keys cannot be read;
    posix_fadvise returns 0 and drops no cached page (red-team round 14: a neighbour's memory measure fell
    to 0), nor does madvise's MADV_PAGEOUT or MADV_COLD (round 24), and /dev, /dev/shm and /dev/pts are read-only."""
    box = detect()
    if not isinstance(box, BwrapBox):
        pytest.skip(f"no sandbox here: {box.reason}")
    code = ("import ctypes, os\n"
            "libc = ctypes.CDLL(None, use_errno=True)\n"
            "print(libc.syscall(294, 0), ctypes.get_errno())\n"          # inotify_init1: EPERM
            "print(libc.getpid() > 0)\n"
            "print(libc.unshare(0x10000000), ctypes.get_errno())\n"     # CLONE_NEWUSER: ENOSPC
            "fd = os.open('/usr/bin/env', os.O_RDONLY)\n"
            "vec = ctypes.create_string_buffer(1)\n"   # mincore: EPERM (unfiltered, ENOMEM at address 0)
            "print(libc.syscall(27, ctypes.c_void_p(0), 4096, vec), ctypes.get_errno())\n"
            "buf = ctypes.create_string_buffer(8)\n"
            "iov = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)\n"
            "print(libc.syscall(327, fd, iov, 1, 0, 0, 8), ctypes.get_errno())\n"       # preadv2 NOWAIT: EPERM
            "print(libc.syscall(327, fd, iov, 1, 0, 0, 0))\n"                          # preadv2: 8 bytes
            "print(libc.syscall(425, 4, ctypes.create_string_buffer(120)), ctypes.get_errno())\n"  # io_uring_setup
            "ctx = ctypes.c_ulong(0)\n"
            "print(libc.syscall(206, 4, ctypes.byref(ctx)), ctypes.get_errno())\n"   # io_setup (Linux AIO): EPERM
            "print(libc.syscall(209, 0, 0, ctypes.c_void_p(0)), ctypes.get_errno())\n"  # io_submit: EPERM
            "print(libc.socket(2, 1, 0), ctypes.get_errno())\n"       # AF_INET: EAFNOSUPPORT (97)
            "print(libc.socket(10, 2, 0), ctypes.get_errno())\n"      # AF_INET6: EAFNOSUPPORT
            "print(libc.socket(16, 3, 0), ctypes.get_errno())\n"      # AF_NETLINK: EAFNOSUPPORT
            "print(libc.socket(1, 1, 0) >= 0)\n"                      # AF_UNIX: a socket
            "pair = (ctypes.c_int * 2)()\n"
            "print(libc.socketpair(1, 1, 0, pair), libc.socketpair(2, 1, 0, pair), ctypes.get_errno())\n"
            "try:\n    open('/proc/keys').read(); print('keys read')\n"
            "except OSError as e:\n    print('keys', e.errno)\n"
            # posix_fadvise(DONTNEED) on a file every box reads: returns 0, and drops nothing (below)
            f"cached = os.open({str(tmp_path / 'cached.bin')!r}, os.O_RDONLY)\n"
            "print(os.posix_fadvise(cached, 0, 0, os.POSIX_FADV_DONTNEED))\n"
            # madvise(MADV_PAGEOUT) and (MADV_COLD) on a mapping of it (round 24): 0, and nothing dropped;
            # other advice still works; process_madvise (440): EPERM
            "import mmap\n"
            "m = mmap.mmap(cached, 0, prot=mmap.PROT_READ)\n"
            "print(sum(m[k] for k in range(0, len(m), 4096)) >= 0, m.madvise(21), m.madvise(20), "
            "m.madvise(mmap.MADV_WILLNEED))\n"
            # the same advice with bits above the int the kernel reads: ignored too (review of round 24)
            "libc.mmap.restype = ctypes.c_void_p\n"
            "size = len(m)\n"
            "m.close()\n"  # the only mapping of the file left: pages mapped twice are never paged out
            "at = libc.mmap(None, size, 1, 1, cached, 0)\n"
            "print(sum(ctypes.string_at(at + k, 1)[0] for k in range(0, size, 4096)) >= 0, "
            "libc.syscall(28, ctypes.c_void_p(at), ctypes.c_size_t(size), ctypes.c_long((1 << 32) | 21)), "
            "libc.syscall(28, ctypes.c_void_p(at), ctypes.c_size_t(size), ctypes.c_long((1 << 32) | 20)))\n"
            "print(libc.syscall(440, 0, 0, 0, 21, 0), ctypes.get_errno())\n"
            "for path in ('/dev/shm/x', '/dev/pts/x', '/dev/x'):\n"   # read-only: EROFS (30)
            "    try:\n        open(path, 'w'); print('written', path)\n"
            "    except OSError as e:\n        print(e.errno)\n")
    cached = tmp_path / "cached.bin"
    with open(cached, "wb") as f:
        f.write(os.urandom(1 << 20))
        os.fsync(f.fileno())   # clean pages: DONTNEED drops only those
    cached.read_bytes()  # in the page cache now
    jail = box.open()
    try:
        command = box.command(["python3", "-I", "-c", code], tmp_path, [Mount(tmp_path)], filter_fd=jail.filter)
        assert "--disable-userns" in command and command[command.index("--seccomp") + 1] == str(jail.filter)
        out = subprocess.run(command, pass_fds=jail.fds(), capture_output=True, text=True, timeout=30,
                             preexec_fn=jail.preexec, env=box.environment(tmp_path)).stdout.split("\n")
    finally:
        jail.close()
    assert out[:23] == ["-1 1", "True", "-1 28", "-1 1", "-1 1", "8", "-1 1", "-1 1", "-1 1",
                        "-1 97", "-1 97", "-1 97", "True", "0 -1 97", "keys 13", "None", "True None None None",
                        "True 0 0", "-1 1", "30", "30", "30", ""], out
    assert _resident(cached) == 1 << 20 >> 12, "the box's fadvise or madvise dropped the file's cached pages"


def _resident(path) -> int:
    """How many of the file's pages are in the page cache (mincore, in the test's own process)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    size = os.path.getsize(path)
    fd = os.open(path, os.O_RDONLY)
    try:
        address = libc.mmap(None, size, 1, 1, fd, 0)   # PROT_READ, MAP_SHARED
        vec = (ctypes.c_ubyte * ((size + 4095) // 4096))()
        assert libc.mincore(ctypes.c_void_p(address), ctypes.c_size_t(size), vec) == 0, ctypes.get_errno()
        libc.munmap(ctypes.c_void_p(address), ctypes.c_size_t(size))
    finally:
        os.close(fd)
    return sum(b & 1 for b in vec)
