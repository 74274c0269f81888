# Time limit: never returns (busy loop).
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        while True:
            pass
