# Attack: raises an exception whose __str__, __repr__ and class name all raise while the harness
# reports it. Expected: RE with a fallback message.
class Meta(type):
    @property
    def __name__(cls):
        raise RuntimeError("no name")


class Trap(Exception, metaclass=Meta):
    def __str__(self):
        raise RuntimeError("no str")

    def __repr__(self):
        raise RuntimeError("no repr")


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        raise Trap()
