// TypeScript, typed as LeetCode's template; a stack instead of a queue gives yet another valid order.
function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const graph: number[][] = Array.from({ length: numCourses }, (): number[] => []);
    const indegree: number[] = new Array<number>(numCourses).fill(0);
    for (const [course, pre] of prerequisites) {
        graph[pre].push(course);
        indegree[course]++;
    }
    const stack: number[] = [];
    for (let i = 0; i < numCourses; i++) if (indegree[i] === 0) stack.push(i);
    const order: number[] = [];
    while (stack.length > 0) {
        const node: number = stack.pop()!;
        order.push(node);
        for (const next of graph[node]) {
            if (--indegree[next] === 0) stack.push(next);
        }
    }
    return order.length === numCourses ? order : [];
}
