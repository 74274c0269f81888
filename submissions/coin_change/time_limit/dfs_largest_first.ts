// Time limit: depth-first, largest coins first, stopping at the first way found deeper than the best:
// fast when the big coins fit, exponential when they do not (coins 411..422, amount 9864).
function coinChange(coins: number[], amount: number): number {
    coins.sort((a, b) => b - a);
    let best = Infinity;
    const dfs = (i: number, rem: number, used: number): void => {
        if (rem === 0) {
            best = Math.min(best, used);
            return;
        }
        if (i === coins.length) return;
        for (let k = Math.floor(rem / coins[i]); k >= 0 && used + k < best; k--) {
            dfs(i + 1, rem - k * coins[i], used + k);
        }
    };
    dfs(0, amount, 0);
    return best === Infinity ? -1 : best;
}
