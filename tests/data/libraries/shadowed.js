// A submission that declares `_` (a var, sloppy mode) and a class `Queue` of its own: its names win.
var _ = 0;
class Queue { constructor() { this.items = []; } push(x) { this.items.push(x); } shift() { return this.items.shift(); } get length() { return this.items.length; } }
function updateBoard(board, click) {
    _ += 1;
    const q = new Queue(); q.push(click);
    const [r, c] = q.shift();
    if (board[r][c] === 'M') { board[r][c] = 'X'; return board; }
    if (_ !== 1) throw new Error('_ is ' + _);
    const m = board.length, n = board[0].length;
    const seen = [[r, c]];
    while (seen.length) {
        const [i, j] = seen.pop();
        if (board[i][j] !== 'E') continue;
        let k = 0;
        for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++) if (board[a]?.[b] === 'M') k++;
        board[i][j] = k ? String(k) : 'B';
        if (!k) for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++)
            if (a >= 0 && b >= 0 && a < m && b < n && board[a][b] === 'E') seen.push([a, b]);
    }
    return board;
}
