# Attack: calls sys.exit(0) instead of answering. Expected: RE, and the judge carries on.
import sys


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        sys.exit(0)
