# Attack: recursion without end through C frames (map calls the lambda), which uses the C stack.
# Expected: RE (or MLE, or TLE when the CPU limit comes first), never a judge crash.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        return list(map(lambda _: self.updateBoard(board, click), [0]))
