// Attack: a program of hundreds of MiB (a static array initialised non-zero lives in the file;
// the test writes the size in). Expected: CE "the compiled program is larger than 64 MiB", and
// nothing big left in the compile cache.
char jdg_table[(@@MIB@@ll) << 20] = {1};

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        board[0][0] = jdg_table[0] ? board[0][0] : jdg_table[1];
        return board;
    }
};
