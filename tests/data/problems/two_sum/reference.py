"""Reference solution for Two Sum (LeetCode 1): one pass with a map of values seen to their index."""


def twoSum(nums, target):
    """The indices [i, j], i < j, of the only pair that sums to target."""
    seen = {}
    for j, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], j]
        seen[x] = j
    return []
