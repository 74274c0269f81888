# Attack: an exception message holding a lone surrogate. Expected: RE, its message readable.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        raise ValueError("bad \ud800 square")
