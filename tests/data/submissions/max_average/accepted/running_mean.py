# Slides the mean itself, in floating point: each step rounds, so the answer drifts from the exact
# one in its last digits, well within the 1e-5 the problem allows.
class Solution:
    def findMaxAverage(self, nums, k):
        mean = sum(nums[:k]) / k
        best = mean
        for i in range(k, len(nums)):
            mean += (nums[i] - nums[i - k]) / k
            best = max(best, mean)
        return best
