# Kills the server that forked it on the second case; the judge must carry on.
import os

n = 0


def updateBoard(board, click):
    os.kill(os.getppid(), 9)
    return board
