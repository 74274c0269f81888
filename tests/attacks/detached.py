# Attack: starts detached children that sleep: a double fork with setsid that keeps the case's
# result pipe open, and a `sleep 3600` in a new session. Expected: AC (its answer is right) and
# no process of it left after the run.
import os
import subprocess
import time

MARK = "@@TOKEN@@"


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(3600)
            os._exit(0)
        subprocess.Popen([MARK, "3600"], executable="/bin/sleep", start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return solve(board, click)


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

