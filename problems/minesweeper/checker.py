"""Output checker for Minesweeper (LeetCode 529).

compare(expected, got, args) -> (ok, explanations)

expected: the right board after the click (list of lists of 1-char strings).
got: whatever the submission returned, decoded from JSON (may be anything).
args: {"board": board before the click, "click": [row, col]}; used to explain mistakes.
Never raises.
"""

#: It accepts exactly the board equal to the expected one: `judge compare` may group answers by their hash.
exact = True
MAX_EXPLAINED = 20
OUTPUT_CHARS = set("MEBX12345678")
_DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _short(value, limit=40):
    try:
        text = repr(value)
    except Exception:  # pragma: no cover
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _character(c):
    """A one-character string as its quoted self, or, when not ASCII, by its code point and name: a Cyrillic
    'В' reads as a 'B', and a combining accent joins the quote before it (round 29)."""
    if c.isascii():
        return repr(c)
    import unicodedata

    name = unicodedata.name(c, "")
    return f"{ascii(c)} (U+{ord(c):04X}{' ' + name if name else ''})"


def _describe(value):
    """'None', 'an integer 5', "a string 'ab'" ..."""
    if value is None:
        return "None"
    return f"{_type_name(value)} {_short(value)}"


def _type_name(value):
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def compare(expected, got, args=None):
    try:
        return _compare(expected, got, args)
    except Exception as exc:  # never raise
        if got == expected:  # pragma: no cover - defensive
            return True, []
        return False, [f"checker could not explain the difference ({type(exc).__name__}: {_short(str(exc), 80)})"]


def _mines_around(board, i, j):
    """Mines around (i, j) on the board before the click, or None if unknown."""
    try:
        m, n = len(board), len(board[0])
        k = 0
        for di, dj in _DIRS:
            a, b = i + di, j + dj
            if 0 <= a < m and 0 <= b < n and board[a][b] in ("M", "X"):
                k += 1
        return k
    except Exception:
        return None


def _plural(k):
    return f"{k} mine{'' if k == 1 else 's'}"


def _expected_reason(exp, i, j, before, click):
    """Describe what (i, j) should be and why."""
    clicked = click is not None and (i, j) == click
    before_ch = None
    try:
        before_ch = before[i][j]
    except Exception:
        pass
    if exp == "X":
        return "expected 'X' (the clicked mine)"
    if exp == "M":
        return "should still be a hidden mine 'M'"
    if exp == "E":
        return "should still be hidden 'E'"
    if exp == "B":
        if before_ch == "B":
            return "expected 'B' (already revealed before the click)"
        if clicked:
            return "expected 'B' (the clicked square, no mine around it)"
        return "expected 'B' (no mine around it, revealed)"
    if exp in "12345678":
        k = int(exp)
        if before_ch == exp:
            return f"expected '{exp}' (already revealed before the click)"
        if clicked:
            return f"expected '{exp}' (the clicked square, {_plural(k)} around it)"
        return f"expected '{exp}' ({_plural(k)} around it)"
    return f"expected {exp!r}"


def _got_note(got_ch, i, j, before):
    """Extra words about a wrong value when it is itself wrong in an obvious way."""
    if not isinstance(got_ch, str):
        return f"got {_describe(got_ch)}, not a one-character string"
    if len(got_ch) != 1:
        return f"got {_short(got_ch)}, not a one-character string"
    if got_ch not in OUTPUT_CHARS:
        return None  # reported separately as not a board character
    if got_ch in "12345678":
        k = _mines_around(before, i, j)
        if k is not None and k != int(got_ch):
            return f"got '{got_ch}' but it has {_plural(k)} around it"
    return f"got {got_ch!r}"


def _normalise_click(click):
    try:
        r, c = click
        if isinstance(r, int) and isinstance(c, int):
            return (r, c)
    except Exception:
        pass
    return None


def _compare(expected, got, args):
    args = args if isinstance(args, dict) else {}
    before = args.get("board")
    click = _normalise_click(args.get("click"))
    exp = [list(row) for row in expected]
    m = len(exp)
    n = len(exp[0]) if m else 0

    if got == exp:
        return True, []
    if got is None:
        return False, ["got None: the board was not returned"]
    if isinstance(got, str):
        return False, [f"got a string {_short(got)}, expected a {m}x{n} board (a list of rows)"]
    if not isinstance(got, list):
        return False, [f"got {_describe(got)}, expected a {m}x{n} board (a list of rows)"]
    if not got:
        return False, [f"got an empty list, expected a {m}x{n} board"]

    notes = []
    rows = []
    string_rows = 0
    bad_rows = []
    for i, row in enumerate(got):
        if isinstance(row, str):
            string_rows += 1
            rows.append(list(row))
        elif isinstance(row, list):
            rows.append(row)
        else:
            bad_rows.append(f"row {i}: got {_describe(row)}, expected a list of {n} squares")
            rows.append(None)
    if string_rows:
        if string_rows == len(got):
            notes.append("rows were returned as strings, expected lists of one-character strings")
        else:
            notes.append(f"{string_rows} row(s) were returned as strings, expected lists of one-character strings")

    problems = list(bad_rows)
    lengths = [len(row) for row in rows if row is not None]
    uniform = not bad_rows and len(set(lengths)) == 1
    if uniform and (len(rows) != m or lengths[0] != n):
        problems.insert(0, f"shape: expected {m}x{n}, got {len(rows)}x{lengths[0]}")
    else:
        if len(rows) != m:
            problems.insert(0, f"shape: expected {m} rows, got {len(rows)}")
        for i, row in enumerate(rows):
            if row is not None and len(row) != n:
                problems.append(f"row {i}: expected {n} squares, got {len(row)}")

    # cell-by-cell over the overlapping part
    wrong = []
    for i in range(min(m, len(rows))):
        row = rows[i]
        if row is None:
            continue
        for j in range(min(n, len(row))):
            g = row[j]
            e = exp[i][j]
            if isinstance(g, str) and g == e:
                continue
            if isinstance(g, str) and len(g) == 1 and g not in OUTPUT_CHARS:
                wrong.append(f"({i},{j}): {_character(g)} is not a board character; "
                             f"{_expected_reason(e, i, j, before, click)}")
                continue
            wrong.append(f"({i},{j}): {_expected_reason(e, i, j, before, click)}, {_got_note(g, i, j, before)}")

    explanations = notes + problems[:MAX_EXPLAINED]
    if len(problems) > MAX_EXPLAINED:
        explanations.append(f"... and {len(problems) - MAX_EXPLAINED} more shape problems")
    explanations += wrong[:MAX_EXPLAINED]
    if len(wrong) > MAX_EXPLAINED:
        explanations.append(f"... and {len(wrong) - MAX_EXPLAINED} more wrong squares")
    if explanations:
        return False, explanations
    if got == exp:
        return True, []
    return False, ["the board differs from the expected one"]  # pragma: no cover - defensive
