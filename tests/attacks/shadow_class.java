// Attack: a class named like one the Java server uses (FileInputStream, which its main() opens the
// judge's pipe with) does 4 s of work and keeps 150 MiB in its constructor, before the server says
// ready, where nothing is charged to a case; each case then uses what it left. Expected: RE "no
// precompute" on every case: the server, in a package of its own, never sees the submission's classes.
class FileInputStream extends java.io.FileInputStream {
    static long work;
    static byte[] stash;
    FileInputStream(String name) throws java.io.FileNotFoundException {
        super(name);
        long t0 = System.nanoTime();
        long x = 1;
        // ~4 s of CPU before `ready`
        while (System.nanoTime() - t0 < 4_000_000_000L) {
            for (int i = 0; i < 1_000_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        }
        work = x;
        stash = new byte[150 << 20];
        for (int i = 0; i < stash.length; i += 4096) stash[i] = 1;
    }
}
public class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        if (FileInputStream.work == 0 || FileInputStream.stash == null) throw new RuntimeException("no precompute");
        long s = 0;
        for (int i = 0; i < FileInputStream.stash.length; i += 4096) s += FileInputStream.stash[i];
        if (s != (150 << 20) / 4096) throw new RuntimeException("stash " + s);
        int m = board.length, n = board[0].length;
        int r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
        Deque<int[]> queue = new ArrayDeque<>();
        boolean[][] seen = new boolean[m][n];
        queue.offer(new int[]{r, c});
        seen[r][c] = true;
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            int i = cell[0], j = cell[1];
            List<int[]> next = new ArrayList<>();
            int mines = 0;
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x < 0 || x >= m || y < 0 || y >= n || (di == 0 && dj == 0)) continue;
                if (board[x][y] == 'M') mines++;
                else if (board[x][y] == 'E' && !seen[x][y]) next.add(new int[]{x, y});
            }
            if (mines > 0) { board[i][j] = (char) ('0' + mines); continue; }
            board[i][j] = 'B';
            for (int[] p : next) { seen[p[0]][p[1]] = true; queue.offer(p); }
        }
        return board;
    }
}
