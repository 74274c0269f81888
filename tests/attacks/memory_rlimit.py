# Attack: raises its own address-space rlimit, then allocates (and touches) 330 MB against a
# 256 MiB limit. Expected: MLE, from the box's memory cap outside it.
import resource

MEGABYTES = 330


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        hoard = bytearray(MEGABYTES * 1024 * 1024)
        hoard[::4096] = b"x" * len(range(0, len(hoard), 4096))
        return board
