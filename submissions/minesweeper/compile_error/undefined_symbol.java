class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        int mines = countMines(board, click[0], click[1]);
        board[click[0]][click[1]] = (char) ('0' + mines);
        return board;
    }
}
