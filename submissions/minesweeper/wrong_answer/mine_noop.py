# Wrong answer: a click on a mine returns the board unchanged instead of showing 'X'.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        r, c = click
        if board[r][c] == 'M':
            return board
        stack = [(r, c)]
        while stack:
            i, j = stack.pop()
            if board[i][j] != 'E':
                continue
            cnt = sum(1 for a in range(max(0, i - 1), min(m, i + 2))
                      for b in range(max(0, j - 1), min(n, j + 2)) if board[a][b] == 'M')
            if cnt:
                board[i][j] = str(cnt)
            else:
                board[i][j] = 'B'
                for a in range(max(0, i - 1), min(m, i + 2)):
                    for b in range(max(0, j - 1), min(n, j + 2)):
                        if board[a][b] == 'E':
                            stack.append((a, b))
        return board
