# DFS with three colours, recursive, as a bare function; defaultdict is an implicit import. The
# reversed post-order differs from Kahn's order on most inputs, and is just as right.
def findOrder(numCourses, prerequisites):
    graph = defaultdict(list)
    for course, pre in prerequisites:
        graph[pre].append(course)
    WHITE, GREY, BLACK = 0, 1, 2
    colour = [WHITE] * numCourses
    post = []

    def visit(node):
        colour[node] = GREY
        for nxt in graph[node]:
            if colour[nxt] == GREY:
                return False
            if colour[nxt] == WHITE and not visit(nxt):
                return False
        colour[node] = BLACK
        post.append(node)
        return True

    for node in range(numCourses):
        if colour[node] == WHITE and not visit(node):
            return []
    return post[::-1]
