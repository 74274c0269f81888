"""Input validator for Minesweeper (LeetCode 529).

check(args) -> list of human-readable problems; empty when the input is valid.
Never raises, whatever the type of the input.
"""

MAX_SIZE = 50
MAX_MESSAGES = 20
BOARD_CHARS = set("MEB12345678")
_DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _short(value, limit=40):
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - broken __repr__
        text = "<%s>" % type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _bounded(problems):
    if len(problems) <= MAX_MESSAGES:
        return problems
    return problems[:MAX_MESSAGES] + ["... and %d more" % (len(problems) - MAX_MESSAGES)]


def _check_shape(board):
    """Return (problems, fatal). fatal means square-level checks cannot run."""
    if board is None:
        return ["board is missing"], True
    if not isinstance(board, list):
        return ["board must be a list of rows, got %s %s" % (type(board).__name__, _short(board))], True
    if not board:
        return ["board has no rows (expected 1..%d rows)" % MAX_SIZE], True
    problems = []
    fatal = False
    m = len(board)
    if m > MAX_SIZE:
        problems.append("board has %d rows, at most %d allowed" % (m, MAX_SIZE))
        fatal = True  # too big: do not spend time on square-level checks
    bad_rows = False
    for i, row in enumerate(board[: MAX_SIZE + 1]):
        if not isinstance(row, list):
            problems.append("row %d must be a list of squares, got %s %s" % (i, type(row).__name__, _short(row)))
            bad_rows = True
    if bad_rows:
        return problems, True
    n = len(board[0])
    if n == 0:
        problems.append("row 0 has no squares (expected 1..%d columns)" % MAX_SIZE)
        return problems, True
    if n > MAX_SIZE:
        problems.append("board has %d columns, at most %d allowed" % (n, MAX_SIZE))
        fatal = True
    for i, row in enumerate(board[: MAX_SIZE + 1]):
        if len(row) != n:
            problems.append("row %d has %d squares, expected %d" % (i, len(row), n))
            fatal = True
    return problems, fatal


def _check_squares(board):
    problems = []
    ok = True
    for i, row in enumerate(board):
        for j, ch in enumerate(row):
            if not isinstance(ch, str) or len(ch) != 1:
                problems.append("(%d,%d): %s is not a one-character string" % (i, j, _short(ch)))
                ok = False
            elif ch == "X":
                problems.append("(%d,%d): 'X' (a revealed mine) cannot be on the board before the click" % (i, j))
                ok = False
            elif ch not in BOARD_CHARS:
                problems.append("(%d,%d): %r is not a board character" % (i, j, ch))
                ok = False
    return problems, ok


def _neighbours(m, n, i, j):
    for di, dj in _DIRS:
        a, b = i + di, j + dj
        if 0 <= a < m and 0 <= b < n:
            yield a, b


def _check_consistency(board):
    problems = []
    m, n = len(board), len(board[0])
    for i in range(m):
        for j in range(n):
            ch = board[i][j]
            if ch in "12345678":
                mines = sum(1 for a, b in _neighbours(m, n, i, j) if board[a][b] == "M")
                if mines != int(ch):
                    problems.append("(%d,%d): '%s' but %d mine%s around it"
                                    % (i, j, ch, mines, "" if mines == 1 else "s"))
            elif ch == "B":
                for a, b in _neighbours(m, n, i, j):
                    if board[a][b] == "M":
                        problems.append("(%d,%d): 'B' next to a mine at (%d,%d)" % (i, j, a, b))
                    elif board[a][b] == "E":
                        problems.append("(%d,%d): 'B' next to a hidden 'E' at (%d,%d)" % (i, j, a, b))
    return problems


def _check_click(click, board, board_ok):
    if click is None:
        return ["click is missing"]
    if not isinstance(click, (list, tuple)):
        return ["click must be a list [row, col], got %s %s" % (type(click).__name__, _short(click))]
    if len(click) != 2:
        return ["click must have 2 numbers [row, col], got %d: %s" % (len(click), _short(click))]
    if not all(_is_int(v) for v in click):
        return ["click must be two integers [row, col], got %s" % _short(click)]
    if not board_ok:
        return []
    r, c = click
    m, n = len(board), len(board[0])
    if not (0 <= r < m and 0 <= c < n):
        return ["click (%d,%d) is outside the %dx%d board" % (r, c, m, n)]
    ch = board[r][c]
    if ch not in ("M", "E"):
        return ["click (%d,%d) is on an already revealed square %r" % (r, c, ch)]
    return []


def check(args):
    """Return a list of problems with the test input; empty when it is valid."""
    try:
        return _bounded(_check(args))
    except Exception as exc:  # never raise: report instead
        return ["validator could not check the input: %s: %s" % (type(exc).__name__, _short(str(exc), 80))]


def _check(args):
    if not isinstance(args, dict):
        return ["input must be a mapping with 'board' and 'click', got %s %s" % (type(args).__name__, _short(args))]
    problems = []
    board = args.get("board")
    click = args.get("click")
    shape_problems, fatal = _check_shape(board)
    problems.extend(shape_problems)
    board_ok = not fatal
    if board_ok:
        square_problems, squares_ok = _check_squares(board)
        problems.extend(square_problems)
        board_ok = squares_ok
    problems.extend(_check_click(click, board, board_ok))
    if board_ok:
        problems.extend(_check_consistency(board))
    return problems
