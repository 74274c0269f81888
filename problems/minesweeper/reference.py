"""Reference solution for Minesweeper (LeetCode 529): iterative BFS over 8 neighbours."""

from collections import deque

_DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def updateBoard(board, click):
    """Return a new board (list of lists of 1-char strings) after the click."""
    grid = [list(row) for row in board]
    m = len(grid)
    n = len(grid[0]) if m else 0
    r, c = click[0], click[1]
    if grid[r][c] == "M":
        grid[r][c] = "X"
        return grid
    if grid[r][c] != "E":
        return grid

    def mines_around(i, j):
        k = 0
        for di, dj in _DIRS:
            a, b = i + di, j + dj
            if 0 <= a < m and 0 <= b < n and grid[a][b] in ("M", "X"):
                k += 1
        return k

    queue = deque([(r, c)])
    grid[r][c] = "B"  # provisional mark so the square is not queued twice
    while queue:
        i, j = queue.popleft()
        k = mines_around(i, j)
        if k:
            grid[i][j] = str(k)
            continue
        grid[i][j] = "B"
        for di, dj in _DIRS:
            a, b = i + di, j + dj
            if 0 <= a < m and 0 <= b < n and grid[a][b] == "E":
                grid[a][b] = "B"  # claimed; the final value is set when popped
                queue.append((a, b))
    return grid


solve = updateBoard
