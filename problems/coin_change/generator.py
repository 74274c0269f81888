"""Random Coin Change inputs for hypothesis: only inputs that validator.check accepts.

inputs() -> SearchStrategy[dict]: {"coins": list of 1..12 int, "amount": int in 0..10^4}.

How an input is built:
1. how many coins, 1..12 (few most often; exactly 12 on purpose);
2. each coin's size: small (1..25, where greedy and off-by-one mistakes show on amounts people can
   read), up to the amount range (1..10^4), or huge (near 2^31-1, where `amount + coin` and
   `dp[i - coin] + 1` overflow a 32-bit int); with a common factor g >= 2 on every coin, so that
   an amount that is no multiple of g cannot be made (the -1 answers);
3. the amount: small (0..60), anywhere in 0..10^4, exactly 0 or exactly 10^4 (the largest DP).

enumerate(max_size) yields every valid input whose coins and amount add up to at most `max_size`.

The draw order is the shrink order: hypothesis shrinks every choice towards its first option, so a
counterexample shrinks towards one small coin and a small amount. Every choice is drawn whatever the
mode, so lowering a mode never loses the rest of the example.
"""

import itertools

from hypothesis import strategies as st

MAX_COINS = 12
MAX_COIN = 2 ** 31 - 1
MAX_AMOUNT = 10 ** 4


def inputs():
    """The strategy of valid inputs: {"coins": [...], "amount": a}."""
    return _input()


@st.composite
def _count(draw):
    kind = draw(st.integers(0, 3))
    value = draw(st.integers(1, MAX_COINS))
    if kind <= 1:
        return 1 + (value - 1) % 4  # one to four coins most often, as in LeetCode's examples
    return value if kind == 2 else MAX_COINS


@st.composite
def _coin(draw, factor):
    kind = draw(st.integers(0, 5))
    small = draw(st.integers(1, 25))
    medium = draw(st.integers(1, MAX_AMOUNT))
    below_max = draw(st.integers(0, 1000))
    if kind <= 2:
        value = small * factor
    elif kind <= 4:
        value = medium * factor
    else:
        value = MAX_COIN - below_max  # 2^31-1 itself when hypothesis shrinks below_max to 0
    return min(value, MAX_COIN)


@st.composite
def _amount(draw, factor):
    kind = draw(st.integers(0, 5))
    small = draw(st.integers(0, 60))
    anywhere = draw(st.integers(0, MAX_AMOUNT))
    off = draw(st.integers(0, 1))  # an amount no multiple of the factor: no combination makes it
    if kind <= 1:
        value = small
    elif kind <= 3:
        value = anywhere
    elif kind == 4:
        value = 0
    else:
        value = MAX_AMOUNT
    if factor > 1 and off and value % factor == 0 and value > 0:
        value -= 1
    return value


@st.composite
def _input(draw):
    factor = draw(st.sampled_from((1, 1, 1, 2, 3, 7)))  # a common factor g >= 2: odd amounts of even coins
    count = draw(_count())
    coins = [draw(_coin(factor)) for _ in range(count)]
    return {"coins": coins, "amount": draw(_amount(factor))}


def enumerate(max_size):
    """Every valid input whose coins' values and amount add up to at most `max_size`, smallest first:
    coins as a non-decreasing list of 1..3 values (the order of the coins never changes the answer)."""
    for size in range(1, max_size + 1):
        for count in range(1, 4):
            for coins in itertools.combinations_with_replacement(range(1, size + 1), count):
                amount = size - sum(coins)
                if amount >= 0:
                    yield {"coins": list(coins), "amount": amount}
