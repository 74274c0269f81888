# Attack: reads the test data, the reference, the judge's source, the results store and other
# submissions by absolute path (the test writes the real paths in). Expected: AC, because it
# answers honestly when it can read none of them; a RuntimeError "LEAKED ..." (RE) if it could.
import os

TARGETS = "@@TARGETS@@"


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        seen = []
        for path in TARGETS:
            try:
                if os.path.isdir(path):
                    os.listdir(path)
                else:
                    with open(path, "rb") as f:
                        f.read(64)
                seen.append(path)
            except OSError:
                pass
        if seen:
            raise RuntimeError("LEAKED " + " ".join(seen))
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

