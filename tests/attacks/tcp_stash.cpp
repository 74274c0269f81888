// Attack (red-team round 8): tcp_stash.py in C++. Expected: RE, the socket refused (EAFNOSUPPORT).
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>
#include <fcntl.h>
#include <cerrno>
#include <cstring>
static long long stash(long long want) {
    int srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) throw std::runtime_error(std::string("socket: ") + strerror(errno));
    sockaddr_in a{}; a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); a.sin_port = 0;
    bind(srv, (sockaddr*)&a, sizeof a); listen(srv, 200);
    socklen_t l = sizeof a; getsockname(srv, (sockaddr*)&a, &l);
    static char block[1 << 16];
    for (int i = 0; i < (int)sizeof block; i++) block[i] = (char)(i * 131 + 7);
    std::vector<std::array<long long, 3>> pairs;
    long long total = 0;
    while (total < want && pairs.size() < 110) {
        int c = socket(AF_INET, SOCK_STREAM, 0);
        int big = 64 << 20;
        setsockopt(c, SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
        if (connect(c, (sockaddr*)&a, sizeof a) != 0) break;
        int s = accept(srv, nullptr, nullptr);
        setsockopt(s, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
        fcntl(c, F_SETFL, O_NONBLOCK);
        long long sent = 0;
        while (total < want) {
            ssize_t n = send(c, block, sizeof block, 0);
            if (n <= 0) break;
            sent += n; total += n;
        }
        pairs.push_back({c, s, sent});
    }
    long long back = 0;
    static char buf[1 << 20];
    for (auto& p : pairs) {
        long long got = 0;
        while (got < p[2]) { ssize_t n = recv((int)p[1], buf, sizeof buf, 0); if (n <= 0) break; got += n; }
        back += got; close((int)p[0]); close((int)p[1]);
    }
    close(srv);
    return back == total ? total : -1;
}
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        long long kept = stash(280LL << 20);
        if (kept < (250LL << 20)) throw std::runtime_error("stash failed: " + std::to_string(kept));
        int R = board.size(), C = board[0].size(), r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
        vector<pair<int,int>> st{{r, c}};
        while (!st.empty()) {
            auto [i, j] = st.back(); st.pop_back();
            if (board[i][j] != 'E') continue;
            int n = 0;
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < R && y >= 0 && y < C && (board[x][y] == 'M' || board[x][y] == 'X')) n++;
            }
            if (n) { board[i][j] = '0' + n; continue; }
            board[i][j] = 'B';
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < R && y >= 0 && y < C && board[x][y] == 'E') st.push_back({x, y});
            }
        }
        return board;
    }
};
