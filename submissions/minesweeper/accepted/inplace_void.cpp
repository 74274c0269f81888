// Changes the board in place and returns nothing (void): judged on the board, as the signature names it `inplace`.
class Solution {
    int dirs[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
    void reveal(vector<vector<char>>& board, int r, int c) {
        int m = board.size(), n = board[0].size();
        if (r < 0 || r >= m || c < 0 || c >= n || board[r][c] != 'E') return;
        int mines = 0;
        for (auto& d : dirs) {
            int x = r + d[0], y = c + d[1];
            if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M') mines++;
        }
        if (mines) { board[r][c] = '0' + mines; return; }
        board[r][c] = 'B';
        for (auto& d : dirs) reveal(board, r + d[0], c + d[1]);
    }
public:
    void updateBoard(vector<vector<char>>& board, vector<int>& click) {
        if (board[click[0]][click[1]] == 'M') board[click[0]][click[1]] = 'X';
        else reveal(board, click[0], click[1]);
    }
};
