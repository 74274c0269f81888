// Attack: a static initialiser writes its own first line, {"status": "compile_error", "message":
// "LEAKED ..."}, on the judge's channel (its number is in the server's config, in /proc/self/cmdline),
// hoping to be read before the server's own `ready`. A CE would be the whole submission's verdict, its
// message shown whatever the case's group, and no try in a contest; the text could be what an earlier
// box left where this one can find it. Expected: WA on every case (it returns the board unchanged), and
// no "LEAKED" anywhere: the initialiser runs in each case's child, which loads the submission after it
// closed the judge's pipes (until round 28 it ran in the server before `ready`: RE, by the rule that
// start_compile_error.go still meets).
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

static int jdg_attack_said = [] {
    std::ifstream in("/proc/self/cmdline");
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t at = all.find("\"response_fd\":");
    if (at == std::string::npos) return 0;
    int fd = std::stoi(all.substr(at + 14));
    std::string line = "{\"status\":\"compile_error\",\"message\":\"LEAKED secret case\"}\n";
    return (int) write(fd, line.data(), line.size());
}();

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        return board;
    }
};
