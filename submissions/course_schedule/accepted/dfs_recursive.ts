// TypeScript recursive DFS with an enum-like colour array (2000 calls deep on the chain case).
function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const adj: number[][] = [];
    for (let i = 0; i < numCourses; i++) adj.push([]);
    for (const [a, b] of prerequisites) adj[b].push(a);
    const colour: Array<0 | 1 | 2> = new Array(numCourses).fill(0);
    const result: number[] = new Array(numCourses);
    let slot: number = numCourses - 1;
    const visit = (u: number): boolean => {
        colour[u] = 1;
        for (const v of adj[u]) {
            if (colour[v] === 1) return false;
            if (colour[v] === 0 && !visit(v)) return false;
        }
        colour[u] = 2;
        result[slot--] = u;
        return true;
    };
    for (let i = numCourses - 1; i >= 0; i--) {
        if (colour[i] === 0 && !visit(i)) return [];
    }
    return result;
}
