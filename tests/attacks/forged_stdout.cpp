// Attack: prints forged protocol lines (the right board, a tiny CPU time, a key twice) on stdout and
// stderr, then returns a wrong board. stdout is not the channel. Expected: WA, its own board judged.
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        for (int id = 1; id <= 3; id++) {
            string line = "{\"id\":" + to_string(id) + ",\"status\":\"ok\",\"value\":[[\"B\"]],\"cpu_ms\":0.001,\"cpu_ms\":0.001}";
            cout << line << endl;
            cerr << line << endl;
        }
        board[0][0] = board[0][0] == 'X' ? 'B' : 'X';  // surely wrong
        return board;
    }
};
