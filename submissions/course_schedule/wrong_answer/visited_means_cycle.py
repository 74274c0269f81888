# Wrong answer: takes any course seen before for a cycle (a cross edge, as in a diamond, is not one).
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        adj = [[] for _ in range(numCourses)]
        for a, b in prerequisites:
            adj[b].append(a)
        seen, post = set(), []

        def dfs(u):
            seen.add(u)
            for v in adj[u]:
                if v in seen:
                    return False
                if not dfs(v):
                    return False
            post.append(u)
            return True

        for c in range(numCourses):
            if c not in seen and not dfs(c):
                return []
        return post[::-1]
