# Compile error: the if statement is missing its colon.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        r, c = click
        if board[r][c] == 'M'
            board[r][c] = 'X'
            return board
        return board
