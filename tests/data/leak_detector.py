# Passes only when every case runs in fresh state: a global left by an earlier case makes it fail.
calls = []


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError(f"state leaked between cases: call number {len(calls)}")
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'
            return board
        m, n = len(board), len(board[0])
        stack = [(r, c)]
        while stack:
            i, j = stack.pop()
            if board[i][j] != 'E':
                continue
            around = [(a, b) for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)
                      if 0 <= a < m and 0 <= b < n and (a, b) != (i, j)]
            k = sum(board[a][b] == 'M' for a, b in around)
            board[i][j] = str(k) if k else 'B'
            if not k:
                stack.extend((a, b) for a, b in around if board[a][b] == 'E')
        return board
