// Attack: does its work in a static initialiser, before the server says it is ready (a table
// computed ahead, say), then answers at once. Expected: TLE, because a runtime that runs
// submission code before ready has its start charged to its first case.
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
