# Wrong answer: greedy, the largest coin that fits first. Right on LeetCode's examples, wrong on
# coins [1, 3, 4] and amount 6 (4+1+1 instead of 3+3), and -1 where a smaller coin first would work.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        count = 0
        for coin in sorted(coins, reverse=True):
            take = amount // coin
            count += take
            amount -= take * coin
        return count if amount == 0 else -1
