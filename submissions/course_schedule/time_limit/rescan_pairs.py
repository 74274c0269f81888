# Time limit: each round rescans every course against every pair: O(n^2 m), 8 * 10^9 steps on the chain.
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        taken = [False] * numCourses
        order = []
        for _ in range(numCourses):
            for course in range(numCourses):
                if taken[course]:
                    continue
                if all(taken[b] for a, b in prerequisites if a == course):
                    taken[course] = True
                    order.append(course)
                    break
            else:
                return []
        return order
