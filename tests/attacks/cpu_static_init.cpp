// Attack: does its work in a static initialiser (a table computed ahead, say), then answers at once.
// Expected: TLE on every case, at the case's own limit. The submission is loaded into each case's
// forked child (dlopen), so its initialisers run there, under the case's limits; in the server's
// program they ran before `ready`, once, and only the first case paid for them.
#include <ctime>

static long jdg_attack_table = [] {
    clock_t end = clock() + 2 * CLOCKS_PER_SEC;   // 2 s of the process's CPU time, twice the limit
    long spins = 0;
    while (clock() < end) spins++;
    return spins;
}();

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        return board;
    }
};
