public class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        int m = board.length, n = board[0].length;
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') {
            board[r][c] = 'X';
            return board;
        }
        Deque<int[]> queue = new ArrayDeque<>();
        boolean[][] seen = new boolean[m][n];
        queue.offer(new int[]{r, c});
        seen[r][c] = true;
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            int i = cell[0], j = cell[1];
            List<int[]> next = new ArrayList<>();
            int mines = 0;
            for (int di = -1; di <= 1; di++) {
                for (int dj = -1; dj <= 1; dj++) {
                    int x = i + di, y = j + dj;
                    if (x < 0 || x >= m || y < 0 || y >= n || (di == 0 && dj == 0)) continue;
                    if (board[x][y] == 'M') mines++;
                    else if (board[x][y] == 'E' && !seen[x][y]) next.add(new int[]{x, y});
                }
            }
            if (mines > 0) {
                board[i][j] = (char) ('0' + mines);
                continue;
            }
            board[i][j] = 'B';
            for (int[] p : next) {
                seen[p[0]][p[1]] = true;
                queue.offer(p);
            }
        }
        return board;
    }
}
