"""Reference solution for Rotate Image (LeetCode 48): the reversed rows' columns, written back in place."""


def rotate(matrix):
    """Rotate the square matrix 90 degrees clockwise, in place."""
    matrix[:] = [list(row) for row in zip(*matrix[::-1])]
