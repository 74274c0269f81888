// Follows a null pointer: UndefinedBehaviorSanitizer stops it (LeetCode's build); SIGSEGV without it.
struct Cell { int mines; };

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        Cell* cell = board.size() > 1000 ? new Cell{0} : nullptr;  // never allocated for a real board
        board[click[0]][click[1]] = '0' + cell->mines;
        return board;
    }
};
