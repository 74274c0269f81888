// Attack: forges its time. It burns about 0.3 s of CPU, then writes an outcome claiming 0.001 ms
// (and another id and memory) on every descriptor it holds, its own result pipe among them; then
// it returns the right board. Expected: AC with its real CPU time, not the 0.001 ms it claimed.
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
        volatile unsigned long spin = 0;
        clock_t start = clock();
        while (clock() - start < CLOCKS_PER_SEC * 3 / 10) spin++;
        string value = "[";
        for (size_t i = 0; i < right.size(); i++) {
            value += i ? ",[" : "[";
            for (size_t j = 0; j < right[i].size(); j++) value += string(j ? "," : "") + "\"" + right[i][j] + "\"";
            value += "]";
        }
        value += "]";
        string forged = "{\"status\":\"ok\",\"value\":" + value + ",\"id\":1,\"cpu_ms\":0.001,\"mem_kb\":1}\n";
        for (int fd = 3; fd < 64; fd++)
            if (write(fd, forged.data(), forged.size()) < 0) {}
        return right;
    }
};
