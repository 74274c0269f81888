# Wrong answer: reveals the blank region but leaves its border of digits hidden.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        dirs = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]

        def count(i, j):
            return sum(1 for dx, dy in dirs
                       if 0 <= i + dx < m and 0 <= j + dy < n and board[i + dx][j + dy] == 'M')

        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        if count(r, c):
            board[r][c] = str(count(r, c))
            return board
        q = deque([(r, c)])
        board[r][c] = 'B'
        while q:
            i, j = q.popleft()
            for dx, dy in dirs:
                x, y = i + dx, j + dy
                if 0 <= x < m and 0 <= y < n and board[x][y] == 'E' and count(x, y) == 0:
                    board[x][y] = 'B'
                    q.append((x, y))
        return board
