"""Random inputs for Maximum Average Subarray I (hypothesis): {"nums": list of int, "k": int}, always valid."""

from hypothesis import strategies as st

LIMIT = 10 ** 4


def inputs():
    """The strategy of valid inputs: 1..300 numbers and a window of 1..n."""
    return _input()


@st.composite
def _input(draw):
    nums = draw(st.lists(st.integers(-LIMIT, LIMIT), min_size=1, max_size=300))
    k = draw(st.integers(1, len(nums)))
    return {"nums": nums, "k": k}
