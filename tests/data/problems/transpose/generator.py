"""Random inputs for Transpose Matrix (hypothesis): {"matrix": m x n list of int rows}, always valid."""

from hypothesis import strategies as st

LIMIT = 10 ** 9


def inputs():
    """The strategy of valid inputs: 1..8 x 1..8, small and large numbers."""
    return _input()


@st.composite
def _input(draw):
    m, n = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    value = st.one_of(st.integers(-9, 99), st.integers(-LIMIT, LIMIT))
    return {"matrix": [[draw(value) for _ in range(n)] for _ in range(m)]}
