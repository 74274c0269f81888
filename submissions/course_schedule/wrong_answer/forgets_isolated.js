// Wrong answer: only courses named in some pair are ordered; a course with no pair is left out.
var findOrder = function(numCourses, prerequisites) {
    if (prerequisites.length === 0) return Array.from({ length: numCourses }, (_, i) => i);
    const graph = new Map(), indegree = new Map();
    for (const [a, b] of prerequisites) {
        if (!graph.has(b)) graph.set(b, []);
        graph.get(b).push(a);
        indegree.set(a, (indegree.get(a) || 0) + 1);
        if (!indegree.has(b)) indegree.set(b, 0);
    }
    const queue = [...indegree.keys()].filter((c) => indegree.get(c) === 0);
    const order = [];
    while (queue.length) {
        const u = queue.shift();
        order.push(u);
        for (const v of graph.get(u) || []) {
            indegree.set(v, indegree.get(v) - 1);
            if (indegree.get(v) === 0) queue.push(v);
        }
    }
    return order.length === indegree.size ? order : [];
};
