"""Reference solution for Course Schedule II (LeetCode 210): Kahn's BFS, iterative (no recursion)."""

from collections import deque


def findOrder(numCourses, prerequisites):
    """Return an order of all courses respecting every [course, prerequisite] pair, or [] on a cycle."""
    after = [[] for _ in range(numCourses)]
    indegree = [0] * numCourses
    for course, before in prerequisites:
        after[before].append(course)
        indegree[course] += 1
    queue = deque(c for c in range(numCourses) if indegree[c] == 0)
    order = []
    while queue:
        c = queue.popleft()
        order.append(c)
        for nxt in after[c]:
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                queue.append(nxt)
    return order if len(order) == numCourses else []


solve = findOrder
