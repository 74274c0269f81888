// Wrong answer: "visited" is set before the recursion and never told apart from "finished", so
// a back edge to a course still on the path looks like an edge to a finished one: no cycle is found.
function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const adj: number[][] = Array.from({ length: numCourses }, () => []);
    for (const [a, b] of prerequisites) adj[b].push(a);
    const visited: boolean[] = new Array(numCourses).fill(false);
    const post: number[] = [];
    const dfs = (u: number): void => {
        visited[u] = true;
        for (const v of adj[u]) if (!visited[v]) dfs(v);
        post.push(u);
    };
    for (let i = 0; i < numCourses; i++) if (!visited[i]) dfs(i);
    return post.reverse();
}
