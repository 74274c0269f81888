// Attack: answers every case itself, around the harness (round 27). A static initialiser finds the
// judge's pipes in the config (/proc/self/cmdline), reads each request and writes the right board
// for its id, so the harness's per-case fork is never paid and the leaderboard's speed (which takes
// that cost off every C++ submission) ranked it first; its Solution returns a wrong board.
// Expected: WA on every case, the initialiser saying the request pipe is closed: it runs in each
// case's child, which loads the submission after it closed the judge's pipes.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unistd.h>

static int attack_fd(const string& all, const string& key) {
    size_t at = all.find("\"" + key + "\":");
    return at == string::npos ? -1 : stoi(all.substr(at + key.size() + 3));
}

static string attack_solve(const string& line) {
    // The board's rows, as the request's JSON writes them: [["E","M"],...], then the click [r, c].
    size_t args = line.find("\"args\":");
    vector<vector<char>> board;
    size_t i = line.find("[[", args) + 1;
    while (line[i] == '[') {
        vector<char> row;
        size_t end = line.find(']', i);
        for (size_t j = i; j < end; j++)
            if (line[j] == '"') { row.push_back(line[j + 1]); j += 2; }
        board.push_back(row);
        i = end + 1;
        while (line[i] == ',' || line[i] == ' ') i++;
    }
    i = line.find('[', i);
    int r = stoi(line.substr(i + 1)), c = stoi(line.substr(line.find(',', i) + 1));
    int rows = board.size(), cols = board[0].size();
    if (board[r][c] == 'M') board[r][c] = 'X';
    vector<pair<int, int>> todo;
    if (board[r][c] == 'E') todo.push_back({r, c});
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
    string value = "[";
    for (int y = 0; y < rows; y++) {
        value += y ? ",[" : "[";
        for (int x = 0; x < cols; x++) value += string(x ? "," : "") + "\"" + board[y][x] + "\"";
        value += "]";
    }
    return value + "]";
}

static int attack_served = [] {
    string all;
    {
        ifstream in("/proc/self/cmdline");
        all.assign(istreambuf_iterator<char>(in), istreambuf_iterator<char>());
    }  // closed: its fd number is not taken for the judge's
    int req = attack_fd(all, "request_fd"), resp = attack_fd(all, "response_fd");
    if (req < 0 || resp < 0) return 0;
    string buffer;
    char buf[65536];
    int served = 0;
    while (true) {
        ssize_t n = read(req, buf, sizeof buf);
        if (n < 0) {
            fprintf(stderr, "the request pipe: %s (served %d)\n", strerror(errno), served);
            return served;
        }
        if (n == 0) _exit(0);  // the judge is done: every case was answered here
        buffer.append(buf, n);
        size_t nl;
        while ((nl = buffer.find('\n')) != string::npos) {
            string line = buffer.substr(0, nl);
            buffer.erase(0, nl + 1);
            long long id = stoll(line.substr(line.find("\"id\":") + 5));
            string answer = "{\"id\":" + to_string(id) + ",\"status\":\"ok\",\"value\":" + attack_solve(line) + "}\n";
            if (write(resp, answer.data(), answer.size()) < 0) return served;
            served++;
        }
    }
}();

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        board[0][0] = board[0][0] == 'X' ? 'B' : 'X';  // surely wrong
        return board;
    }
};
