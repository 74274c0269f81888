"""Input validator for Two Sum: check(args) -> list of problems (empty when the input is valid)."""

from collections import Counter

MAX_LEN = 10 ** 4
LIMIT = 10 ** 9


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check(args):
    """What is wrong with {"nums": [...], "target": t}: sizes, ranges, and exactly one solution."""
    nums, target = args.get("nums"), args.get("target")
    if not isinstance(nums, list) or not all(_is_int(x) for x in nums):
        return ["nums: expected a list of integers"]
    if not _is_int(target):
        return ["target: expected an integer"]
    problems = []
    if not 2 <= len(nums) <= MAX_LEN:
        problems.append(f"nums: expected 2..{MAX_LEN} numbers, got {len(nums)}")
    if any(abs(x) > LIMIT for x in nums):
        problems.append(f"nums: a number is outside -{LIMIT}..{LIMIT}")
    if abs(target) > LIMIT:
        problems.append(f"target: outside -{LIMIT}..{LIMIT}")
    pairs = _pairs(nums, target)
    if pairs != 1:
        problems.append(f"expected exactly one pair summing to the target, found {pairs}")
    return problems


def _pairs(nums, target):
    """How many index pairs i < j have nums[i] + nums[j] == target."""
    count = Counter(nums)
    total = 0
    for x, n in count.items():
        if 2 * x == target:
            total += n * (n - 1) // 2
        elif x < target - x:
            total += n * count.get(target - x, 0)
    return total
