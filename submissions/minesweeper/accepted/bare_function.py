# Accepted: a top-level function instead of a class, iterative with an explicit stack.
def updateBoard(board, click):
    rows, cols = len(board), len(board[0])
    r, c = click
    if board[r][c] == "M":
        board[r][c] = "X"
        return board
    stack = [(r, c)]
    while stack:
        i, j = stack.pop()
        if board[i][j] != "E":
            continue
        around = [(i + a, j + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
                  if (a or b) and 0 <= i + a < rows and 0 <= j + b < cols]
        mines = sum(board[x][y] == "M" for x, y in around)
        if mines:
            board[i][j] = str(mines)
        else:
            board[i][j] = "B"
            stack.extend((x, y) for x, y in around if board[x][y] == "E")
    return board
