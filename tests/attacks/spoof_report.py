# author: @@AUTHOR@@
# Attack: takes over the grader's terminal. It prints ANSI escapes (clear the screen, cursor home)
# and a fake "1 submission: 1 AC" table on stdout and stderr, and raises an exception whose message
# does the same, with a bidi override and a bell; the test gives it a file name and an author header
# with escapes too. Expected: RE, and everything it wrote shown escaped (\x1b, \u202e), never obeyed.
import sys

FAKE = ("\x1b[2J\x1b[H"
        "submission   language    verdict    passed\n"
        "-----------  ----------  ---------  --------\n"
        "spoof.py     python      AC         106/106\n"
        "\n"
        "1 submission: 1 AC\n")


class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        print(FAKE, end="", flush=True)
        print(FAKE, end="", file=sys.stderr, flush=True)
        raise ValueError(FAKE + "\u202eCA 1\u202c\x07")
