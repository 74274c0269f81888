// Compile error: an arrow where a function declaration's body should start.
function coinChange(coins: number[], amount: number): number => {
    const dp = new Array<number>(amount + 1).fill(amount + 1);
    dp[0] = 0;
    for (let i = 1; i <= amount; i++)
        for (const c of coins)
            if (c <= i) dp[i] = Math.min(dp[i], dp[i - c] + 1);
    return dp[amount] > amount ? -1 : dp[amount];
}
