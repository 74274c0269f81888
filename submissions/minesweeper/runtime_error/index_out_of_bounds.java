// Counts neighbours without checking the edges: ArrayIndexOutOfBoundsException at a border.
class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') {
            board[r][c] = 'X';
            return board;
        }
        int mines = 0;
        for (int x = r - 1; x <= r + 1; x++)
            for (int y = c - 1; y <= c + 1; y++)
                if (board[x][y] == 'M') mines++;
        board[r][c] = mines == 0 ? 'B' : (char) ('0' + mines);
        return board;
    }
}
