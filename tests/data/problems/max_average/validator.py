"""Input validator for Maximum Average Subarray I: check(args) -> list of problems (empty when valid)."""

MAX_LEN = 10 ** 5
LIMIT = 10 ** 4


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check(args):
    """What is wrong with {"nums": [...], "k": k}: sizes and ranges."""
    nums, k = args.get("nums"), args.get("k")
    if not isinstance(nums, list) or not all(_is_int(x) for x in nums):
        return ["nums: expected a list of integers"]
    if not _is_int(k):
        return ["k: expected an integer"]
    problems = []
    if not 1 <= len(nums) <= MAX_LEN:
        problems.append(f"nums: expected 1..{MAX_LEN} numbers, got {len(nums)}")
    if not 1 <= k <= len(nums):
        problems.append(f"k: expected 1..len(nums) = {len(nums)}, got {k}")
    if any(abs(x) > LIMIT for x in nums):
        problems.append(f"nums: a number is outside -{LIMIT}..{LIMIT}")
    return problems
