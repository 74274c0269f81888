// A click on a mine changes nothing (it should become 'X').
class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        if (board[click[0]][click[1]] == 'M') return board;
        Queue<int[]> queue = new LinkedList<>();
        queue.add(click);
        while (!queue.isEmpty()) {
            int[] cell = queue.remove();
            int i = cell[0], j = cell[1];
            if (board[i][j] != 'E') continue;
            int mines = 0;
            for (int x = Math.max(0, i - 1); x <= Math.min(board.length - 1, i + 1); x++)
                for (int y = Math.max(0, j - 1); y <= Math.min(board[0].length - 1, j + 1); y++)
                    if (board[x][y] == 'M') mines++;
            if (mines > 0) { board[i][j] = (char) ('0' + mines); continue; }
            board[i][j] = 'B';
            for (int x = Math.max(0, i - 1); x <= Math.min(board.length - 1, i + 1); x++)
                for (int y = Math.max(0, j - 1); y <= Math.min(board[0].length - 1, j + 1); y++)
                    if (board[x][y] == 'E') queue.add(new int[]{x, y});
        }
        return board;
    }
}
