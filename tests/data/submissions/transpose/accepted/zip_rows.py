class Solution:
    def transpose(self, matrix: List[List[int]]) -> List[List[int]]:
        return [list(column) for column in zip(*matrix)]
