# Attack: starts 16 busy shell loops, each in a session of its own, at its first case, and answers
# every case correctly after a second's sleep (so that the loops run beside whatever is graded next
# to it). Expected: its box's CPU time counts the loops (AC or TLE, by how much CPU they got); a
# submission graded beside it (--jobs 2) keeps the verdict it gets alone: each box has one core.
import os
import subprocess
import time

MARK = "/tmp/spinning"   # the box's own /tmp outlives a case's fresh globals: start them once


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        if not os.path.exists(MARK):
            open(MARK, "w").close()
            for _ in range(16):
                subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
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
