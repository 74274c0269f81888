// Runtime error: the lists of dependents are made only for courses that need something (TypeError).
var findOrder = function(numCourses, prerequisites) {
    const graph = {};
    const indegree = new Array(numCourses).fill(0);
    for (const [a, b] of prerequisites) {
        if (!graph[a]) graph[a] = [];
        graph[b].push(a);
        indegree[a]++;
    }
    const queue = [];
    for (let i = 0; i < numCourses; i++) if (indegree[i] === 0) queue.push(i);
    const order = [];
    while (queue.length) {
        const u = queue.shift();
        order.push(u);
        for (const v of graph[u] || []) if (--indegree[v] === 0) queue.push(v);
    }
    return order.length === numCourses ? order : [];
};
