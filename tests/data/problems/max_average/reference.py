"""Reference solution for Maximum Average Subarray I (LeetCode 643): an integer sliding sum, one division."""


def findMaxAverage(nums, k):
    """The largest mean of k consecutive numbers, rounded once (the window sums are exact integers)."""
    window = best = sum(nums[:k])
    for i in range(k, len(nums)):
        window += nums[i] - nums[i - k]
        best = max(best, window)
    return best / k
