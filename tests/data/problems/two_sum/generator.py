"""Random Two Sum inputs for hypothesis: only inputs with exactly one pair summing to the target.

inputs() -> SearchStrategy[dict]: {"nums": list of int, "target": int}.
The pair (a, b) is drawn first and the target is a + b; every other number is kept only when it
can pair with nothing (its complement is neither a kept number nor `a`), so the answer stays unique.
Equal values (a == b) and lone halves of the target (a trap for solutions that reuse an element)
come out as hypothesis favours small and repeated numbers.
"""

from hypothesis import strategies as st

HALF = 5 * 10 ** 8  # a and b within +-HALF keep the target within +-10^9


def inputs():
    """The strategy of valid inputs."""
    return _input()


@st.composite
def _input(draw):
    a = draw(st.integers(-HALF, HALF))
    b = draw(st.integers(-HALF, HALF))
    target = a + b
    kept, seen = [], {a, b}
    for x in draw(st.lists(st.integers(-10 ** 9, 10 ** 9), max_size=30)):
        if target - x not in seen and x != a and x != b:
            kept.append(x)
            seen.add(x)
    i = draw(st.integers(0, len(kept)))
    j = draw(st.integers(0, len(kept) + 1))
    nums = kept[:i] + [a] + kept[i:]
    return {"nums": nums[:j] + [b] + nums[j:], "target": target}
