# Wrong answer: off-by-one bounds in the mine count (skips the last row and column as neighbours).
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])

        def mines(i, j):
            k = 0
            for a in range(max(0, i - 1), min(m - 1, i + 2)):
                for b in range(max(0, j - 1), min(n - 1, j + 2)):
                    if board[a][b] == 'M':
                        k += 1
            return k

        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        q = deque([(r, c)])
        while q:
            i, j = q.popleft()
            if board[i][j] != 'E':
                continue
            k = mines(i, j)
            if k:
                board[i][j] = str(k)
                continue
            board[i][j] = 'B'
            for a in range(max(0, i - 1), min(m, i + 2)):
                for b in range(max(0, j - 1), min(n, j + 2)):
                    if board[a][b] == 'E':
                        q.append((a, b))
        return board
