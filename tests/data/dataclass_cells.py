# A dataclass with string annotations, looked up by dataclasses in sys.modules under the module's name.
from dataclasses import dataclass


@dataclass
class Node:
    r: 'int'
    c: 'int'


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        m, n = len(board), len(board[0])
        s = Node(*click)
        if board[s.r][s.c] == 'M':
            board[s.r][s.c] = 'X'
            return board
        st = [s]
        while st:
            p = st.pop()
            if board[p.r][p.c] != 'E':
                continue
            nb = [Node(x, y) for x in range(p.r - 1, p.r + 2) for y in range(p.c - 1, p.c + 2)
                  if 0 <= x < m and 0 <= y < n]
            k = sum(board[q.r][q.c] == 'M' for q in nb)
            board[p.r][p.c] = str(k) if k else 'B'
            if not k:
                st.extend(q for q in nb if board[q.r][q.c] == 'E')
        return board
