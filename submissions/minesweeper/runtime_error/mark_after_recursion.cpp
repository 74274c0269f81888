// The common DFS bug: the square is marked only after the recursion, so two neighbours call each
// other for ever. LeetCode: RE (AddressSanitizer: stack-overflow), not MLE: the stack is capped below
// the memory limit.
class Solution {
public:
    void dfs(vector<vector<char>>& b, int r, int c) {
        int m = b.size(), n = b[0].size();
        if (r < 0 || r >= m || c < 0 || c >= n || b[r][c] != 'E') return;
        int k = 0;
        for (int i = r - 1; i <= r + 1; i++)
            for (int j = c - 1; j <= c + 1; j++)
                if (i >= 0 && i < m && j >= 0 && j < n && b[i][j] == 'M') k++;
        if (k) { b[r][c] = '0' + k; return; }
        for (int i = -1; i <= 1; i++)
            for (int j = -1; j <= 1; j++)
                if (i || j) dfs(b, r + i, c + j);   // the square is still 'E': endless recursion
        b[r][c] = 'B';
    }
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        if (board[click[0]][click[1]] == 'M') board[click[0]][click[1]] = 'X';
        else dfs(board, click[0], click[1]);
        return board;
    }
};
