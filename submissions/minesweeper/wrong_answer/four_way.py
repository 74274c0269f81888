# Wrong answer: counts mines in 8 directions but spreads only up, down, left and right.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        q = deque([(r, c)])
        while q:
            i, j = q.popleft()
            if board[i][j] != 'E':
                continue
            cnt = 0
            for a in range(i - 1, i + 2):
                for b in range(j - 1, j + 2):
                    if 0 <= a < m and 0 <= b < n and board[a][b] == 'M':
                        cnt += 1
            if cnt:
                board[i][j] = str(cnt)
                continue
            board[i][j] = 'B'
            for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= a < m and 0 <= b < n and board[a][b] == 'E':
                    q.append((a, b))
        return board
