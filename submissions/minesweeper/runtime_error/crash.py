# Runtime error: the neighbour loop reads board[i + 1] without a bounds check (IndexError on the last row).
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
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if board[i + di][j + dj] == 'M':
                        cnt += 1
            if cnt:
                board[i][j] = str(cnt)
                continue
            board[i][j] = 'B'
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if board[i + di][j + dj] == 'E':
                        q.append((i + di, j + dj))
        return board
