# Attack (red-team round 8): parks 280 MiB in loopback TCP socket buffers, which a v1 memory cgroup does
# not charge to the box, then answers correctly (limit 256 MiB): was AC at 6 MiB. Expected: RE, the
# socket refused ("Address family not supported"): a box makes no socket but AF_UNIX.
import socket, hashlib, os

STASH_MB = 280

def stash_and_check():
    srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(200)
    pairs, total, want = [], 0, STASH_MB << 20
    block = os.urandom(1 << 16)
    h_in = hashlib.sha256()
    while total < want and len(pairs) < 110:
        c = socket.socket()
        c.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 << 20)
        c.connect(srv.getsockname()); a, _ = srv.accept()
        a.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 << 20)
        c.setblocking(False)
        sent = 0
        while total < want:
            try:
                n = c.send(block)
            except BlockingIOError:
                break
            h_in.update(block[:n]); sent += n; total += n
            if n < len(block):
                block = block[n:] + block[:n]
        pairs.append((c, a, sent))
    h_out, back = hashlib.sha256(), 0
    for c, a, sent in pairs:
        got = 0
        a.setblocking(True)
        while got < sent:
            d = a.recv(1 << 20); h_out.update(d); got += len(d)
        back += got; c.close(); a.close()
    srv.close()
    return total, back, h_in.digest() == h_out.digest()

class Solution:
    def updateBoard(self, board, click):
        total, back, ok = stash_and_check()
        assert ok and back == total and total >= (STASH_MB << 20) * 9 // 10, (total, back, ok)
        r, c = click
        if board[r][c] == 'M':
            board[r][c] = 'X'; return board
        R, C = len(board), len(board[0])
        st = [(r, c)]
        while st:
            i, j = st.pop()
            if board[i][j] != 'E': continue
            n = 0
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    x, y = i + di, j + dj
                    if 0 <= x < R and 0 <= y < C and board[x][y] in 'MX': n += 1
            if n: board[i][j] = str(n); continue
            board[i][j] = 'B'
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    x, y = i + di, j + dj
                    if 0 <= x < R and 0 <= y < C and board[x][y] == 'E': st.append((x, y))
        return board
