# Divides with //: the mean is floored to an integer (12.75 becomes 12, -1.5 becomes -2).
class Solution:
    def findMaxAverage(self, nums, k):
        window = best = sum(nums[:k])
        for i in range(k, len(nums)):
            window += nums[i] - nums[i - k]
            best = max(best, window)
        return best // k
