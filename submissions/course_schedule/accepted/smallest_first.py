# Kahn's algorithm with a min-heap: the smallest free course first (heapq is an implicit import).
class Solution:
    def findOrder(self, numCourses, prerequisites):
        needs = [set() for _ in range(numCourses)]
        unlocks = [[] for _ in range(numCourses)]
        for a, b in prerequisites:
            needs[a].add(b)
            unlocks[b].append(a)
        heap = [c for c in range(numCourses) if not needs[c]]
        heapq.heapify(heap)
        order = []
        while heap:
            c = heapq.heappop(heap)
            order.append(c)
            for d in unlocks[c]:
                needs[d].discard(c)
                if not needs[d]:
                    heapq.heappush(heap, d)
        return order if len(order) == numCourses else []
