"""Reference solution for Largest Long: Python's integers are exact at any size."""


def largest(nums, floor):
    """The largest of floor and every number in nums."""
    return max(floor, *nums)
