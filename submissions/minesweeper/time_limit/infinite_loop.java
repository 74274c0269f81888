class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        long spins = 0;
        while (board.length > 0) spins++;
        return board;
    }
}
