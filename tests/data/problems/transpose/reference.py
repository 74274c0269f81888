"""Reference solution for Transpose Matrix (LeetCode 867): the columns become the rows."""


def transpose(matrix):
    """The transpose of a rectangular matrix."""
    return [list(column) for column in zip(*matrix)]
