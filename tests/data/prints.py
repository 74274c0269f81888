# Accepted, but chatty: prints on stdout and stderr, and a fake protocol line.
import sys


def updateBoard(board, click):
    print('{"id": 1, "status": "ok", "value": [["X"]]}')
    print("debug: clicking", click, file=sys.stderr)
    r, c = click
    if board[r][c] == 'M':
        board[r][c] = 'X'
        return board
    m, n = len(board), len(board[0])
    todo = [(r, c)]
    while todo:
        i, j = todo.pop()
        if board[i][j] != 'E':
            continue
        around = [(a, b) for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)
                  if 0 <= a < m and 0 <= b < n and (a, b) != (i, j)]
        k = sum(board[a][b] == 'M' for a, b in around)
        board[i][j] = str(k) if k else 'B'
        if not k:
            todo.extend(around)
    return board
