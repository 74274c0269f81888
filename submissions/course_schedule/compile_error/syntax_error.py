# Compile error: a missing colon after the for statement.
class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        order = []
        for c in range(numCourses)
            order.append(c)
        return order
