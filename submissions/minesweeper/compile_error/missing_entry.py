# Compile error: valid Python, but the method is misspelt update_board, so there is no updateBoard entry point.
class Solution:
    def update_board(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        stack = [(r, c)]
        while stack:
            i, j = stack.pop()
            if board[i][j] != 'E':
                continue
            k = sum(board[a][b] == 'M' for a in range(max(0, i - 1), min(m, i + 2))
                    for b in range(max(0, j - 1), min(n, j + 2)))
            if k:
                board[i][j] = str(k)
                continue
            board[i][j] = 'B'
            for a in range(max(0, i - 1), min(m, i + 2)):
                for b in range(max(0, j - 1), min(n, j + 2)):
                    if board[a][b] == 'E':
                        stack.append((a, b))
        return board
