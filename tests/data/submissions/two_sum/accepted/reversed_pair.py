# The pair comes back larger index first: right, since the order is free.
class Solution:
    def twoSum(self, nums, target):
        where = {}
        for i, x in enumerate(nums):
            if target - x in where:
                return [i, where[target - x]]
            where[x] = i
        return []
