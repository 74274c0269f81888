# author: @@AUTHOR@@
# Attack: returns a board whose squares are terminal controls (ESC, CSI, a bidi override), so the
# report's drawing of what it returned would move the cursor or reorder the line. Expected: WA, the
# squares drawn as '?' and named escaped in the checker's explanation.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        board[0][0] = "\x1b"
        board[0][1] = "\x9b"
        board[0][2] = "\u202e"
        return board
