# Accepted: LeetCode's own solution returns the dict's values view for the list of groups (round 31: WA,
# "not plain data").
class Solution:
    def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
        ans = collections.defaultdict(list)
        for s in strs:
            ans[tuple(sorted(s))].append(s)
        return ans.values()
