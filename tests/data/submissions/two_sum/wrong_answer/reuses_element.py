# Records a number before looking for its complement, so a lone half of the target pairs with itself.
class Solution:
    def twoSum(self, nums, target):
        where = {}
        for i, x in enumerate(nums):
            where[x] = i
            if target - x in where:
                return [where[target - x], i]
        return []
