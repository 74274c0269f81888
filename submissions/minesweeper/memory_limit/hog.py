# Memory limit: keeps allocating 10 MB blocks until it is stopped.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        hoard = []
        while True:
            hoard.append(bytearray(10 ** 7))
            hoard[-1][::4096] = b'x' * len(range(0, 10 ** 7, 4096))  # touch the pages
        return board
