# Attack: appends to, replaces, renames, re-modes and deletes judge files, case files and the results
# store (the test writes the real paths in), and drops a new file beside each. Expected: AC, because
# every attempt fails and it then answers honestly; a RuntimeError "LEAKED ..." (RE) if one worked.
import os

TARGETS = "@@TARGETS@@"


def attempts(path):
    def append():
        with open(path, "ab") as f:
            f.write(b"\npwned\n")

    def replace():
        with open(path, "wb") as f:
            f.write(b"pwned\n")

    def swap():
        with open(path + ".new", "wb") as f:
            f.write(b"pwned\n")
        os.replace(path + ".new", path)

    def beside():
        with open(os.path.join(os.path.dirname(path), "pwned.txt"), "wb") as f:
            f.write(b"pwned\n")

    return [append, replace, swap, beside, lambda: os.chmod(path, 0o777), lambda: os.unlink(path)]


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        done = []
        for path in TARGETS:
            # A path the box does not show is no target: where the checkout lies under /tmp, the box's
            # private /tmp holds empty folders on the way to the harness, and a file "written" there
            # lands in that private tmpfs, never on the judge's disk (the test checks the disk itself).
            if not os.path.exists(path):
                continue
            for attempt in attempts(path):
                try:
                    attempt()
                    done.append(path)
                except OSError:
                    pass
        if done:
            raise RuntimeError("LEAKED " + " ".join(sorted(set(done))))
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

