// Attack: prints forged protocol lines (a key twice) on stdout and stderr, then returns a wrong
// board. stdout is not the channel. Expected: WA, judged on its own board.
class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        for (int id = 1; id <= 3; id++) {
            String line = "{\"id\":" + id + ",\"status\":\"ok\",\"value\":[[\"B\"]],\"cpu_ms\":0.001,\"cpu_ms\":0.001}";
            System.out.println(line);
            System.err.println(line);
        }
        board[0][0] = board[0][0] == 'X' ? 'B' : 'X';
        return board;
    }
}
