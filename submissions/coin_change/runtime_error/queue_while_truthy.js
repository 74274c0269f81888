// Runtime error: `while (queue)` is always true for an array; when no sum is left, shift() gives
// undefined and the destructuring throws a TypeError (on the first impossible amount).
var coinChange = function(coins, amount) {
    if (amount === 0) return 0;
    const seen = new Set([0]);
    const queue = [[0, 0]];
    while (queue) {
        const [sum, steps] = queue.shift();
        for (const c of coins) {
            if (sum + c === amount) return steps + 1;
            if (sum + c < amount && !seen.has(sum + c)) {
                seen.add(sum + c);
                queue.push([sum + c, steps + 1]);
            }
        }
    }
    return -1;
};
