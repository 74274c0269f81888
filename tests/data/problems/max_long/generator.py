"""Random inputs for Largest Long (hypothesis): {"nums": list of long, "floor": long}, near the bounds often."""

from hypothesis import strategies as st

LOW, HIGH = -2 ** 63, 2 ** 63 - 1
#: Values a double cannot hold, and their neighbours: where a harness that reads numbers as doubles fails.
EDGES = [HIGH, HIGH - 1, LOW, LOW + 1, 2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 53, 2 ** 62 + 1]


def inputs():
    """The strategy of valid inputs."""
    value = st.one_of(st.sampled_from(EDGES), st.integers(LOW, HIGH))
    return st.fixed_dictionaries({"nums": st.lists(value, min_size=1, max_size=20), "floor": value})
