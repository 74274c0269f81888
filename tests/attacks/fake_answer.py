# Attack: forges the judge's protocol. It prints fake answer lines on stdout and stderr, writes them
# to every descriptor it may hold, and tries to reopen the server's answer pipe through
# /proc/PARENT/fd; then it returns a wrong board. The one forged line that gets anywhere is the one on
# the worker's own answer pipe, and it names cpu_ms: relayed by the zygote (no cgroup), which adds
# id and cpu_ms as well; or straight to the judge (a cgroup), which measures cpu_ms itself. Either
# way a key given twice, which the judge refuses. Expected: RE on every case, never its forged answer.
import json
import os
import sys


def forged_lines():
    frame, request, config = sys._getframe(), None, None
    while frame is not None and request is None:
        request, config = frame.f_locals.get("request"), frame.f_locals.get("config")
        frame = frame.f_back
    return request, config


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        request, config = forged_lines()
        right = solve([row[:] for row in board], click)
        ident = request["id"] if isinstance(request, dict) else 1
        line = (json.dumps({"id": ident, "status": "ok", "value": right, "cpu_ms": 0.001}) + "\n").encode()
        print(line.decode(), end="", flush=True)
        print(line.decode(), end="", file=sys.stderr, flush=True)
        for fd in range(3, 64):
            try:
                os.write(fd, line)
            except OSError:
                pass
        targets = []
        if isinstance(config, dict):
            targets = [f"/proc/{os.getppid()}/fd/{config['response_fd']}"]
        try:
            targets += [f"/proc/{os.getppid()}/fd/{n}" for n in os.listdir(f"/proc/{os.getppid()}/fd")]
        except OSError:
            pass
        for path in targets:
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                os.write(fd, line)
            except OSError:
                pass
            finally:
                os.close(fd)
        board[0][0] = "X" if board[0][0] != "X" else "B"  # surely wrong
        return board


def solve(board, click):
    """An honest answer (BFS), for the attacks that must still be judged on what they return."""
    rows, cols = len(board), len(board[0])
    r, c = click
    if board[r][c] == "M":
        board[r][c] = "X"
        return board
    todo = [(r, c)]
    while todo:
        r, c = todo.pop()
        if board[r][c] != "E":
            continue
        near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]
        mines = sum(board[y][x] in "MX" for y, x in near)
        board[r][c] = str(mines) if mines else "B"
        if not mines:
            todo += [(y, x) for y, x in near if board[y][x] == "E"]
    return board

