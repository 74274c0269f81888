// Attack: throws an exception whose what() returns a null pointer (a what() that throws is not
// possible: it is noexcept, so it would end in std::terminate). Building a string from it inside
// the server's handler used to abort the child. Expected: RE naming the exception's type.
struct Trap : std::exception {
    const char* what() const noexcept override { return nullptr; }
};
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        throw Trap();
    }
};
