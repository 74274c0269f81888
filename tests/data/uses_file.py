# Right, and reads `__file__` as a script module may: the path of its own file (the box's copy).
import os

HERE = os.path.dirname(os.path.abspath(__file__))
assert open(__file__, encoding="utf-8").read().startswith("# Right, and reads"), "not its own source"


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        assert os.path.isdir(HERE)
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        m, n = len(board), len(board[0])
        stack = [(r, c)]
        while stack:
            i, j = stack.pop()
            if board[i][j] != 'E':
                continue
            around = [(a, b) for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)
                      if 0 <= a < m and 0 <= b < n and (a, b) != (i, j)]
            k = sum(board[a][b] == 'M' for a, b in around)
            board[i][j] = str(k) if k else 'B'
            if not k:
                stack.extend((a, b) for a, b in around if board[a][b] == 'E')
        return board
