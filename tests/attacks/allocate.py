# Attack: allocates (and touches) memory until it dies. Expected: MLE; the judge stays small.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        hoard = []
        while True:
            block = bytearray(16 * 1024 * 1024)
            block[::4096] = b"x" * len(range(0, len(block), 4096))
            hoard.append(block)
