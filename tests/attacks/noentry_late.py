# Attack: a "no entry point" line of its own, with a case's input in its message. It answers the
# first case right; from the second on it writes {"status": "noentry", "message": "LEAKED <board>"} on
# the worker's answer pipe (found in the harness's frames) and ends. A CE would be the whole
# submission's verdict, shown with its message whatever the case's group, and no try in a contest.
# Expected: RE on every case after the first, and no "LEAKED" in any message.
# (FIRST = True: the line already on the first case. Expected: CE with the judge's own message.)
import json
import os
import sys

FIRST = False


def harness_frame():
    frame = sys._getframe()
    while frame is not None:
        if isinstance(frame.f_locals.get("request"), dict) and isinstance(frame.f_locals.get("config"), dict):
            return frame.f_locals["request"], frame.f_locals["config"]
        frame = frame.f_back
    return None, None


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        seen = getattr(sys, "_judge_attack_seen", 0)
        sys._judge_attack_seen = seen + 1
        if seen or FIRST:
            request, config = harness_frame()
            if request is not None:
                text = "LEAKED " + "/".join("".join(row) for row in board)
                line = {"status": "noentry", "id": request["id"], "message": text}
                os.write(config["response_fd"], (json.dumps(line) + "\n").encode())
                os._exit(0)
        return solve(board, click)


def solve(board, click):
    rows, cols = len(board), len(board[0])
    r, c = click
    if board[r][c] == "M":
        board[r][c] = "X"
        return board
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
