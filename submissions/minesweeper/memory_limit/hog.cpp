// Keeps every board copy it makes: far beyond the memory limit.
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        vector<vector<char>*> kept;
        while (true) {
            auto* block = new vector<char>(1 << 20, 'E');
            kept.push_back(block);
        }
        return board;
    }
};
