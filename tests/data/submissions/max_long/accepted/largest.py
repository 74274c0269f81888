class Solution:
    def largest(self, nums: List[int], floor: int) -> int:
        best = floor
        for x in nums:
            if x > best:
                best = x
        return best
