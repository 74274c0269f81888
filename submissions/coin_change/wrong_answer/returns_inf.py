# Forgets the -1: an amount the coins cannot make is returned as math.inf. WA, and the message says
# that the answer was inf (JSON has no such number, so the answer is shown as null).
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        best = [0] + [math.inf] * amount
        for coin in coins:
            for total in range(coin, amount + 1):
                best[total] = min(best[total], best[total - coin] + 1)
        return best[amount]
