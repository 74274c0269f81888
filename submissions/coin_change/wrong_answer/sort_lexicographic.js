// Wrong answer: sorts the coins to stop at the first one too big, but Array.prototype.sort compares
// as strings: [186, 419, 83, 408] becomes [186, 408, 419, 83], and 83 is never tried below 186.
var coinChange = function(coins, amount) {
    coins.sort();
    const dp = new Array(amount + 1).fill(Infinity);
    dp[0] = 0;
    for (let i = 1; i <= amount; i++) {
        for (const coin of coins) {
            if (coin > i) break;
            dp[i] = Math.min(dp[i], dp[i - coin] + 1);
        }
    }
    return dp[amount] === Infinity ? -1 : dp[amount];
};
