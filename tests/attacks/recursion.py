# Attack: recursion without end. Expected: RE (or MLE), never a judge crash.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        return self.updateBoard(board, click)
