"""Reference solution for Coin Change (LeetCode 322): bottom-up DP over the amounts, O(amount * len(coins))."""


def coinChange(coins, amount):
    """The fewest coins that add up to amount, or -1 when no combination does."""
    unreachable = amount + 1  # more coins than any answer can need (every coin is at least 1)
    best = [0] + [unreachable] * amount
    for value in range(1, amount + 1):
        for coin in coins:
            if coin <= value and best[value - coin] + 1 < best[value]:
                best[value] = best[value - coin] + 1
    return best[amount] if best[amount] != unreachable else -1


solve = coinChange
