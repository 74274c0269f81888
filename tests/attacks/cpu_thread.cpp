// Attack: a function in .init_array (given argv) rewrites the harness's config in argv to a 9 s CPU
// limit, and the work runs on a helper thread while the calling thread waits in join(). Expected:
// TLE, with the box's CPU time (read by the judge from outside) at the limit. (Until round 28 the
// function ran before the server's main, which then read the rewritten config; now the submission
// is loaded in each case's child, after the server has read it, and the child's own limit holds.)
#include <pthread.h>
#include <cstring>
#include <ctime>

static void jdg_attack_rewrite(int argc, char** argv, char**) {
    if (argc < 2) return;
    char* at = strstr(argv[1], "\"cpu_limit\":");
    if (at) at[strlen("\"cpu_limit\":")] = '9';
}
__attribute__((section(".init_array"), used)) static void (*jdg_attack_hook)(int, char**, char**) = jdg_attack_rewrite;

static double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void* burn(void*) {
    double end = thread_cpu_seconds() + 2.0;   // twice the limit
    volatile long spins = 0;
    while (thread_cpu_seconds() < end) spins = spins + 1;
    return nullptr;
}

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 1 << 20);   // the default, the box's 512 MiB stack, is over RLIMIT_AS
        pthread_t helper;
        if (pthread_create(&helper, &attr, burn, nullptr) != 0) throw runtime_error("no thread");
        pthread_join(helper, nullptr);
        return board;
    }
};
