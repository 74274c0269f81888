// require() of the libraries LeetCode offers, and module.exports of the entry point, as in node's module scope.
const { MinPriorityQueue } = require('@datastructures-js/priority-queue');
const lodash = require('lodash');

function updateBoard(board, click) {
    const pq = new MinPriorityQueue();
    [3, 1, 2].forEach((x) => pq.enqueue(x));
    if (pq.dequeue() !== 1 || lodash.sum([1, 2]) !== 3) throw new Error('libraries');
    const [r, c] = click;
    if (board[r][c] === 'M') { board[r][c] = 'X'; return board; }
    const m = board.length, n = board[0].length;
    const todo = [[r, c]];
    while (todo.length) {
        const [i, j] = todo.pop();
        if (board[i][j] !== 'E') continue;
        let k = 0;
        for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++) if (board[a]?.[b] === 'M') k++;
        board[i][j] = k ? String(k) : 'B';
        if (!k) for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++)
            if (a >= 0 && b >= 0 && a < m && b < n && board[a][b] === 'E') todo.push([a, b]);
    }
    return board;
}

module.exports = { updateBoard };
