# Accepted: a top-level function, breadth-first over the amounts left (each level is one more coin).
from collections import deque


def coinChange(coins, amount):
    if amount == 0:
        return 0
    seen = {amount}
    queue = deque([(amount, 0)])
    while queue:
        left, used = queue.popleft()
        for coin in coins:
            rest = left - coin
            if rest == 0:
                return used + 1
            if rest > 0 and rest not in seen:
                seen.add(rest)
                queue.append((rest, used + 1))
    return -1
