# Time limit: the recurrence without a memo, exponential in the amount.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        if amount == 0:
            return 0
        best = -1
        for c in coins:
            if c <= amount:
                sub = self.coinChange(coins, amount - c)
                if sub != -1 and (best == -1 or sub + 1 < best):
                    best = sub + 1
        return best
