// Attack: quotes a file of the judge's machine in its compile error with an `#include` of its
// absolute path (the test writes the path in: a secret case file, a file in the home). Expected:
// CE "no such file", and none of that file's lines anywhere in the report.
#include "@@TARGET@@"

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        return board;
    }
};
