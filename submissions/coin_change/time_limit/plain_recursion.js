// Time limit: the recurrence without a memo, exponential in the amount.
var coinChange = function(coins, amount) {
    if (amount === 0) return 0;
    let best = Infinity;
    for (const c of coins) {
        if (c <= amount) {
            const sub = coinChange(coins, amount - c);
            if (sub !== -1) best = Math.min(best, sub + 1);
        }
    }
    return best === Infinity ? -1 : best;
};
