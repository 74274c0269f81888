var groupAnagrams = function(strs) {
    const map = {};
    for (const s of strs) {
        if (!s) continue;
        const key = s.split('').sort().join('');
        (map[key] = map[key] || []).push(s);
    }
    return Object.values(map);
};
