"""Input validator for Largest Long: check(args) -> list of problems (empty when the input is valid)."""

LOW, HIGH = -2 ** 63, 2 ** 63 - 1
MAX_LEN = 10 ** 4


def _is_long(value):
    return isinstance(value, int) and not isinstance(value, bool) and LOW <= value <= HIGH


def check(args):
    """What is wrong with {"nums": [...], "floor": f}: sizes and the 64-bit range."""
    nums, floor = args.get("nums"), args.get("floor")
    problems = []
    if not isinstance(nums, list) or not 1 <= len(nums) <= MAX_LEN:
        problems.append(f"nums: expected 1..{MAX_LEN} numbers")
    elif not all(_is_long(x) for x in nums):
        problems.append("nums: a number is not a 64-bit integer")
    if not _is_long(floor):
        problems.append("floor: not a 64-bit integer")
    return problems
