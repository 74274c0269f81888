// The common DFS bug: the square is marked only after the recursion, so two neighbours call each
// other for ever. LeetCode: RE (java.lang.StackOverflowError), not MLE: the stack is capped below the
// memory limit.
class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        if (board[click[0]][click[1]] == 'M') board[click[0]][click[1]] = 'X';
        else dfs(board, click[0], click[1]);
        return board;
    }
    void dfs(char[][] b, int r, int c) {
        if (r < 0 || r >= b.length || c < 0 || c >= b[0].length || b[r][c] != 'E') return;
        int k = 0;
        for (int i = r - 1; i <= r + 1; i++)
            for (int j = c - 1; j <= c + 1; j++)
                if (i >= 0 && i < b.length && j >= 0 && j < b[0].length && b[i][j] == 'M') k++;
        if (k > 0) { b[r][c] = (char) ('0' + k); return; }
        for (int i = -1; i <= 1; i++)
            for (int j = -1; j <= 1; j++)
                if (i != 0 || j != 0) dfs(b, r + i, c + j);
        b[r][c] = 'B';
    }
}
