# Attack: closes every file descriptor it has (0-255), then answers. Expected: RE, the judge carries on.
import os


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        for fd in range(256):
            try:
                os.close(fd)
            except OSError:
                pass
        return board
