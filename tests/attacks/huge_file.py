# Attack: writes a 1 GiB file. Expected: stopped by the file-size limit (RE: "File too large").
import os


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        chunk = b"\0" * (1 << 20)
        with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "huge.bin"), "wb") as f:
            for _ in range(1024):
                f.write(chunk)
        return board
