# Returns each row as one string ("B1E1B") instead of a list of one-character strings: not a char[][].
class Solution:
    def updateBoard(self, board, click):
        return ["".join(row) for row in board]
