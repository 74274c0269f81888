# Memory limit: a "push" DP sized to reach past the largest coin; with a coin of 2^31-1 that is a
# list of two billion entries.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        dp = [inf] * (amount + max(coins) + 1)
        dp[0] = 0
        for i in range(amount):
            for c in coins:
                dp[i + c] = min(dp[i + c], dp[i] + 1)
        return dp[amount] if dp[amount] != inf else -1
