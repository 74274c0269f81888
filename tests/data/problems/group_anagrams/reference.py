"""Reference for Group Anagrams: group by the sorted letters, groups in first-seen order."""


def groupAnagrams(strs):
    groups = {}
    for s in strs:
        groups.setdefault("".join(sorted(s)), []).append(s)
    return list(groups.values())
