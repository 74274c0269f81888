# Which sums can be made with exactly k coins, for every k up to the amount: a table of amount x
# amount booleans, 800 MB of list slots for an amount of 10,000, where one row of it would do.
# (It replaces a breadth-first search whose deque grew too slowly to be sure of the memory limit: on
# a machine half as fast, it reached 170-220 MiB when its 1 s of CPU ran out, TLE. The deque's failed
# allocation, a SystemError at the cap, is tested in tests/test_languages.py.)
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        if amount == 0:
            return 0
        reach = [[False] * (amount + 1) for _ in range(amount + 1)]
        reach[0][0] = True
        for k in range(1, amount + 1):
            row, prev = reach[k], reach[k - 1]
            for a in range(amount + 1):
                if prev[a]:
                    for c in coins:
                        if a + c <= amount:
                            row[a + c] = True
            if row[amount]:
                return k
            if not any(row):
                return -1
        return -1
