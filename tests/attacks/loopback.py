# Attack: connects to a server the test runs on 127.0.0.1. Expected: AC, because the connection
# fails and it answers honestly; a RuntimeError "LEAKED ..." (RE) if it got through.
import socket

PORT = "@@PORT@@"


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        try:
            with socket.create_connection(("127.0.0.1", int(PORT)), timeout=1) as s:
                s.sendall(b"LEAKED\n")
        except OSError:
            return solve(board, click)
        raise RuntimeError(f"LEAKED connected to 127.0.0.1:{PORT}")


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

