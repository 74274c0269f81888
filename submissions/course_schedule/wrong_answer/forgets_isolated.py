# Wrong answer: builds the course list from the pairs, so a course that no pair names is never taken.
def findOrder(numCourses, prerequisites):
    if not prerequisites:
        return list(range(numCourses))
    courses = sorted({c for pair in prerequisites for c in pair})
    needs = {c: set() for c in courses}
    for a, b in prerequisites:
        needs[a].add(b)
    order, done = [], set()
    while len(order) < len(courses):
        free = [c for c in courses if c not in done and needs[c] <= done]
        if not free:
            return []
        for c in free:
            order.append(c)
            done.add(c)
    return order
