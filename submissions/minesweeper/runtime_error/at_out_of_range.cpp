// Looks one row past the board with .at(), which throws std::out_of_range.
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        int r = click[0], c = click[1];
        char below = board.at(r + board.size()).at(c);
        if (below == 'M') board[r][c] = 'X';
        return board;
    }
};
