// Accepted: breadth-first from 0 upwards, a typed array of visited sums.
var coinChange = function(coins, amount) {
    if (amount === 0) return 0;
    const seen = new Uint8Array(amount + 1);
    let frontier = [0];
    seen[0] = 1;
    for (let steps = 1; frontier.length > 0; steps++) {
        const next = [];
        for (const sum of frontier) {
            for (const coin of coins) {
                const to = sum + coin;
                if (to === amount) return steps;
                if (to < amount && !seen[to]) {
                    seen[to] = 1;
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    return -1;
};
