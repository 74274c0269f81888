// Attack (red-team round 8): tcp_stash.py in Java (NIO). Expected: RE, SocketException "Address family
// not supported".
class Solution {
    static long stash(long want) throws Exception {
        java.nio.channels.ServerSocketChannel srv = java.nio.channels.ServerSocketChannel.open();
        srv.setOption(java.net.StandardSocketOptions.SO_RCVBUF, 64 << 20);
        srv.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 200);
        List<java.nio.channels.SocketChannel[]> pairs = new ArrayList<>();
        List<Long> sents = new ArrayList<>();
        java.nio.ByteBuffer block = java.nio.ByteBuffer.allocateDirect(1 << 16);
        long total = 0;
        while (total < want && pairs.size() < 100) {
            java.nio.channels.SocketChannel c = java.nio.channels.SocketChannel.open();
            c.setOption(java.net.StandardSocketOptions.SO_SNDBUF, 64 << 20);
            c.connect(srv.getLocalAddress());
            java.nio.channels.SocketChannel s = srv.accept();
            c.configureBlocking(false);
            long sent = 0;
            while (total < want) {
                block.clear();
                int n = c.write(block);
                if (n <= 0) break;
                sent += n; total += n;
            }
            pairs.add(new java.nio.channels.SocketChannel[]{c, s});
            sents.add(sent);
        }
        long back = 0;
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect(1 << 20);
        for (int i = 0; i < pairs.size(); i++) {
            long got = 0;
            java.nio.channels.SocketChannel s = pairs.get(i)[1];
            while (got < sents.get(i)) { buf.clear(); int n = s.read(buf); if (n <= 0) break; got += n; }
            back += got; pairs.get(i)[0].close(); s.close();
        }
        srv.close();
        return back == total ? total : -1;
    }
    public char[][] updateBoard(char[][] board, int[] click) throws Exception {
        long k = stash(280L << 20);
        if (k < (250L << 20)) throw new RuntimeException("stash " + k);
        int R = board.length, C = board[0].length, r = click[0], c = click[1];
        if (board[r][c] == 'M') { board[r][c] = 'X'; return board; }
        ArrayDeque<int[]> st = new ArrayDeque<>(); st.push(new int[]{r, c});
        while (!st.isEmpty()) {
            int[] p = st.pop(); int i = p[0], j = p[1];
            if (board[i][j] != 'E') continue;
            int n = 0;
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < R && y >= 0 && y < C && (board[x][y] == 'M' || board[x][y] == 'X')) n++;
            }
            if (n > 0) { board[i][j] = (char) ('0' + n); continue; }
            board[i][j] = 'B';
            for (int di = -1; di <= 1; di++) for (int dj = -1; dj <= 1; dj++) {
                int x = i + di, y = j + dj;
                if (x >= 0 && x < R && y >= 0 && y < C && board[x][y] == 'E') st.push(new int[]{x, y});
            }
        }
        return board;
    }
}
