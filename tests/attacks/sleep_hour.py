# Attack: sleeps for an hour, using no CPU. Expected: TLE, stopped by the judge's wall clock.
import time


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        time.sleep(3600)
        return board
