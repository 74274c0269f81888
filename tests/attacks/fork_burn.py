# Attack: a forked child in a session of its own does the work (0.4 s of CPU) while the parent
# waits. Expected: AC (the work is under the limit), with the child's CPU time counted in the case.
import os
import time

WORK_S = 0.4


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        pid = os.fork()
        if pid == 0:
            os.setsid()
            end = time.process_time() + WORK_S
            while time.process_time() < end:
                pass
            os._exit(0)
        os.waitpid(pid, 0)
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
