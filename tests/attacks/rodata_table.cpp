#include <sys/mman.h>
// Red-team round 26. Hostile: a 60 MiB table in the program's own read-only data (asm .fill: the assembler writes it,
// the compiler does no work). Its pages are the page cache of the program file the judge copied into
// the box's folder, charged to the judge, not to the box. Every case reads all of it, beside 200 MiB of heap.
// It got AC, 237 MiB counted against 256. Expected: MLE (about 295 MiB in use).
asm(".section .rodata\n.globl jx_table\n.balign 4096\njx_table:\n.fill 62914560, 1, 0x5a\n.previous\n");
extern "C" const unsigned char jx_table[];
class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        size_t heap = 200u << 20;
        char* p = (char*)mmap(nullptr, heap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) memset(p, 7, heap);
        unsigned long long sum = 0;
        for (size_t i = 0; i < 62914560; i += 64) sum += jx_table[i];
        fprintf(stderr, "table sum %llu (expected %llu), heap %d MiB\n", sum, 983040ull * 0x5a, p != MAP_FAILED ? 200 : 0);
        // the honest answer
        int m = board.size(), n = board[0].size();
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
        queue<pair<int, int>> q; q.push({r, c});
        vector<vector<bool>> seen(m, vector<bool>(n, false)); seen[r][c] = true;
        while (!q.empty()) {
            auto [i, j] = q.front(); q.pop();
            int mines = 0;
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M') mines++;
            }
            if (mines > 0) { board[i][j] = '0' + mines; continue; }
            board[i][j] = 'B';
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < m && y >= 0 && y < n && !seen[x][y] && board[x][y] == 'E') { seen[x][y] = true; q.push({x, y}); }
            }
        }
        return board;
    }
};
