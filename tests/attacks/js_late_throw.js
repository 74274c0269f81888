// Attack: code of one case that runs during later ones. A FinalizationRegistry's callback runs in the
// context of the case that registered it, whenever the object is collected: as a task of the worker's
// event loop, between or before later cases. It throws an error named "AC" whose message clears the
// screen, with the `code` node gives a worker out of memory. Expected: AC on every case; the late throws
// end nothing (they ended the worker during a later case, which was then RE "AC: ..." or MLE).
var solve = function(board, click) {
    const m = board.length, n = board[0].length;
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    const queue = [[r, c]];
    const seen = new Set([r * n + c]);
    for (let head = 0; head < queue.length; head++) {
        const [i, j] = queue[head];
        const next = [];
        let mines = 0;
        for (let di = -1; di <= 1; di++) {
            for (let dj = -1; dj <= 1; dj++) {
                const x = i + di, y = j + dj;
                if (x < 0 || x >= m || y < 0 || y >= n || (di === 0 && dj === 0)) continue;
                if (board[x][y] === 'M') mines++;
                else if (board[x][y] === 'E' && !seen.has(x * n + y)) next.push([x, y]);
            }
        }
        if (mines > 0) {
            board[i][j] = String(mines);
            continue;
        }
        board[i][j] = 'B';
        for (const [x, y] of next) {
            seen.add(x * n + y);
            queue.push([x, y]);
        }
    }
    return board;
};

var updateBoard = function(board, click) {
    const answer = solve(board, click);
    const registry = new FinalizationRegistry((held) => {
        const e = new Error('\x1b[2J\x1b[Hfrom an earlier case ' + held);
        e.name = 'AC';
        e.code = 'ERR_WORKER_OUT_OF_MEMORY';
        throw e;
    });
    for (let i = 0; i < 2000; i++) registry.register({ big: new Array(1000).fill(i) }, 'h' + i);
    globalThis.keep = registry;
    let churn = [];
    for (let i = 0; i < 200; i++) churn.push(new Array(20000).fill(i));
    churn = null;
    return answer;
};
