// Runtime error: the memo is read with a non-null assertion before it is filled; TypeScript's `!`
// checks nothing at run time, and undefined.valueOf() throws a TypeError.
function coinChange(coins: number[], amount: number): number {
    const memo = new Map<number, number>();
    memo.set(0, 0);
    for (let i = 1; i <= amount; i++) {
        let best = Infinity;
        for (const c of coins) {
            if (c <= i) best = Math.min(best, memo.get(i - c)!.valueOf() + 1);
        }
        if (best !== Infinity) memo.set(i, best);
    }
    return memo.has(amount) ? memo.get(amount)! : -1;
}
