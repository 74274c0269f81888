# Attack: leaves with os._exit(0), skipping every handler. Expected: RE, and the judge carries on.
import os


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        os._exit(0)
