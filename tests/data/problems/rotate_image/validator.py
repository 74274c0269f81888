"""Input validator for Rotate Image: check(args) -> list of problems (empty when the input is valid)."""


def check(args):
    """What is wrong with {"matrix": [[...], ...]}: a square of 1..20 rows of integers within -1000..1000."""
    matrix = args.get("matrix")
    if not isinstance(matrix, list) or not 1 <= len(matrix) <= 20:
        return ["matrix: expected 1..20 rows"]
    if any(not isinstance(row, list) or len(row) != len(matrix) for row in matrix):
        return ["matrix: expected a square"]
    if any(isinstance(x, bool) or not isinstance(x, int) or not -1000 <= x <= 1000 for row in matrix for x in row):
        return ["matrix: expected integers within -1000..1000"]
    return []
