"""Input constraints of LeetCode 49."""

import string

LETTERS = frozenset(string.ascii_lowercase)


def check(args):
    strs = args.get("strs")
    if not isinstance(strs, list):
        return [f"strs must be a list of strings, got {type(strs).__name__}"]
    problems = []
    if not 1 <= len(strs) <= 10**4:
        problems.append(f"strs has {len(strs)} strings, expected 1..10000")
    for i, s in enumerate(strs):
        if not isinstance(s, str):
            problems.append(f"strs[{i}] is not a string")
        elif len(s) > 100:
            problems.append(f"strs[{i}] has {len(s)} characters, at most 100")
        elif not set(s) <= LETTERS:
            problems.append(f"strs[{i}] has a character that is not a lowercase English letter")
        if len(problems) >= 5:
            break
    return problems
