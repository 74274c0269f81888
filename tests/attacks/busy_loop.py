# Attack: a busy loop. Expected: TLE, stopped by the CPU-time limit.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        while True:
            pass
