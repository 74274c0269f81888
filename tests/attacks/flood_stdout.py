# Attack: prints gigabytes on stdout. Expected: OLE, and the judge keeps only a capped part.
import sys


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        line = "flood " * 10000 + "\n"
        for _ in range(20000):  # ~1.2 GB
            sys.stdout.write(line)
        return board
