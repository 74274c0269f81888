def groupAnagrams(strs):
    groups = {}
    for s in strs:
        count = [0] * 26
        for c in s:
            count[ord(c) - ord("a")] += 1
        groups.setdefault(tuple(count), []).append(s)
    return sorted(groups.values(), key=len)
