// LeetCode's JavaScript globals, each used as its v6/4.x/1.x API and lodash 4 document it: a right board.
var updateBoard = function(board, click) {
    const copy = structuredClone(board);
    if (copy === board || copy[0] === board[0]) throw new Error('not a copy');
    const pq = new MinPriorityQueue((x) => x[0]);
    [[3, 'c'], [1, 'a'], [2, 'b']].forEach((x) => pq.enqueue(x));
    const max = new MaxPriorityQueue();
    [5, 9, 1].forEach((x) => max.enqueue(x));
    const custom = new PriorityQueue((a, b) => b - a);
    [4, 8].forEach((x) => custom.enqueue(x));
    const q = new Queue([1, 2]); q.enqueue(3);
    const d = new Deque([1]); d.pushFront(0); d.pushBack(2);
    const got = [pq.dequeue()[1], max.dequeue(), custom.dequeue(), q.dequeue(), q.size(), d.popFront(), d.popBack(), _.sum(_.range(5))].join(',');
    if (got !== 'a,9,8,1,2,0,2,10') throw new Error('libraries gave ' + got);
    const [r, c] = click;
    if (copy[r][c] === 'M') { copy[r][c] = 'X'; return copy; }
    const m = copy.length, n = copy[0].length;
    const todo = new Queue([[r, c]]);
    while (!todo.isEmpty()) {
        const [i, j] = todo.dequeue();
        if (copy[i][j] !== 'E') continue;
        let k = 0;
        for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++) if (copy[a]?.[b] === 'M') k++;
        copy[i][j] = k ? String(k) : 'B';
        if (!k) for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++)
            if (a >= 0 && b >= 0 && a < m && b < n && copy[a][b] === 'E') todo.enqueue([a, b]);
    }
    return copy;
};
