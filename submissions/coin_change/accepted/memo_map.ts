// Accepted: top-down with a Map as the memo.
function coinChange(coins: number[], amount: number): number {
    const memo = new Map<number, number>();
    const dfs = (rem: number): number => {
        if (rem === 0) return 0;
        const known = memo.get(rem);
        if (known !== undefined) return known;
        let best = Number.MAX_SAFE_INTEGER;
        for (const c of coins) {
            if (c <= rem) {
                const sub = dfs(rem - c);
                if (sub >= 0) best = Math.min(best, sub + 1);
            }
        }
        const answer = best === Number.MAX_SAFE_INTEGER ? -1 : best;
        memo.set(rem, answer);
        return answer;
    };
    return dfs(amount);
}
