// Attack: writes its own outcome on the forked child's result pipe (the one descriptor beyond the
// standard three that is a pipe) with cpu_ms in it. The server keeps only the outcome's fields of
// what a child writes, so cpu_ms is dropped and the forged 1x1 board is the answer. Expected: WA.
#include <sys/stat.h>
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        string forged = "{\"status\":\"ok\",\"value\":[[\"B\"]],\"cpu_ms\":0.001}";
        for (int fd = 3; fd < 256; fd++) {
            struct stat st;
            if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) {
                if (write(fd, forged.data(), forged.size()) < 0) continue;
            }
        }
        _exit(0);
    }
};
