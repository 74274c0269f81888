// Wrong answer: the amount itself stands for "impossible", so an answer of exactly `amount` coins
// (all coins of 1) comes back as -1.
function coinChange(coins: number[], amount: number): number {
    if (amount === 0) return 0;
    const dp: number[] = new Array<number>(amount + 1).fill(amount);
    dp[0] = 0;
    for (let i = 1; i <= amount; i++) {
        for (const coin of coins) {
            if (coin <= i) dp[i] = Math.min(dp[i], dp[i - coin] + 1);
        }
    }
    return dp[amount] === amount ? -1 : dp[amount];
}
