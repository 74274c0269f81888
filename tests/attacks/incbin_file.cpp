// Attack: copies a file of the judge's machine into the program when it is assembled (`.incbin`
// of its absolute path, which the test writes in), then prints it while answering. Expected: CE,
// the assembler finds no such file; without a box the file's lines are in the report.
asm(".section .rodata\n"
    ".global jdg_leak\n"
    "jdg_leak:\n"
    ".incbin \"@@TARGET@@\"\n"
    ".byte 0\n"
    ".text\n");
extern "C" const char jdg_leak[];

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        fputs(jdg_leak, stdout);
        fflush(stdout);
        return board;
    }
};
