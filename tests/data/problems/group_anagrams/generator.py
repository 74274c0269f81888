"""Random inputs: a few base words and their shuffles, so that groups are common."""

import itertools

from hypothesis import strategies as st

WORD = st.text(alphabet="abcxyz", min_size=0, max_size=6)


@st.composite
def _strs(draw):
    bases = draw(st.lists(WORD, min_size=1, max_size=5))
    picks = draw(st.lists(st.tuples(st.integers(0, len(bases) - 1), st.randoms(use_true_random=False)),
                          min_size=1, max_size=12))
    out = []
    for i, rnd in picks:
        letters = list(bases[i])
        rnd.shuffle(letters)
        out.append("".join(letters))
    return {"strs": out}


def inputs():
    return _strs()


def enumerate(max_size):
    """Every list of words over 'ab' whose size (each word's length + 1, summed) is at most max_size."""

    def lists(budget):
        yield []
        for length in range(budget):
            for letters in itertools.product("ab", repeat=length):
                for rest in lists(budget - length - 1):
                    yield ["".join(letters), *rest]

    for strs in lists(max_size):
        if strs:
            yield {"strs": strs}
