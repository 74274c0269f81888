// A function declaration, recursive DFS with a Map of colours; unshift builds the order from the front.
function findOrder(numCourses, prerequisites) {
    const adj = new Map();
    for (const [a, b] of prerequisites) {
        if (!adj.has(b)) adj.set(b, []);
        adj.get(b).push(a);
    }
    const colour = new Map();
    const post = [];
    const visit = (u) => {
        colour.set(u, 'grey');
        for (const v of adj.get(u) || []) {
            if (colour.get(v) === 'grey') return false;
            if (!colour.has(v) && !visit(v)) return false;
        }
        colour.set(u, 'black');
        post.push(u);
        return true;
    };
    for (let i = 0; i < numCourses; i++) {
        if (!colour.has(i) && !visit(i)) return [];
    }
    return post.reverse();
}
