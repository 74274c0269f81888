"""Random inputs for Rotate Image (hypothesis): {"matrix": an n x n list of int rows}, always valid."""

from hypothesis import strategies as st


def inputs():
    """The strategy of valid inputs: 1..8 rows."""
    return _input()


@st.composite
def _input(draw):
    n = draw(st.integers(1, 8))
    return {"matrix": [[draw(st.integers(-1000, 1000)) for _ in range(n)] for _ in range(n)]}
