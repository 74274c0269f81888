# Attack: kills its parent (the server that runs the cases). Expected: RE, and the judge carries on.
import os
import time


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        os.kill(os.getppid(), 9)
        time.sleep(1)
        return board
