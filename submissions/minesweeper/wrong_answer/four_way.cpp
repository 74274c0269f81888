// Spreads to the 4 orthogonal neighbours only, so diagonal squares stay hidden.
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        int m = board.size(), n = board[0].size();
        if (board[click[0]][click[1]] == 'M') {
            board[click[0]][click[1]] = 'X';
            return board;
        }
        queue<pair<int, int>> q;
        q.push({click[0], click[1]});
        while (!q.empty()) {
            auto [i, j] = q.front();
            q.pop();
            if (board[i][j] != 'E') continue;
            int mines = 0;
            for (int di = -1; di <= 1; di++)
                for (int dj = -1; dj <= 1; dj++) {
                    int x = i + di, y = j + dj;
                    if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M') mines++;
                }
            if (mines) { board[i][j] = '0' + mines; continue; }
            board[i][j] = 'B';
            int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            for (int k = 0; k < 4; k++) {
                int x = i + dx[k], y = j + dy[k];
                if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'E') q.push({x, y});
            }
        }
        return board;
    }
};
