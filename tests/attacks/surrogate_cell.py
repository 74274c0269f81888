# Attack: a lone surrogate in one square of an otherwise right board (json.dumps escapes it as
# \ud800, which decodes to a str that no UTF-8 writer can encode). Expected: WA, a readable report.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        board[0][0] = "\ud800"
        return board
