class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        int r = click[0], c = click[1]
        if (board[r][c] == 'M') board[r][c] = 'X';
        return board;
    }
};
