# Accepted: BFS with deque in the platform's class form; relies on the implicit List and deque.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        dirs = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
        q = deque([(r, c)])
        seen = {(r, c)}
        while q:
            i, j = q.popleft()
            cnt = 0
            for di, dj in dirs:
                x, y = i + di, j + dj
                if 0 <= x < m and 0 <= y < n and board[x][y] == 'M':
                    cnt += 1
            if cnt > 0:
                board[i][j] = str(cnt)
                continue
            board[i][j] = 'B'
            for di, dj in dirs:
                x, y = i + di, j + dj
                if 0 <= x < m and 0 <= y < n and board[x][y] == 'E' and (x, y) not in seen:
                    seen.add((x, y))
                    q.append((x, y))
        return board
