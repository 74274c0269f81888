// Runtime error: throws on a cycle instead of returning [] (an uncaught Error on the first cycle case).
function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const adj: number[][] = Array.from({ length: numCourses }, () => []);
    for (const [a, b] of prerequisites) adj[b].push(a);
    const state: number[] = new Array(numCourses).fill(0);
    const out: number[] = [];
    const visit = (u: number): void => {
        if (state[u] === 1) throw new Error(`cycle through course ${u}`);
        if (state[u] === 2) return;
        state[u] = 1;
        adj[u].forEach(visit);
        state[u] = 2;
        out.push(u);
    };
    for (let i = 0; i < numCourses; i++) visit(i);
    return out.reverse();
}
