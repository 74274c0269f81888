# Attack: raises its own CPU-time rlimit, then does its work on a helper thread while the thread the
# harness watches sleeps in join(). Expected: TLE, with the case's CPU time (the whole box's, read
# by the judge from outside) at the limit, not the main thread's near-zero.
import resource
import threading
import time

WORK_S = 2.0   # CPU seconds of work, twice the limit


def burn(seconds):
    """Busy-loop until this thread has used `seconds` of CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))
        threading.stack_size(1 << 20)   # the default, the box's 512 MiB stack, is over the address-space limit
        helper = threading.Thread(target=burn, args=(WORK_S,))
        helper.start()
        helper.join()
        return board
