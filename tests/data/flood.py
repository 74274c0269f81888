# Prints far more than the output limit.
def updateBoard(board, click):
    while True:
        print("x" * 10000)
