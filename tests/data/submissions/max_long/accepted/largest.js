// JavaScript gets numbers (doubles), as on the platform: past 2^53 they are the nearest double.
var largest = function(nums, floor) {
    let best = floor;
    for (const x of nums) if (x > best) best = x;
    return best;
};
