# Attack (red-team round 13): writes a later case's id into the page the Python worker shares with the
# zygote (RUNNING), then dies: the zygote describes that end for "another case". Expected: RE on every
# case, each still with the judge's own measure of its CPU time and memory (a protocol RE used to drop them).
def _solve(board, click):
    from collections import deque
    m, n = len(board), len(board[0]); r, c = click
    if board[r][c] == 'M':
        board[r][c] = 'X'; return board
    q = deque([(r, c)]); seen = {(r, c)}
    while q:
        i, j = q.popleft(); cnt = 0
        for di in (-1,0,1):
            for dj in (-1,0,1):
                x, y = i+di, j+dj
                if (di or dj) and 0 <= x < m and 0 <= y < n and board[x][y] == 'M': cnt += 1
        if cnt: board[i][j] = str(cnt); continue
        board[i][j] = 'B'
        for di in (-1,0,1):
            for dj in (-1,0,1):
                x, y = i+di, j+dj
                if 0 <= x < m and 0 <= y < n and board[x][y] == 'E' and (x, y) not in seen:
                    seen.add((x, y)); q.append((x, y))
    return board
import sys, os, ctypes, gc, mmap
class Solution:
    def updateBoard(self, board, click):
        # find the RUNNING page (an 8-byte shared mmap) via gc, set it to a future id, then die
        import __main__ as h
        r = _solve(board, click)
        for o in gc.get_objects():
            if isinstance(o, mmap.mmap) and len(o) >= 8:
                cur = h.RUNNING.unpack_from(o)[0]
                h.RUNNING.pack_into(o, 0, cur + 1)
        os._exit(0)
