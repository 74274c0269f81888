# Time limit: sleeps for an hour (idle, not using the CPU).
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        import time
        time.sleep(3600)
        return board
