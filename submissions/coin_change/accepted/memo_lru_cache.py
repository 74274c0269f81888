# Accepted: top-down with LeetCode's implicit `lru_cache` (no import), 10^4 calls deep at the largest amount.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        @lru_cache(None)
        def dfs(rem):
            if rem == 0:
                return 0
            best = inf
            for c in coins:
                if c <= rem:
                    best = min(best, dfs(rem - c) + 1)
            return best

        ans = dfs(amount)
        return -1 if ans == inf else ans
