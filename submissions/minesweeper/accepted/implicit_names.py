# Accepted: leans on LeetCode's implicit imports beyond typing and collections: a bare deepcopy,
# setrecursionlimit (sys), product (itertools) and digits (string); each was NameError, RE, until round 31.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        setrecursionlimit(10000)
        res = deepcopy(board)
        m, n = len(res), len(res[0])

        def dfs(i: int, j: int) -> None:
            if res[i][j] != 'E':
                return
            near = [(i + a, j + b) for a, b in product((-1, 0, 1), repeat=2)
                    if (a or b) and 0 <= i + a < m and 0 <= j + b < n]
            mines = sum(res[x][y] == 'M' for x, y in near)
            if mines:
                res[i][j] = digits[mines]
                return
            res[i][j] = 'B'
            for x, y in near:
                dfs(x, y)

        r, c = click
        if res[r][c] == 'M':
            res[r][c] = 'X'
        else:
            dfs(r, c)
        return res
