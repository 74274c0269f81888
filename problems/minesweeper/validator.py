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
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _bounded(problems):
    if len(problems) <= MAX_MESSAGES:
        return problems
    return problems[:MAX_MESSAGES] + [f"... and {len(problems) - MAX_MESSAGES} more"]


def _check_shape(board):
    """Return (problems, fatal). fatal means square-level checks cannot run."""
    if board is None:
        return ["board is missing"], True
    if not isinstance(board, list):
        return [f"board must be a list of rows, got {type(board).__name__} {_short(board)}"], True
    if not board:
        return [f"board has no rows (expected 1..{MAX_SIZE} rows)"], True
    problems = []
    fatal = False
    m = len(board)
    if m > MAX_SIZE:
        problems.append(f"board has {m} rows, at most {MAX_SIZE} allowed")
        fatal = True  # too big: do not spend time on square-level checks
    bad_rows = False
    for i, row in enumerate(board[: MAX_SIZE + 1]):
        if not isinstance(row, list):
            problems.append(f"row {i} must be a list of squares, got {type(row).__name__} {_short(row)}")
            bad_rows = True
    if bad_rows:
        return problems, True
    n = len(board[0])
    if n == 0:
        problems.append(f"row 0 has no squares (expected 1..{MAX_SIZE} columns)")
        return problems, True
    if n > MAX_SIZE:
        problems.append(f"board has {n} columns, at most {MAX_SIZE} allowed")
        fatal = True
    for i, row in enumerate(board[: MAX_SIZE + 1]):
        if len(row) != n:
            problems.append(f"row {i} has {len(row)} squares, expected {n}")
            fatal = True
    return problems, fatal


def _check_squares(board):
    problems = []
    ok = True
    for i, row in enumerate(board):
        for j, ch in enumerate(row):
            if not isinstance(ch, str) or len(ch) != 1:
                problems.append(f"({i},{j}): {_short(ch)} is not a one-character string")
                ok = False
            elif ch == "X":
                problems.append(f"({i},{j}): 'X' (a revealed mine) cannot be on the board before the click")
                ok = False
            elif ch not in BOARD_CHARS:
                problems.append(f"({i},{j}): {ch!r} is not a board character")
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
                    problems.append(f"({i},{j}): '{ch}' but {mines} mine{'' if mines == 1 else 's'} around it")
            elif ch == "B":
                for a, b in _neighbours(m, n, i, j):
                    if board[a][b] == "M":
                        problems.append(f"({i},{j}): 'B' next to a mine at ({a},{b})")
                    elif board[a][b] == "E":
                        problems.append(f"({i},{j}): 'B' next to a hidden 'E' at ({a},{b})")
    return problems


def _check_click(click, board, board_ok):
    if click is None:
        return ["click is missing"]
    if not isinstance(click, (list, tuple)):
        return [f"click must be a list [row, col], got {type(click).__name__} {_short(click)}"]
    if len(click) != 2:
        return [f"click must have 2 numbers [row, col], got {len(click)}: {_short(click)}"]
    if not all(_is_int(v) for v in click):
        return [f"click must be two integers [row, col], got {_short(click)}"]
    if not board_ok:
        return []
    r, c = click
    m, n = len(board), len(board[0])
    if not (0 <= r < m and 0 <= c < n):
        return [f"click ({r},{c}) is outside the {m}x{n} board"]
    ch = board[r][c]
    if ch not in ("M", "E"):
        return [f"click ({r},{c}) is on an already revealed square {ch!r}"]
    return []


def check(args):
    """Return a list of problems with the test input; empty when it is valid."""
    try:
        return _bounded(_check(args))
    except Exception as exc:  # never raise: report instead
        return [f"validator could not check the input: {type(exc).__name__}: {_short(str(exc), 80)}"]


def _check(args):
    if not isinstance(args, dict):
        return [f"input must be a mapping with 'board' and 'click', got {type(args).__name__} {_short(args)}"]
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
