# Runtime error: a "push" DP that writes dp[i + c] without checking it stays within the amount (IndexError).
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        dp = [inf] * (amount + 1)
        dp[0] = 0
        for i in range(amount):
            if dp[i] == inf:
                continue
            for c in coins:
                dp[i + c] = min(dp[i + c], dp[i] + 1)
        return dp[amount] if dp[amount] != inf else -1
