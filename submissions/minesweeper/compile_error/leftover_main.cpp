// Compile error: a local test's main() left in; LeetCode's driver defines main() in the same file (redefinition).
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        return board;
    }
};
int main() {
    Solution s;
    vector<vector<char>> b{{'E'}};
    vector<int> c{0, 0};
    s.updateBoard(b, c);
    return 0;
}
