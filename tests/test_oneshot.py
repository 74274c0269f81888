"""One tool run in its box (judge/sandbox/oneshot.py, BwrapBox.tool_command): what it sees, its limits."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import pytest

from judge.sandbox import hierarchy
from judge.sandbox.box import BOX_UID, TOOL_FOLDER, Mount, detect
from judge.sandbox.oneshot import ToolLimits, run_tool

ROOT = Path(__file__).resolve().parent.parent
SECRET = ROOT / "problems" / "minesweeper" / "cases" / "secret" / "edges.yaml"
LIMITS = ToolLimits(wall=60, cpu=30, memory=512 << 20, file_size=1 << 20, tmp_size=32 << 20)


@pytest.fixture(scope="module")
def box():
    found = detect()
    assert found.isolated, f"no sandbox on this machine: {found.reason} (run bash setup.sh)"
    return found


def sh(box, folder: Path, script: str, limits: ToolLimits = LIMITS, mounts=(), proc=False):
    return run_tool(box, ["/bin/sh", "-c", script], folder, list(mounts), {}, limits, proc)


def test_a_tool_sees_its_folder_and_the_system_only(box, tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    (build / "input.txt").write_text("given\n")
    home_file = Path.home() / ".bashrc"
    probes = {
        "secret case": SECRET, "judge source": ROOT / "judge" / "languages" / "base.py",
        "users": Path("/etc/passwd"), "home": Path.home(), "host tmp": tmp_path, "proc": Path("/proc/self"),
        **({"home file": home_file} if home_file.exists() else {}),
    }
    script = "; ".join(f'[ -e "{p}" ] && echo "SEEN {name}"' for name, p in probes.items())
    script += '; id -u; pwd; cat input.txt; echo made > output.txt'
    script += '; echo x > /usr/x 2>/dev/null && echo "SEEN usr"; true'
    end = sh(box, build, script)
    text = end.output.decode()
    assert end.code == 0, text
    assert "SEEN" not in text, text
    assert f"{BOX_UID}\n{TOOL_FOLDER}\ngiven\n" in text
    assert (build / "output.txt").read_text() == "made\n"   # its folder is writable, and it is the host's folder


def test_a_mount_is_shown_read_only(box, tmp_path):
    build, tool = tmp_path / "build", tmp_path / "toolchain"
    build.mkdir()
    tool.mkdir()
    (tool / "lib.txt").write_text("library\n")
    end = sh(box, build, f"cat {tool}/lib.txt; (echo y > {tool}/lib.txt) 2>/dev/null || echo refused",
             mounts=[Mount(tool)])
    assert end.output.decode().split() == ["library", "refused"]
    assert (tool / "lib.txt").read_text() == "library\n"


def test_proc_shows_only_the_tools_own_processes(box, tmp_path):
    end = sh(box, tmp_path, "ls /proc | grep -c '^[0-9]'; wc -l < /proc/net/route", proc=True)
    count, routes = end.output.decode().split()
    assert int(count) < 10 and int(routes) <= 1   # a PID namespace of its own, and no network


def test_the_wall_clock_ends_a_tool_and_leaves_nothing(box, tmp_path):
    mark = f"6{secrets.randbelow(10**6)}.5"   # a duration no other process sleeps
    limits = ToolLimits(wall=1.0, cpu=30, memory=512 << 20, file_size=1 << 20, tmp_size=32 << 20)
    started = time.monotonic()
    end = sh(box, tmp_path, f"sleep {mark} & sleep {mark}", limits)
    assert end.timed_out and end.code is None
    assert time.monotonic() - started < 15
    time.sleep(0.2)
    left = [p for p in os.listdir("/proc") if p.isdigit() and mark.encode() in _cmdline(p)]
    assert not left


def test_output_is_capped_and_read_to_the_end(box, tmp_path):
    limits = ToolLimits(wall=60, cpu=30, memory=512 << 20, file_size=1 << 20, tmp_size=32 << 20, output=1000)
    end = sh(box, tmp_path, "yes error | head -c 3000000; exit 3", limits)
    assert end.code == 3 and end.output == b"error\n" * 166 + b"erro"


def test_file_size_is_limited(box, tmp_path):
    end = sh(box, tmp_path, "head -c 3000000 /dev/zero > big")
    assert end.code != 0
    assert (tmp_path / "big").stat().st_size <= LIMITS.file_size


def test_cpu_time_is_limited_per_process(box, tmp_path):
    limits = ToolLimits(wall=60, cpu=1, memory=512 << 20, file_size=1 << 20, tmp_size=32 << 20)
    started = time.monotonic()
    end = sh(box, tmp_path, "while :; do :; done", limits)
    assert end.code not in (None, 0)   # the kernel stopped it (SIGXCPU), not the judge's clock
    assert time.monotonic() - started < 50


@pytest.mark.skipif("memory" not in hierarchy.available(), reason="no memory cgroup can be made here")
def test_memory_over_the_cap_is_an_oom_kill(box, tmp_path):
    limits = ToolLimits(wall=60, cpu=30, memory=64 << 20, file_size=1 << 20, tmp_size=32 << 20)
    end = sh(box, tmp_path, "head -c 400000000 /dev/zero | tail -n 1 > /dev/null", limits)
    assert end.code != 0 and end.oom_kills >= 1, end


def _cmdline(pid: str) -> bytes:
    try:
        return Path("/proc", pid, "cmdline").read_bytes()
    except OSError:
        return b""
