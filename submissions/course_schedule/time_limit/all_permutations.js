// Time limit: tries the orders one by one until one respects every pair (n! of them).
var findOrder = function(numCourses, prerequisites) {
    const order = [];
    const used = new Array(numCourses).fill(false);
    const ok = () => {
        const pos = new Array(numCourses);
        order.forEach((c, i) => { pos[c] = i; });
        return prerequisites.every(([a, b]) => pos[b] < pos[a]);
    };
    const search = () => {
        if (order.length === numCourses) return ok();
        for (let c = 0; c < numCourses; c++) {
            if (used[c]) continue;
            used[c] = true; order.push(c);
            if (search()) return true;
            used[c] = false; order.pop();
        }
        return false;
    };
    return search() ? order : [];
};
