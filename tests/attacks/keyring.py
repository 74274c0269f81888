# Attack: the kernel keyrings of the judge's user, which the box's uid maps to. It tries to read its
# user keyring (@u, where keys of the judge's user would be), to add a key there that a later box
# would read back (state across boxes and runs), and to watch files (inotify instances count
# against the judge's user too); then it returns a right board. It prints what each call said.
# Expected: AC, every call refused ("Operation not permitted": the box's seccomp filter), and no
# key with the marker in the judge user's keyring afterwards.
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
SYS_ADD_KEY, SYS_KEYCTL, SYS_INOTIFY_INIT1 = 248, 250, 294   # x86_64
KEY_SPEC_USER_KEYRING, KEYCTL_READ = -4, 11
MARK = b"@@TOKEN@@"


def said(result):
    return "ok" if result >= 0 else os.strerror(ctypes.get_errno())


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        buffer = ctypes.create_string_buffer(4096)
        read = libc.syscall(SYS_KEYCTL, KEYCTL_READ, KEY_SPEC_USER_KEYRING, buffer, 4096)
        added = libc.syscall(SYS_ADD_KEY, b"user", MARK, b"left by a box", 13, KEY_SPEC_USER_KEYRING)
        watch = libc.syscall(SYS_INOTIFY_INIT1, 0)
        print(f"keyctl read: {said(read)}; add_key: {said(added)}; inotify_init1: {said(watch)}")
        r, c = click
        if board[r][c] == "M":
            board[r][c] = "X"
            return board
        rows, cols = len(board), len(board[0])
        todo = [(r, c)]
        while todo:
            r, c = todo.pop()
            if board[r][c] != "E":
                continue
            near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]
            mines = sum(board[y][x] in "MX" for y, x in near)
            board[r][c] = str(mines) if mines else "B"
            if not mines:
                todo += [(y, x) for y, x in near if board[y][x] == "E"]
        return board
