"""Input validator for Transpose Matrix: check(args) -> list of problems (empty when the input is valid)."""

LIMIT = 10 ** 9


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check(args):
    """What is wrong with {"matrix": [[...], ...]}: shape, sizes and range."""
    matrix = args.get("matrix")
    if not isinstance(matrix, list) or not matrix or not all(isinstance(row, list) for row in matrix):
        return ["matrix: expected a non-empty list of rows"]
    m, n = len(matrix), len(matrix[0])
    problems = []
    if not 1 <= m <= 1000 or not 1 <= n <= 1000 or m * n > 10 ** 5:
        problems.append(f"matrix: {m}x{n} is outside 1..1000 x 1..1000 with at most 10^5 numbers")
    if any(len(row) != n for row in matrix):
        problems.append("matrix: the rows are not all of the same length")
    if not all(_is_int(x) and -LIMIT <= x <= LIMIT for row in matrix for x in row):
        problems.append(f"matrix: a value is not an integer within -{LIMIT}..{LIMIT}")
    return problems
