function coinChange(coins: number[], amount: number): number {
    const dp: number[] = new Array<number>(amount + 1).fill(amount + 1);
    dp[0] = 0;
    coins.sort((a: number, b: number) => a - b);
    for (let i = 1; i <= amount; i++) {
        for (const coin of coins) {
            if (coin > i) break;
            dp[i] = Math.min(dp[i], dp[i - coin] + 1);
        }
    }
    return dp[amount] > amount ? -1 : dp[amount];
}
