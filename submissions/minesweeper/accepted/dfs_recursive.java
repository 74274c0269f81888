class Solution {
    private static final int[][] DIRS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

    public char[][] updateBoard(char[][] board, int[] click) {
        if (board[click[0]][click[1]] == 'M') {
            board[click[0]][click[1]] = 'X';
        } else {
            reveal(board, click[0], click[1]);
        }
        return board;
    }

    private void reveal(char[][] board, int r, int c) {
        if (r < 0 || r >= board.length || c < 0 || c >= board[0].length || board[r][c] != 'E') return;
        int mines = 0;
        for (int[] d : DIRS) {
            int x = r + d[0], y = c + d[1];
            if (x >= 0 && x < board.length && y >= 0 && y < board[0].length && board[x][y] == 'M') mines++;
        }
        if (mines > 0) {
            board[r][c] = (char) ('0' + mines);
            return;
        }
        board[r][c] = 'B';
        for (int[] d : DIRS) reveal(board, r + d[0], c + d[1]);
    }
}
