"""Writes cases/secret/*.yaml for Coin Change (all but added.yaml), answers from reference.py.

Run from anywhere: python3 problems/coin_change/tools/make_cases.py. Deterministic (a fixed seed),
so rewriting a file changes nothing unless this script changed. Cases added with `judge add-case` or
`judge fuzz --save` live in added.yaml, which this script never touches.
"""

import importlib.util
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
MAX_COIN = 2 ** 31 - 1


def _load(name):
    spec = importlib.util.spec_from_file_location(f"coin_change_{name}", os.path.join(PACKAGE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = _load("reference")
validator = _load("validator")

# Small hand-picked cases first (test order is file order): every mistake shows on an amount a
# person can check, before the large cases where a slow solution stops.
BASIC = [
    ("one-coin-exact", "a single coin equal to the amount", [7], 7),
    ("one-coin-multiple", "a single coin, many times", [3], 12),
    ("coin-of-one", "coins of 1 make every amount", [1], 9),
    ("greedy-trap-1-3-4", "greedy takes 4+1+1 (3 coins); 3+3 is 2", [1, 3, 4], 6),
    ("greedy-trap-1-5-6-9", "greedy takes 9+1+1 (3 coins); 5+6 is 2", [1, 5, 6, 9], 11),
    ("greedy-fails-2-5", "greedy takes 5 then cannot make 1; 2+2+2 is 3", [5, 2], 6),
    ("greedy-fails-3-7", "greedy takes 7 then cannot make 4 or 1; 3+3+3+3+3 is 5", [3, 7], 15),
    ("unsorted-coins", "coins in no order", [5, 1, 2], 11),
    ("repeated-coins", "the same value twice", [2, 2, 5], 9),
    ("zero-amount-many-coins", "amount 0 needs no coin, whatever the coins", [3, 4, 5], 0),
    ("zero-amount-big-coin", "amount 0 with a coin of 2^31-1", [MAX_COIN], 0),
    ("coin-bigger-than-amount", "the only coin is too big", [5], 3),
    ("two-too-big", "every coin is too big", [10, 20], 9),
    ("odd-with-evens", "even coins never make an odd amount", [2, 4, 6], 7),
    ("amount-one", "the smallest non-zero amount", [1, 2, 5], 1),
    ("amount-one-impossible", "the smallest non-zero amount, no coin of 1", [2, 5], 1),
    ("leetcode-186-419-83-408", "LeetCode's classic: greedy and pruned searches go wrong", [186, 419, 83, 408], 6249),
    ("three-coins-forty", "small coins, a medium amount (plain recursion is already slow)", [1, 2, 5], 40),
]

BIG = [
    ("max-coin-alone", "one coin of 2^31-1, amount 1: amount + coin overflows a 32-bit int", [MAX_COIN], 1),
    ("max-coin-and-one", "2^31-1 is never used; 1s make the amount", [1, MAX_COIN], 100),
    ("max-coin-first", "2^31-1 first, then 2", [MAX_COIN, 2], 10000),
    ("max-coin-odd", "2^31-1 and 2: an odd amount cannot be made", [MAX_COIN, 2], 9999),
    ("near-max-coins", "three values near 2^31-1 and a small one", [MAX_COIN, MAX_COIN - 1, 2 ** 30, 3], 9000),
    ("max-coin-twelve", "twelve coins of 2^31-1: nothing can be made", [MAX_COIN] * 12, 10000),
    ("coins-above-amount", "coins just above the amount, and one that fits", [10001, 10002, 10000], 10000),
]

IMPOSSIBLE = [
    ("large-odd-evens", "even coins, amount 9999", [2, 4, 6, 8, 10, 12], 9999),
    ("large-multiples-of-7", "multiples of 7, amount 10^4 is none", [7, 14, 21, 28, 35], 10000),
    ("large-single-coin", "one coin that does not divide 10^4", [3], 10000),
    ("large-coprime-gap", "6, 10 and 15 make every amount from 30 up, but not 29", [6, 10, 15], 29),
    ("large-all-too-big", "every coin above 10^4", [10001, 20000, 2 ** 20, MAX_COIN], 10000),
    ("twelve-evens", "twelve even coins, an odd amount near the top", [2 * k for k in range(1, 13)], 9997),
]

LARGE = [
    ("max-amount-one-coin", "10^4 coins of 1 (the longest answer; a BFS 10^4 levels deep)", [1], 10000),
    ("max-amount-twelve-small", "twelve coins 1..12: the full 12 x 10^4 DP", list(range(1, 13)), 10000),
    ("max-amount-twelve-close", "twelve coins 411..422 (LeetCode's case that times out pruned searches)",
     list(range(411, 423)), 9864),
    ("max-amount-three-coins", "3, 7, 405, 436", [3, 7, 405, 436], 8839),
    ("max-amount-primes", "twelve primes", [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37], 10000),
    ("max-amount-large-coins", "large coins: few coins in the answer", [9973, 4999, 2503, 1009, 17], 10000),
    ("max-amount-exact-coin", "a coin equal to 10^4", [10000, 1, 3], 10000),
    ("max-amount-greedy-trap", "1, 7, 10 at 10^4 - 1: greedy is one coin off", [1, 7, 10], 9999),
    ("max-amount-twelve-mixed", "twelve mixed coins including 2^31-1",
     [MAX_COIN, 1, 97, 5000, 3, 641, 2 ** 16, 250, 9999, 12, 77, 4096], 10000),
]


def _drawn(seed=322, count=24):
    """Random inputs of every kind (a fixed seed): small, large, impossible, big coins."""
    rnd = random.Random(seed)
    cases = []
    for i in range(count):
        kind = i % 4
        n = rnd.randint(1, 12)
        if kind == 0:
            coins, amount = [rnd.randint(1, 30) for _ in range(n)], rnd.randint(0, 200)
        elif kind == 1:
            coins, amount = [rnd.randint(1, 2500) for _ in range(n)], rnd.randint(5000, 10 ** 4)
        elif kind == 2:
            g = rnd.choice((2, 3, 5))
            coins, amount = [g * rnd.randint(1, 3000) for _ in range(n)], g * rnd.randint(1, 10 ** 4 // g) - 1
        else:
            coins = [rnd.choice((rnd.randint(1, 50), MAX_COIN - rnd.randint(0, 10 ** 6))) for _ in range(n)]
            amount = rnd.randint(0, 10 ** 4)
        cases.append((f"drawn-{i + 1:02d}", None, coins, amount))
    return cases


def _write(name, header, cases):
    lines = [f"# {header}", "# Written by tools/make_cases.py: edit that script, not this file.", ""]
    for case_name, description, coins, amount in cases:
        args = {"coins": coins, "amount": amount}
        problems = validator.check(args)
        assert not problems, (case_name, problems)
        lines.append(f"- name: {case_name}")
        if description:
            lines.append(f"  description: {json.dumps(description)}")
        lines.append(f"  coins: {json.dumps(coins)}")
        lines.append(f"  amount: {amount}")
        lines.append(f"  expected: {reference.coinChange(coins, amount)}")
        lines.append("")
    path = os.path.join(PACKAGE, "cases", "secret", name)
    with open(path, "w") as fh:
        fh.write("\n".join(lines))


def main():
    """Write every generated secret file."""
    _write("basic.yaml", "Small hand-picked cases: greedy traps, amount 0, coins too big, impossible amounts.", BASIC)
    _write("big_coins.yaml", "Coins of 2^31-1 and near it: sums and DP values overflow a 32-bit int.", BIG)
    _write("drawn.yaml", "Random inputs (seed 322): small, large, impossible, and with huge coins.", _drawn())
    _write("impossible.yaml", "Amounts no combination makes, up to 10^4: the answer is -1.", IMPOSSIBLE)
    _write("large.yaml", "Amount 10^4 (or close) with up to 12 coins: the largest DP work.", LARGE)


if __name__ == "__main__":
    main()
