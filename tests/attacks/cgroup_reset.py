# Attack: turn the box's own CPU counter back. A child makes a user namespace of its own (root in it),
# with a mount and a cgroup namespace, mounts the cgroup v1 cpuacct hierarchy and writes 0 to
# cpuacct.usage every 0.1 s while two children burn 0.9 s of CPU each (each under a per-process
# RLIMIT_CPU of 1 s), then returns a right board. It prints how far it got.
# Expected: TLE, with the CPU time of the work: bubblewrap forbids the user namespace
# (--disable-userns); where it cannot, the mounted hierarchy's root is the box's leaf group, whose
# counter the judge does not read (cgroups.Group).
import ctypes
import os
import time

CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUSER = 0x00020000, 0x02000000, 0x10000000
libc = ctypes.CDLL(None, use_errno=True)


def tamper():
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWCGROUP) != 0:
        return "unshare: " + os.strerror(ctypes.get_errno())
    for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
        with open(f"/proc/self/{name}", "w") as f:
            f.write(text)
    os.makedirs("/tmp/cg", exist_ok=True)
    if libc.mount(b"cgroup", b"/tmp/cg", b"cgroup", 0, b"cpuacct") != 0:
        return "mount: " + os.strerror(ctypes.get_errno())
    return "mounted"


def reset():
    try:
        with open("/tmp/cg/cpuacct.usage", "w") as f:
            f.write("0")
        return True
    except OSError:
        return False


def burn(seconds):
    end = time.process_time() + seconds
    resets = 0
    while time.process_time() < end:
        mark = time.process_time() + 0.1
        while time.process_time() < mark:
            pass
        resets += reset()
    return resets


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        read, write = os.pipe()
        if os.fork() == 0:
            said = tamper()
            os.write(1, f"tamper: {said}\n".encode())
            resets = 0
            for _ in range(2):
                pid = os.fork()
                if pid == 0:
                    os._exit(min(burn(0.9), 100))
                resets += os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            os.write(write, f"{said}, {resets} resets".encode())
            os._exit(0)
        os.close(write)
        os.wait()
        print("tamper:", os.read(read, 200).decode())
        r, c = click
        if board[r][c] == "M":
            board[r][c] = "X"
        return board
