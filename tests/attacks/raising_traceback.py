# Attack: raises an exception whose __traceback__ raises when the harness reads it to find the
# line. Expected: RE with a fallback message, the server alive for the next case.
class Trap(Exception):
    @property
    def __traceback__(self):
        raise RuntimeError("no traceback for you")


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        raise Trap("boom")
