# Attack: a helper thread allocates (and touches) 330 MB against a 256 MiB limit, with the
# address-space rlimit raised first, while the main thread waits and then answers.
# Expected: MLE (the whole box is measured, every thread of it).
import resource
import threading

MEGABYTES = 330
kept = []


def hoard():
    """Allocate and touch MEGABYTES, in 10 MB blocks."""
    for _ in range(MEGABYTES // 10):
        block = bytearray(10 * 1024 * 1024)
        block[::4096] = b"x" * len(range(0, len(block), 4096))
        kept.append(block)


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        helper = threading.Thread(target=hoard)
        helper.start()
        helper.join()
        return board
