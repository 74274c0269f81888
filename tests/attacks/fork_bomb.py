# Attack: forks processes until the system refuses, each turned into a marked `sleep 3600`.
# Expected: AC (its answer is right), the box's process cap stops the bomb (it prints how far it
# got), and no process of it is left after the run.
import os

MARK = "@@TOKEN@@"


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        forked = 0
        for _ in range(300):  # bounded, in case no process cap applies
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                try:
                    os.execv("/bin/sleep", [MARK, "3600"])
                finally:
                    os._exit(0)
            forked += 1
        print("forked", forked)
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

