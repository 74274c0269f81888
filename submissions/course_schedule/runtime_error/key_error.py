# Runtime error: a plain dict of dependents; a course with no dependent is not a key (KeyError).
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        unlocks = {}
        indegree = [0] * numCourses
        for a, b in prerequisites:
            unlocks.setdefault(b, []).append(a)
            indegree[a] += 1
        queue = deque(c for c in range(numCourses) if indegree[c] == 0)
        order = []
        while queue:
            c = queue.popleft()
            order.append(c)
            for d in unlocks[c]:
                indegree[d] -= 1
                if indegree[d] == 0:
                    queue.append(d)
        return order if len(order) == numCourses else []
