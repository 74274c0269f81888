class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        int m = board.size(), n = board[0].size();
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') {
            board[r][c] = 'X';
            return board;
        }
        queue<pair<int, int>> q;
        q.push({r, c});
        vector<vector<bool>> seen(m, vector<bool>(n, false));
        seen[r][c] = true;
        while (!q.empty()) {
            auto [i, j] = q.front();
            q.pop();
            int mines = 0;
            for (int di = -1; di <= 1; di++)
                for (int dj = -1; dj <= 1; dj++) {
                    int x = i + di, y = j + dj;
                    if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M') mines++;
                }
            if (mines > 0) {
                board[i][j] = '0' + mines;
                continue;
            }
            board[i][j] = 'B';
            for (int di = -1; di <= 1; di++)
                for (int dj = -1; dj <= 1; dj++) {
                    int x = i + di, y = j + dj;
                    if (x >= 0 && x < m && y >= 0 && y < n && !seen[x][y] && board[x][y] == 'E') {
                        seen[x][y] = true;
                        q.push({x, y});
                    }
                }
        }
        return board;
    }
};
