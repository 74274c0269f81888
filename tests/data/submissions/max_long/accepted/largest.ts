function largest(nums: number[], floor: number): number {
    let best = floor;
    for (const x of nums) if (x > best) best = x;
    return best;
}
