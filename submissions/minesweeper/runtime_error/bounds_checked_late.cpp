// Checks the column bounds after reading board[x][y], so it reads board[x][-1] and board[x][n]: the
// right board by luck without a sanitizer, a heap-buffer-overflow (RE) under LeetCode's AddressSanitizer.
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        int m = board.size(), n = board[0].size(), r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
        vector<pair<int, int>> st{{r, c}};
        while (!st.empty()) {
            auto [i, j] = st.back(); st.pop_back();
            if (board[i][j] != 'E') continue;
            int k = 0;
            for (int x = i - 1; x <= i + 1; x++) {
                if (x < 0 || x >= m) continue;
                for (int y = j - 1; y <= j + 1; y++)
                    if (board[x][y] == 'M' && y >= 0 && y < n) k++;
            }
            if (k) { board[i][j] = '0' + k; continue; }
            board[i][j] = 'B';
            for (int x = i - 1; x <= i + 1; x++) {
                if (x < 0 || x >= m) continue;
                for (int y = j - 1; y <= j + 1; y++)
                    if (board[x][y] == 'E' && y >= 0 && y < n) st.push_back({x, y});
            }
        }
        return board;
    }
};
