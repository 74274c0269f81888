function groupAnagrams(strs: string[]): string[][] {
    const groups: { [key: string]: string[] } = {};
    for (const s of strs) {
        const count = new Array(26).fill(0);
        for (const c of s) count[c.charCodeAt(0) - 97]++;
        const key = count.join('#');
        (groups[key] ??= []).push(s);
    }
    return Object.values(groups);
}
