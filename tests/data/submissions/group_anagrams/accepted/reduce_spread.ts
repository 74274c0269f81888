// Red-team round 32: the reduce-and-spread style, correct and quick in plain node (about 150 ms on the
// 10,000-string case), was TLE under node's --frozen-intrinsics, which made every spread 4-40x slower.
function groupAnagrams(strs: string[]): string[][] {
    const groups = strs.reduce<Record<string, string[]>>((acc, s) => {
        const key = [...s].sort().join('');
        acc[key] = [...(acc[key] ?? []), s];
        return acc;
    }, {});
    return Object.values(groups);
}
