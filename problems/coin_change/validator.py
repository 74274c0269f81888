"""Input validator for Coin Change (LeetCode 322).

check(args) -> list of human-readable problems; empty when the input is valid.
Never raises, whatever the type of the input.
"""

MAX_COINS = 12
MAX_COIN = 2 ** 31 - 1
MAX_AMOUNT = 10 ** 4
MAX_MESSAGES = 20


def _short(value, limit=40):
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check(args):
    """Return a list of problems with the test input; empty when it is valid."""
    try:
        problems = _check(args)
    except Exception as exc:  # never raise: report instead
        return [f"validator could not check the input: {type(exc).__name__}: {_short(str(exc), 80)}"]
    if len(problems) > MAX_MESSAGES:
        return problems[:MAX_MESSAGES] + [f"... and {len(problems) - MAX_MESSAGES} more"]
    return problems


def _check(args):
    if not isinstance(args, dict):
        return [f"input must be a mapping with 'coins' and 'amount', got {type(args).__name__} {_short(args)}"]
    return _check_coins(args.get("coins")) + _check_amount(args.get("amount"))


def _check_coins(coins):
    if coins is None:
        return ["coins is missing"]
    if not isinstance(coins, list):
        return [f"coins must be a list of integers, got {type(coins).__name__} {_short(coins)}"]
    problems = []
    if not 1 <= len(coins) <= MAX_COINS:
        problems.append(f"coins has {len(coins)} values, expected 1..{MAX_COINS}")
    for i, coin in enumerate(coins[: MAX_COINS + 1]):
        if not _is_int(coin):
            problems.append(f"coins[{i}]: {_short(coin)} is not an integer")
        elif not 1 <= coin <= MAX_COIN:
            problems.append(f"coins[{i}]: {coin} is outside 1..{MAX_COIN} (2^31-1)")
    return problems


def _check_amount(amount):
    if amount is None:
        return ["amount is missing"]
    if not _is_int(amount):
        return [f"amount must be an integer, got {type(amount).__name__} {_short(amount)}"]
    if not 0 <= amount <= MAX_AMOUNT:
        return [f"amount {amount} is outside 0..{MAX_AMOUNT}"]
    return []
