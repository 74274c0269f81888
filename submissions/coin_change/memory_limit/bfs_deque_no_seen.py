# A breadth-first search over sums with no set of sums already seen: the deque grows without bound.
# CPython's deque reports its failed allocation as SystemError ("returned NULL without setting an
# exception"), not MemoryError; at the address-space cap that is still MLE, as LeetCode says.
class Solution:
    def coinChange(self, coins: List[int], amount: int) -> int:
        queue = deque([(0, 0)])
        while queue:
            total, count = queue.popleft()
            if total == amount:
                return count
            for coin in coins:
                if total + coin <= amount:
                    queue.append((total + coin, count + 1))
        return -1
