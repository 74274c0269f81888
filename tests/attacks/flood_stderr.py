# Attack: prints gigabytes on stderr, straight to the file descriptor. Expected: OLE.
import os


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        chunk = b"E" * (1 << 20)
        for _ in range(4096):  # 4 GiB
            os.write(2, chunk)
        return board
