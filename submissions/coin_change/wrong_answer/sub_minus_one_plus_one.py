# Wrong answer: top-down where an impossible remainder returns -1, and -1 + 1 = 0 then wins the min.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        @cache
        def go(rem):
            if rem == 0:
                return 0
            if rem < 0:
                return -1
            best = inf
            for c in coins:
                best = min(best, go(rem - c) + 1)
            return best if best != inf else -1
        return go(amount)
